import { type ReactNode, useState } from 'react';
import { MSG } from '../../../shared/messages';
import { ScrollRegion } from './kit';
import { failureText, ResultMessage } from './result-message';

/**
 * A paged list's filters and page: a change of filter (`set`, a partial update) goes back to page 1.
 */
export function usePagedFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const set = (patch: Partial<F>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  return { filters, page, setPage, set };
}

/** Previous / next with "page / pages"; nothing before the list has loaded or when it fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  label,
}: {
  page: number;
  total: number | undefined;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
}) {
  if (total === undefined) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label={label}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {MSG.admin.prev}
      </button>
      <span>{MSG.admin.pageOf(page, pages)}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {MSG.admin.next}
      </button>
    </nav>
  );
}

/**
 * A page of the desk's records: why it did not load, "none", or the caller's table of the page's items (in a
 * scrolled region labelled `scroll`, a tab's long list; otherwise in the section's table wrapper), then
 * the pager.
 */
export function PagedRecords<T>({
  query,
  failed,
  empty,
  scroll,
  pager,
  children,
}: {
  query: { data?: { items: T[]; total: number }; isError: boolean; error: unknown; isFetching: boolean };
  failed: string;
  empty: string;
  scroll?: string;
  pager: { page: number; pageSize: number; onPage: (page: number) => void; label: string };
  children: (items: T[]) => ReactNode;
}) {
  const data = query.data;
  const body =
    data && data.items.length === 0 ? (
      <p className="adm-empty">{empty}</p>
    ) : data ? (
      children(data.items)
    ) : null;
  return (
    <>
      {query.isError ? <ResultMessage text={failureText(failed, query.error)} /> : null}
      {scroll !== undefined ? (
        <ScrollRegion className="adm-scroll adm-scroll-70" busy={query.isFetching} label={scroll}>
          {body}
        </ScrollRegion>
      ) : data?.items.length ? (
        <div className="adm-table-wrap">{body}</div>
      ) : (
        body
      )}
      <Pager {...pager} total={data?.total} />
    </>
  );
}
