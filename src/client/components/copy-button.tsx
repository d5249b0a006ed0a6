import { useState } from 'react';

/** Copies `text` to the clipboard and says so on the button for a moment (with a polite announcement). */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="btn btn-secondary" onClick={copy} data-testid="copy-button">
      <span aria-live="polite">{copied ? done : label}</span>
    </button>
  );
}
