import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { ADDRESS_PLACEHOLDERS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member-flows';
import { PageHeading } from '../../components/back-button';
import { toast } from '../../lib/toast';
import { useXrpDepositAddress } from './use-deposits';
import { XrpClaimForm } from './xrp-claim-form';
import './xrp-deposit.css';

const M = MSG.deposit;
const X = MSG.xrpDeposit;

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(M.copyFailed);
  }
}

/** A read-only value with its copy button (disabled until there is a value to copy). */
function CopyRow(props: {
  id: string;
  label: string;
  value: string;
  rows: number;
  copyable: boolean;
  aria: string;
  done: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="field-row">
        <textarea id={props.id} value={props.value} readOnly rows={props.rows} spellCheck={false} />
        <button
          type="button"
          className="btn btn-secondary btn-copy"
          onClick={() => void copy(props.value, props.done)}
          disabled={!props.copyable}
          aria-label={props.aria}
        >
          {M.copy}
        </button>
      </div>
    </div>
  );
}

/**
 * /assets/deposit/XRP — the service's one XRP address with the member's own destination tag (each to
 * copy, both in one QR code as XRPL wallets read it), and below, folded, the claim of a payment sent
 * without the tag. Without an address configured, the member is sent to the administrator.
 */
export function XrpDepositPage() {
  useEffect(() => window.scrollTo(0, 0), []);
  const q = useXrpDepositAddress();
  useEffect(() => {
    if (q.isError) toast.error(M.addressLoadFailed);
  }, [q.isError]);
  const ready = q.data?.address && q.data.destination_tag ? q.data : null;
  const none = q.data && !ready ? q.data.chat_url : null;
  const placeholder = q.isPending
    ? ADDRESS_PLACEHOLDERS.preparing
    : q.isError
      ? ADDRESS_PLACEHOLDERS.error
      : ADDRESS_PLACEHOLDERS.contactAdmin;
  return (
    <section className="page">
      <PageHeading title={X.title} backLabel={M.back} fallback="/assets/XRP" />
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
              label={X.tagLabel}
              value={ready.destination_tag!}
              rows={1}
              copyable
              aria={X.copyTagAria}
              done={X.copiedTag}
            />
            <p className="xrp-tag-note">{X.tagNote}</p>
            <div className="qr">
              <QRCodeSVG value={ready.qr_value!} size={168} marginSize={1} title={X.qrLabel} />
            </div>
          </>
        ) : null}
        {none ? (
          <a className="btn btn-secondary btn-block" href={none} target="_blank" rel="noopener noreferrer">
            {M.contactAdminButton}
          </a>
        ) : null}
      </div>
      {ready ? <XrpClaimForm /> : null}
    </section>
  );
}
