import type { ReactNode } from 'react';
import { TitledSection } from '../../components/titled-section';

/** One card of my page: its title (the card's accessible name), an optional badge beside it, its body. */
export function ProfileCard({
  title,
  badge,
  children,
}: {
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <TitledSection
      title={title}
      beside={badge}
      className="profile-card"
      headClassName="profile-card-head"
      titleClassName="profile-card-title"
    >
      {children}
    </TitledSection>
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
