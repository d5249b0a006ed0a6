import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TitledSection } from '../../components/titled-section';
import { ChevronRightIcon } from './icons';

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

/** An entry of a card's menu: a link to its own screen, with a line below (`sub`) and a word before the chevron (`end`). */
export function ProfileMenuLink(props: { to: string; label: string; sub?: string | null; end?: string }) {
  return (
    <li>
      <Link to={props.to} className="profile-menu-item">
        <span>
          {props.label}
          {props.sub ? <span className="profile-menu-sub">{props.sub}</span> : null}
        </span>
        <span className="profile-menu-end">
          {props.end}
          <ChevronRightIcon />
        </span>
      </Link>
    </li>
  );
}
