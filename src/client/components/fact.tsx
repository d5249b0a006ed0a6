import type { ReactNode } from 'react';

/** One row of a label–value list (`<dl className="facts">` and the like): the label, then the value. */
export function Fact({
  label,
  className,
  testId,
  children,
}: {
  label: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
