import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { ADDRESS_PLACEHOLDERS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member-flows';
import type { DepositNetwork } from '../../../shared/networks';
import { toast } from '../../lib/toast';
import { useDepositAddress } from './use-deposits';

const M = MSG.deposit;

export type AddressState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'none'; chatUrl: string }
  | { kind: 'ready'; address: string; network: string | null };

/** The address state of the deposit screen: an address, or one of SPEC's placeholders. */
export function useAddressState(network: DepositNetwork): AddressState {
  const q = useDepositAddress(network);
  useEffect(() => {
    if (q.isError) toast.error(M.addressLoadFailed);
  }, [q.isError]);
  if (q.isPending) return { kind: 'loading' };
  if (q.isError) return { kind: 'error' };
  if (!q.data.address) return { kind: 'none', chatUrl: q.data.chat_url };
  return { kind: 'ready', address: q.data.address, network: q.data.network };
}

const shownText = (s: AddressState) =>
  s.kind === 'ready'
    ? s.address
    : s.kind === 'loading'
      ? ADDRESS_PLACEHOLDERS.preparing
      : s.kind === 'error'
        ? ADDRESS_PLACEHOLDERS.error
        : ADDRESS_PLACEHOLDERS.contactAdmin;

/**
 * The read-only deposit address with its copy button and QR code. Copy is disabled for the
 * placeholders ('preparing…', 'error occurred') and hidden for 'contact the admin', which shows a
 * button opening the administrator chat in a new tab instead.
 */
export function DepositAddressBox({ state }: { state: AddressState }) {
  const text = shownText(state);
  const copy = async () => {
    if (state.kind !== 'ready') return;
    try {
      await navigator.clipboard.writeText(state.address);
      toast.success(M.copied);
    } catch {
      toast.error(M.copyFailed);
    }
  };
  return (
    <div className="address-box">
      <div className="field">
        <label htmlFor="deposit-address">{M.addressLabel}</label>
        <div className="field-row">
          <textarea id="deposit-address" value={text} readOnly rows={2} spellCheck={false} />
          {state.kind === 'none' ? null : (
            <button
              type="button"
              className="btn btn-secondary btn-copy"
              onClick={copy}
              disabled={state.kind !== 'ready'}
              aria-label={M.copyAria}
            >
              {M.copy}
            </button>
          )}
        </div>
        {state.kind === 'ready' && state.network ? (
          <p className="field-hint">{M.networkNote(state.network)}</p>
        ) : null}
      </div>
      {state.kind === 'ready' ? (
        <div className="qr">
          {/* The SVG itself is the image (role="img"); its <title> is its name. */}
          <QRCodeSVG value={state.address} size={168} marginSize={1} title={M.qrLabel} />
        </div>
      ) : null}
      {state.kind === 'none' ? (
        <a
          className="btn btn-secondary btn-block"
          href={state.chatUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {M.contactAdminButton}
        </a>
      ) : null}
    </div>
  );
}
