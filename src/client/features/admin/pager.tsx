import { useState } from 'react';
import { MSG } from '../../../shared/messages';

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
