import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { preloadScreenAt } from '../../app/preload';
import { BlockSubmit, FormError } from '../../components/form-end';

/**
 * The frame of the sign-in screens (login, registration, second step): the title, an optional line under
 * it, the form ending in its error line and submit button, and the link to the neighbouring screen.
 *
 * The link starts downloading its screen when the member shows the intent to follow it (pointer over it,
 * a touch, keyboard focus). React Router navigates in a transition and keeps this screen on the page until
 * the next one's code is here: without the head start, on a slow network the member could type into this
 * form at the new address, and the sign-up test flaked on exactly that.
 */
export function AuthForm({
  text,
  description,
  onSubmit,
  formError,
  busy,
  link,
  help,
  children,
}: {
  text: { title: string; submit: string; busy: string };
  description?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  busy: boolean;
  link: { to: string; label: string };
  /** A second link under the first: where to recover a forgotten secret. */
  help?: { to: string; label: string };
  children: ReactNode;
}) {
  const preload = () => preloadScreenAt(link.to);
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
        <Link to={link.to} onPointerEnter={preload} onTouchStart={preload} onFocus={preload}>
          {link.label}
        </Link>
      </p>
      {help ? (
        <p className="auth-switch">
          <Link to={help.to}>{help.label}</Link>
        </p>
      ) : null}
    </section>
  );
}
