import { Link, Navigate, useParams } from 'react-router';
import { MSG } from '../../../shared/messages/member-flows';
import { DEPOSIT_CURRENCIES } from '../../../shared/networks';
import { PageHeading } from '../../components/back-button';
import { ChainDepositPage } from './chain-deposit-page';
import { XrpDepositPage } from './xrp-deposit-page';

const M = MSG.deposit;

/**
 * /assets/deposit/:currency — each currency's own deposit screen, never another currency's address:
 * USDT (also at /assets/deposit) and ETH to the member's own address (chain-deposit-page.tsx); XRP the
 * service address with the member's tag (xrp-deposit-page.tsx); KRW goes to the won deposit screen; a
 * currency the service takes no deposits of says so, and where members can deposit.
 */
export function CryptoDepositPage() {
  const { currency = 'USDT' } = useParams();
  const code = currency.toUpperCase();
  if (code === 'KRW') return <Navigate to="/assets/deposit-krw" replace />;
  if (code === 'XRP') return <XrpDepositPage />;
  if (code === 'USDT' || code === 'ETH') return <ChainDepositPage key={code} currency={code} />;
  return <NoDeposit currency={code} />;
}

function NoDeposit({ currency }: { currency: string }) {
  return (
    <section className="page" data-testid="no-deposit">
      <PageHeading title={M.otherTitle(currency)} backLabel={M.back} fallback={`/assets/${currency}`} />
      <p>{M.otherUnavailable(currency)}</p>
      <div className="form">
        {DEPOSIT_CURRENCIES.map((c) => (
          <Link
            key={c}
            className="btn btn-secondary btn-block"
            to={c === 'KRW' ? '/assets/deposit-krw' : `/assets/deposit/${c}`}
          >
            {M.otherGo(c === 'KRW' ? MSG.depositKrw.title : MSG.depositScreen.title(c))}
          </Link>
        ))}
      </div>
    </section>
  );
}
