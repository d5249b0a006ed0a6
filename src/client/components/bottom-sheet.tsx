import { type ReactNode, useId } from 'react';
import { useModalWhileMounted } from '../lib/use-modal';
import './bottom-sheet.css';

/**
 * A bottom sheet on the native <dialog>: modal (focus kept inside, Esc closes, the page behind inert),
 * closed by its button (when it has a `closeLabel`; a sheet with buttons of its own has none), Esc or a
 * tap on the backdrop.
 */
export function BottomSheet({
  title,
  closeLabel,
  onClose,
  children,
  testId,
}: {
  title: string;
  closeLabel?: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useModalWhileMounted();
  const titleId = useId();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes the dialog natively; the click is the backdrop's.
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="sheet-body">
        <div className="sheet-head">
          <h2 id={titleId} className="sheet-title">
            {title}
          </h2>
          {closeLabel ? (
            <button type="button" className="btn-link sheet-close" onClick={onClose}>
              {closeLabel}
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
