/** A form-level error (the server's answer that belongs to no field), announced at once. */
export function FormError({ text }: { text: string | null | undefined }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

/** A full-width submit button that is disabled and relabelled while its request runs. */
export function BlockSubmit({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
