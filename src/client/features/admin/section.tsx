import { type ReactNode, useId } from 'react';

/** One titled section of the detail panel. */
export function Section({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="adm-card" aria-labelledby={id}>
      <div className="adm-card-head">
        <h2 id={id} className="adm-card-title">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
