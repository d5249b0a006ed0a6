import { exchangeName } from '../../../shared/exchanges';
import { formatTxidRef } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { NETWORK_LABELS, type NetworkCode } from '../../../shared/networks';
import type { DepositView, WithdrawalView } from '../../../shared/schemas/admin-views';
import { ChainVerdict } from './chain-verdict';

const R = MSG.admin.requests;

/** One deposit or withdrawal request as the administrator's requests table lists it. */
export type Row = DepositView | WithdrawalView;

export const isWithdrawal = (r: Row): r is WithdrawalView => 'method' in r;

/** An explorer link opening in a new tab (the explorers are public sites; no referrer is sent). */
function ExplorerLink({ href, label, text }: { href: string | null; label: string; text: string }) {
  if (!href) return <code className="adm-code">{text}</code>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" title={label} aria-label={`${label}: ${text}`}>
      <code className="adm-code">{text}</code>
    </a>
  );
}

/** `chain`: the deposit's chain verdict under it (the queue's drawer shows the verdict on a line of its own). */
export function Details({ r, chain = true }: { r: Row; chain?: boolean }) {
  if (isWithdrawal(r)) {
    const parts: string[] = [R.methods[r.method]];
    if (r.method === 'bank')
      parts.push(`${r.bank_name ?? ''} ${r.account_number ?? ''} (${r.account_holder ?? ''})`);
    if (r.method === 'internal') parts.push(`${R.recipient}: ${r.recipient_id ?? ''}`);
    if (r.memo) parts.push(`${R.memo}: ${r.memo}`);
    if (r.method !== 'external') return <>{parts.join(' · ')}</>;
    return (
      <>
        {parts.join(' · ')} · {R.network}:{' '}
        <span className="adm-badge">{NETWORK_LABELS[r.network as NetworkCode] ?? r.network}</span>
        {r.network_allowed === false ? <strong className="adm-warn"> {R.unsupportedPair}</strong> : null}
        <br />
        {R.address}:{' '}
        <ExplorerLink href={r.address_url} label={R.explorerAddress} text={r.recipient_address ?? ''} />
        {r.network === 'XRPL' ? (
          <>
            {' '}
            · {R.destinationTag}: {r.destination_tag ?? R.noTag}
          </>
        ) : null}
        {r.travel_rule_name ? (
          <>
            <br />
            <strong data-testid="travel-rule-admin">
              {MSG.wrules.adminTravelRule(
                r.travel_rule_name,
                r.travel_rule_exchange === 'personal'
                  ? MSG.wrules.adminTravelPersonal
                  : exchangeName(r.travel_rule_exchange),
              )}
            </strong>
          </>
        ) : null}
      </>
    );
  }
  if (r.currency === 'KRW') {
    return (
      <>{`${r.bank_name ?? ''} ${r.account_number ?? ''} (${r.account_holder ?? ''}) · ${R.depositor}: ${r.depositor_name ?? ''}`}</>
    );
  }
  return (
    <>
      {R.network}: <span className="adm-badge">{r.network ?? '-'}</span> · {R.txid}:{' '}
      <ExplorerLink
        href={r.tx_url}
        label={R.explorerTx}
        text={formatTxidRef(r.txid ?? '', r.transfer_index)}
      />
      <br />
      {R.address}:{' '}
      <ExplorerLink href={r.address_url} label={R.explorerAddress} text={r.deposit_address ?? ''} /> ·{' '}
      {R.sender}: <code className="adm-code">{r.sender_address ?? ''}</code>
      {chain && r.chain ? (
        <>
          <br />
          <ChainVerdict chain={r.chain} />
        </>
      ) : null}
    </>
  );
}
