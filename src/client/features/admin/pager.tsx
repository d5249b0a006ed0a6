import { MSG } from '../../../shared/messages';

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
