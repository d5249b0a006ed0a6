import { type ReactNode, useId } from 'react';

/** One titled card of the administrator page (a region named by its title), with its actions together at the right of the title. */
export function Section({
  title,
  children,
  actions,
  className,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Classes besides adm-card. */
  className?: string;
}) {
  const id = useId();
  return (
    <section className={className ? `adm-card ${className}` : 'adm-card'} aria-labelledby={id}>
      <div className="adm-card-head">
        <h2 id={id} className="adm-card-title">
          {title}
        </h2>
        {actions ? <div className="adm-card-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
