import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MSG } from '../../shared/messages/member-flows';
import type { WonAccountsView, WonAccountView } from '../../shared/schemas/deposits';
import { api } from '../lib/api';
import { toast } from '../lib/toast';
import { Fact } from './fact';
import './won-accounts.css';

const O = MSG.wonAccounts;

/** GET /api/won-accounts: the service's receiving account and the member's verified own account. */
export function useWonAccounts() {
  return useQuery({
    queryKey: ['won-accounts'],
    queryFn: () => api.get<WonAccountsView>('/won-accounts', { schema: 'wonAccounts' }),
    staleTime: 60_000,
  });
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(O.copied);
  } catch {
    toast.error(O.copyFailed);
  }
}

/** A won account as a read-only card (bank, number, holder), with copy buttons where the member needs them. */
export function WonAccountCard(props: {
  title: string;
  account: WonAccountView;
  copyable?: boolean;
  testId: string;
  help?: string;
}) {
  const a = props.account;
  return (
    <section className="won-card" aria-label={props.title} data-testid={props.testId}>
      <h2>{props.title}</h2>
      {props.help ? <p className="field-hint">{props.help}</p> : null}
      <dl className="facts">
        <Fact label={O.bank}>{a.bank_name}</Fact>
        <Fact label={O.accountNumber} className="won-number">
          {a.account_number}
          {props.copyable ? (
            <button
              type="button"
              className="btn btn-secondary"
              aria-label={O.copyNumber}
              onClick={() => void copy(a.account_number)}
            >
              {O.copy}
            </button>
          ) : null}
        </Fact>
        <Fact label={O.holder}>{a.account_holder}</Fact>
      </dl>
      {props.copyable ? (
        <button
          type="button"
          className="btn btn-secondary btn-block won-copy"
          onClick={() => void copy(`${a.bank_name} ${a.account_number}`)}
        >
          {O.copyAll}
        </button>
      ) : null}
    </section>
  );
}

/** Without a verified own-name account: how to register one (my page's bank-account form). */
export function NoOwnAccount({ status }: { status: WonAccountsView['own_status'] }) {
  return (
    <section className="won-card" data-testid="no-own-account">
      <h2>{O.registerTitle}</h2>
      {status === 'unverified' ? (
        <p>{O.unverifiedNote}</p>
      ) : (
        <ol className="won-steps">
          {O.registerSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      )}
      <Link className="btn btn-primary btn-block" to="/mypage">
        {O.openMyPage}
      </Link>
    </section>
  );
}
