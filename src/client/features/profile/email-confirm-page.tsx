import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import { fillMessage } from '../../../shared/messages/profile';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useConfirmEmailChange } from './use-profile';
import './profile.css';

const E = MSG.emailConfirm;

/**
 * /mypage/email-confirm?token=…: the link of the confirmation mail. It works for a logged-in or a
 * logged-out visitor (the token is the authority) and asks for one click, so that a mail scanner
 * fetching the link does not spend it.
 */
export function EmailConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmailChange();
  const { data: session } = useSession();
  const loggedIn = session?.stage === 'full';

  const next = loggedIn ? (
    <Link to="/mypage" className="btn btn-secondary btn-block">
      {E.toMypage}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-secondary btn-block">
      {E.toLogin}
    </Link>
  );

  let body: ReactNode;
  if (!token) {
    body = (
      <p className="form-error" role="alert">
        {E.missingToken}
      </p>
    );
  } else if (confirm.isSuccess) {
    body = (
      <p className="text-success" role="status">
        {fillMessage(E.success, { email: confirm.data.email })}
      </p>
    );
  } else {
    body = (
      <>
        <p className="muted">{E.description}</p>
        {confirm.isError ? (
          <p className="form-error" role="alert">
            {confirm.error instanceof ApiError && confirm.error.status > 0 && confirm.error.status < 500
              ? confirm.error.message
              : MSG.common.unexpected}
          </p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate(token)}
        >
          {confirm.isPending ? E.busy : E.submit}
        </button>
      </>
    );
  }

  return (
    <section className="page profile-page">
      <h1 className="page-title">{E.title}</h1>
      <div className="profile-card">{body}</div>
      {next}
    </section>
  );
}
