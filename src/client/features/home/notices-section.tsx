import { useId, useState } from 'react';
import { HOME_NOTICES_PREVIEW } from '../../../shared/constants';
import { formatDate } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member';
import { useNotices } from './use-notices';

const H = MSG.home;

const dateText = (iso: string) => formatDate(iso);

/** The notices section: published notices, newest first; a notice opens in place when tapped. */
export function NoticesSection() {
  const notices = useNotices();
  const [open, setOpen] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  const baseId = useId();
  const items = notices.data?.items ?? [];
  const shown = all ? items : items.slice(0, HOME_NOTICES_PREVIEW);

  return (
    <section className="home-section" aria-labelledby={`${baseId}-title`}>
      <h2 id={`${baseId}-title`} className="section-title">
        {H.noticesTitle}
      </h2>
      {notices.isError ? <p className="muted">{H.noticesLoadFailed}</p> : null}
      {/* While loading, the empty message's line is kept free: the token list below does not jump when the
          answer arrives (Lighthouse's layout shift on /main). */}
      {notices.isPending ? (
        <p className="muted notice-empty notice-pending" aria-hidden="true">
          {'\u00a0'}
        </p>
      ) : null}
      {notices.isSuccess && items.length === 0 ? <p className="muted notice-empty">{H.noNotices}</p> : null}
      {items.length ? (
        <ul className="notice-list">
          {shown.map((n) => {
            const expanded = open === n.id;
            const panelId = `${baseId}-${n.id}`;
            return (
              <li key={n.id} className="notice-item">
                <button
                  type="button"
                  className="notice-head"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : n.id)}
                >
                  <span className="notice-title">{n.title}</span>
                  <span className="notice-date">{dateText(n.created_at)}</span>
                </button>
                {expanded ? (
                  <div id={panelId} className="notice-body">
                    {n.body || H.noticeEmptyBody}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {items.length > HOME_NOTICES_PREVIEW ? (
        <button
          type="button"
          className="btn-link notice-more"
          aria-expanded={all}
          onClick={() => setAll(!all)}
        >
          {all ? H.noticesLess : `${H.noticesMore} (${items.length - HOME_NOTICES_PREVIEW})`}
        </button>
      ) : null}
    </section>
  );
}
