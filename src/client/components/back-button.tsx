import { useNavigate } from 'react-router';
import { LineIcon } from './line-icon';
import './money-ui.css';

/** "Back" goes one page back, or to a fallback when the page was opened directly. */
function BackButton({ label, fallback = '/main' }: { label: string; fallback?: string }) {
  const navigate = useNavigate();
  const onClick = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  };
  return (
    <button type="button" className="back-button" onClick={onClick} aria-label={label}>
      <LineIcon size={22}>
        <path d="M15 18l-6-6 6-6" />
      </LineIcon>
    </button>
  );
}

/** A page title with the back button in front of it. */
export function PageHeading({
  title,
  backLabel,
  fallback,
}: {
  title: string;
  backLabel: string;
  fallback?: string;
}) {
  return (
    <div className="page-heading">
      <BackButton label={backLabel} fallback={fallback} />
      <h1 className="page-title">{title}</h1>
    </div>
  );
}
