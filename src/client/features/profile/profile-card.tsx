import type { ReactNode } from 'react';

/** One card of my page: its title (the card's accessible name), an optional badge beside it, its body. */
export function ProfileCard({
  id,
  title,
  badge,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="profile-card" aria-labelledby={id}>
      <div className="profile-card-head">
        <h2 id={id} className="profile-card-title">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}

/** A read-only row of a card's list: label and value. */
export function ProfileRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>
        <span className="profile-value">{value}</span>
      </dd>
    </div>
  );
}
