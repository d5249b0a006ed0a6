import { MSG } from '../../shared/messages/member';

export function Spinner({ label = MSG.common.loading }: { label?: string }) {
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** SPEC: a loading overlay reading 'loading...' (in Korean). */
export function LoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{MSG.common.loading}</span>
    </div>
  );
}
