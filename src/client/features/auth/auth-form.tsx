import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { BlockSubmit, FormError } from '../../components/form-end';

/**
 * The frame of the sign-in screens (login, registration, second step): the title, an optional line under
 * it, the form ending in its error line and submit button, and the link to the neighbouring screen.
 */
export function AuthForm({
  text,
  description,
  onSubmit,
  formError,
  busy,
  link,
  children,
}: {
  text: { title: string; submit: string; busy: string };
  description?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  busy: boolean;
  link: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="page auth-page">
      <h1 className="page-title">{text.title}</h1>
      {description ? <p className="muted">{description}</p> : null}
      <form className="form" noValidate onSubmit={onSubmit}>
        {children}
        <FormError text={formError} />
        <BlockSubmit busy={busy} label={text.submit} busyLabel={text.busy} />
      </form>
      <p className="auth-switch">
        <Link to={link.to}>{link.label}</Link>
      </p>
    </section>
  );
}
