import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages';
import type { DepositView } from '../../../shared/schemas/admin-views';
import type { ChainCheckView, ChainStatusView } from '../../../shared/schemas/chain';
import { api } from '../../lib/api';
import { ADMIN_KEY } from './api';
import { exact } from './format';
import type { RowDialogProps } from './modal';
import { ReasonDialog } from './reason-dialog';

const C = MSG.chain;

/** The verdict as the operator reads it: 일치 (n 컨펌), 확인 대기 (n/m), 금액 불일치, … */
function verdictText(chain: ChainCheckView): string {
  const v = C.verdict;
  switch (chain.verdict) {
    case 'match':
      return v.match(chain.confirmations);
    case 'waiting':
      return v.waiting(chain.confirmations, chain.required_confirmations);
    default:
      return v[chain.verdict];
  }
}

/** A deposit whose approval needs the second confirmation and a reason (anything but a final 일치). */
export const needsOverride = (r: DepositView, checked: readonly string[]): boolean =>
  r.chain
    ? !(r.chain.verdict === 'match' && r.chain.final)
    : r.network !== null && checked.includes(r.network);

const tone = (c: ChainCheckView) =>
  c.verdict === 'match'
    ? 'is-ok'
    : c.verdict === 'waiting' || c.verdict === 'unchecked'
      ? 'is-wait'
      : 'is-bad';

/** The verdict line under a crypto deposit's details. */
export function ChainVerdict({ chain }: { chain: ChainCheckView }) {
  const amountDiffers = chain.verdict === 'amount_mismatch' && chain.chain_amount !== null;
  const elsewhere = chain.verdict === 'address_mismatch' && chain.chain_to !== null;
  return (
    <span className="adm-chain" data-verdict={chain.verdict}>
      <span className={`adm-badge ${tone(chain)}`}>{verdictText(chain)}</span>
      {chain.origin === 'scan' ? <span className="adm-badge">{C.foundOnChain}</span> : null}
      {amountDiffers ? (
        <span className="adm-chain-note">{C.chainAmount(exact(chain.chain_amount!))}</span>
      ) : null}
      {elsewhere ? (
        <span className="adm-chain-note">
          {C.chainTo('')}
          <code className="adm-code">{chain.chain_to}</code>
        </span>
      ) : null}
    </span>
  );
}

export const useChainStatus = () =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'chain-status'],
    queryFn: ({ signal }) =>
      api.get<ChainStatusView>('/admin/chain-status', { signal, schema: 'chainStatus' }),
    staleTime: 5 * 60_000,
  });

/** Which networks are checked on chain; when none is, deposits are checked by hand, with no verdict. */
export function ChainStatusNote({ status }: { status: ChainStatusView | undefined }) {
  if (!status) return null;
  const on = status.networks.filter((n) => n.enabled).map((n) => n.network);
  const off = status.networks.filter((n) => !n.enabled).map((n) => n.network);
  if (on.length === 0) {
    return (
      <p className="adm-chain-status is-off" role="status">
        {C.off}
      </p>
    );
  }
  return (
    <p className="adm-chain-status" role="status">
      {C.on(on.join(', '))}
      {off.length ? ` · ${C.partlyOff(off.join(', '))}` : ''}
      {status.auto_approve ? ` · ${C.autoApprove}` : ''}
    </p>
  );
}

/**
 * The second confirmation of an approval against the chain's verdict: the verdict again, a required
 * reason (recorded in the audit entry), and a distinct button.
 */
export function OverrideDialog({ row, busy, onConfirm, onCancel }: RowDialogProps<DepositView, string>) {
  const verdict = row?.chain ? verdictText(row.chain) : C.verdict.unchecked;
  return (
    <ReasonDialog
      open={row !== null}
      title={C.overrideTitle}
      body={C.overrideBody(verdict)}
      label={C.overrideReasonLabel}
      placeholder=""
      required={C.overrideReasonRequired}
      confirmLabel={C.overrideConfirm}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
