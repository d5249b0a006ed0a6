import { type ReactNode, useId } from 'react';

/**
 * A region of a member screen named by its own heading (`aria-labelledby`), with whatever stands beside
 * the heading (a badge, period tabs) in a head row when there is any.
 */
export function TitledSection({
  title,
  beside,
  children,
  className,
  headClassName,
  titleClassName = 'section-title',
  testId,
}: {
  title: string;
  beside?: ReactNode;
  children: ReactNode;
  className?: string;
  /** The head row's class, when `beside` is given. */
  headClassName?: string;
  titleClassName?: string;
  testId?: string;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className={titleClassName}>
      {title}
    </h2>
  );
  return (
    <section className={className} aria-labelledby={id} data-testid={testId}>
      {beside === undefined ? (
        heading
      ) : (
        <div className={headClassName}>
          {heading}
          {beside}
        </div>
      )}
      {children}
    </section>
  );
}
