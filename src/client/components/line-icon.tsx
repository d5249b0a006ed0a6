import type { ReactNode } from 'react';

/** A decorative line icon (24-unit grid, drawn in the text colour); the control around it carries the name. */
export function LineIcon({ size = 24, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={String(size)}
      height={String(size)}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}
