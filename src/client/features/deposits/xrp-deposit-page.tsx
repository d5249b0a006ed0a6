import { useEffect, useState } from 'react';
import { ADDRESS_PLACEHOLDERS } from '../../../shared/constants';
import { formatAsset } from '../../../shared/format';
import { MSG } from '../../../shared/messages/member-flows';
import { NETWORK_LABELS } from '../../../shared/networks';
import { PageHeading } from '../../components/back-button';
import { toast } from '../../lib/toast';
import { DepositDone } from './deposit-done';
import { ContactAdmin, CopyRow, DepositFacts, DepositQr, HistoryLink, NotConnected } from './deposit-parts';
import { useXrpDepositAddress } from './use-deposits';
import { XrpClaimForm } from './xrp-claim-form';

const M = MSG.deposit;
const S = MSG.depositScreen;
const X = MSG.xrpDeposit;

/**
 * /assets/deposit/XRP — the service's one XRP address with the member's own destination tag (each to
 * copy, both in one QR code as XRPL wallets read it), the confirmations and the warnings, and below,
 * folded, the claim of a payment sent without the tag. Without a ledger connection the page says XRP
 * cannot be taken now, and offers neither the address nor the claim; without an address configured,
 * the member is sent to the administrator.
 */
export function XrpDepositPage() {
  const q = useXrpDepositAddress();
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (q.isError) toast.error(M.addressLoadFailed);
  }, [q.isError]);
  if (done) {
    return (
      <DepositDone
        title={S.done.claimTitle}
        body={S.done.claimBody}
        amount={formatAsset('XRP', done)}
        currency="XRP"
      />
    );
  }
  const view = q.data;
  const ready = view?.connected && view.address && view.destination_tag ? view : null;
  const placeholder = q.isPending
    ? ADDRESS_PLACEHOLDERS.preparing
    : q.isError
      ? ADDRESS_PLACEHOLDERS.error
      : ADDRESS_PLACEHOLDERS.contactAdmin;
  return (
    <section className="page">
      <PageHeading title={X.title} backLabel={M.back} fallback="/assets/XRP" />
      {view && !view.connected ? (
        <NotConnected text={S.notConnected('XRP', NETWORK_LABELS.XRPL)} />
      ) : (
        <div className="address-box">
          <CopyRow
            id="xrp-address"
            label={X.addressLabel}
            value={ready?.address ?? placeholder}
            rows={2}
            copyable={ready !== null}
            aria={X.copyAddressAria}
            done={X.copiedAddress}
          />
          {ready ? (
            <>
              <CopyRow
                id="xrp-tag"
                className="deposit-tag"
                label={X.tagLabel}
                value={ready.destination_tag!}
                rows={1}
                copyable
                aria={X.copyTagAria}
                done={X.copiedTag}
              />
              <p className="deposit-warning" role="note">
                {X.tagNote}
              </p>
              <DepositQr value={ready.qr_value!} label={X.qrLabel} />
              <DepositFacts
                currency="XRP"
                network={NETWORK_LABELS.XRPL}
                confirmations={ready.min_confirmations}
              />
            </>
          ) : null}
          {view && !ready ? <ContactAdmin url={view.chat_url} /> : null}
        </div>
      )}
      <HistoryLink currency="XRP" />
      {ready ? <XrpClaimForm onDone={setDone} /> : null}
    </section>
  );
}
