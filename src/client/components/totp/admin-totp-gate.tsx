import { lazy, type ReactNode, Suspense } from 'react';
import { MSG } from '../../../shared/messages/member';
import { Spinner } from '../../components/spinner';
import { useTotpStatus } from './use-totp';

const O = MSG.otp;
const TotpEnrolment = lazy(() => import('./totp-enrolment'));

/**
 * The admin page with ADMIN_TOTP_REQUIRED (decision 0150): an administrator who has not enrolled sees the
 * enrolment screen first; every /api/admin operation answers 403 until then anyway.
 */
export function AdminTotpGate({ children }: { children: ReactNode }) {
  const status = useTotpStatus();
  if (status.isPending) return <Spinner />;
  if (!status.data?.required || status.data.enrolled) return <>{children}</>;
  return (
    <section className="totp-admin-gate" aria-labelledby="totp-admin-title">
      <h2 id="totp-admin-title">{O.adminEnrolTitle}</h2>
      <p className="form-error" role="alert">
        {O.adminEnrolIntro}
      </p>
      <Suspense fallback={<Spinner />}>
        <TotpEnrolment />
      </Suspense>
    </section>
  );
}
