import { MSG } from '../../../shared/messages/member-flows';
import { NETWORK_LABELS } from '../../../shared/networks';
import { AddressPage, ClaimForm } from './address-page';
import { ClaimFold, CopyRow, DepositFacts, DepositQr } from './deposit-parts';
import { useXrpDepositAddress } from './use-deposits';

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
  const view = q.data;
  const ready = view?.connected && view.address && view.destination_tag ? view : null;
  return (
    <AddressPage
      query={q}
      currency="XRP"
      title={X.title}
      offText={S.notConnected('XRP', NETWORK_LABELS.XRPL)}
      ready={ready !== null}
      box={(placeholder) => (
        <>
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
        </>
      )}
      claim={(onClaimed) => (
        // A payment sent with the tag needs no claim: folded away, offered while the ledger can check it.
        <ClaimFold title={X.claimTitle} lead={X.claimLead} intro={X.claimIntro}>
          <ClaimForm text={X} network="XRPL" onDone={onClaimed} />
        </ClaimFold>
      )}
    />
  );
}
