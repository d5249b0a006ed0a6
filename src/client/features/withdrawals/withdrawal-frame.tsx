import type { FormEventHandler, ReactNode } from 'react';
import { MoneyFormEnd } from '../../components/money-form-parts';
import { useSession } from '../../lib/session';
import { WithdrawTabs } from './withdraw-tabs';

/**
 * A withdrawal screen (crypto or KRW): the title and the tabs between the two, `top`, the available
 * balance, `rules`, then the form, which ends in the one-time code field (members enrolled in one-time
 * codes), the notices and the submit button.
 */
export function WithdrawalFrame({
  text,
  top,
  balanceLabel,
  balanceText,
  rules,
  onSubmit,
  canSubmit,
  busy,
  otpField,
  children,
}: {
  text: { title: string; noticeTitle: string; notices: readonly string[]; submit: string; busy: string };
  top?: ReactNode;
  balanceLabel: ReactNode;
  balanceText: string;
  rules?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  canSubmit: boolean;
  busy: boolean;
  otpField: ReactNode;
  children: ReactNode;
}) {
  const hasTotp = useSession().data?.user.has_totp === true;
  return (
    <section className="page">
      <h1 className="page-title">{text.title}</h1>
      <div className="form">
        <WithdrawTabs />
        {top}
        <div className="balance-card" aria-live="polite">
          <span className="balance-card-label">{balanceLabel}</span>
          <span className="balance-card-value" data-testid="available-balance">
            {balanceText}
          </span>
        </div>
        {rules}
        <form onSubmit={onSubmit} noValidate className="form">
          {children}
          <MoneyFormEnd
            text={text}
            disabled={!canSubmit || busy}
            busy={busy}
            otp={hasTotp ? otpField : null}
          />
        </form>
      </div>
    </section>
  );
}
