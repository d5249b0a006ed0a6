import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages/member-flows';
import { Fact } from '../../components/fact';
import { toast } from '../../lib/toast';
import './deposits.css';

const M = MSG.deposit;
const S = MSG.depositScreen;

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(M.copyFailed);
  }
}

/** A read-only value (an address, a tag, or one of SPEC's placeholders) with its copy button. */
export function CopyRow(props: {
  id: string;
  label: string;
  value: string;
  rows: number;
  /** False: a placeholder stands in the field and the button is disabled. */
  copyable: boolean;
  aria: string;
  done: string;
  className?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <div className="field-row">
        <textarea
          id={props.id}
          className={props.className}
          value={props.value}
          readOnly
          rows={props.rows}
          spellCheck={false}
        />
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

/** The QR code of what a wallet scans (the SVG is the image; its <title> is its name). */
export const DepositQr = ({ value, label }: { value: string; label: string }) => (
  <div className="qr">
    <QRCodeSVG value={value} size={168} marginSize={1} title={label} />
  </div>
);

/**
 * What the member reads before sending (Upbit): the minimum, the confirmations the server waits for, that
 * another network loses the coin, and that the deposit then appears in 내역 by itself.
 */
export function DepositFacts(props: { currency: string; network: string; confirmations: number }) {
  return (
    <>
      <dl className="facts" aria-label={S.factsLabel}>
        <Fact label={S.minimumLabel}>{S.minimumNone}</Fact>
        <Fact label={S.confirmationsLabel}>{S.confirmations(props.confirmations)}</Fact>
      </dl>
      <p className="deposit-warning" role="note">
        {S.wrongNetwork(props.currency, props.network)}
      </p>
      <p className="deposit-note">{S.arrives}</p>
    </>
  );
}

/** A network whose chain the server does not read: one sentence, nothing to send to or fill in. */
export const NotConnected = ({ text }: { text: string }) => (
  <p className="deposit-off" data-testid="deposit-off">
    {text}
  </p>
);

/** No address assigned yet: the administrator chat, in a new tab. */
export const ContactAdmin = ({ url }: { url: string }) => (
  <a className="btn btn-secondary btn-block" href={url} target="_blank" rel="noopener noreferrer">
    {M.contactAdminButton}
  </a>
);

/** The way to the deposits of `currency` in 내역, where a deposit appears by itself. */
export const HistoryLink = ({ currency }: { currency: string }) => (
  <Link className="btn btn-secondary btn-block deposit-history" to={`/assets/history?asset=${currency}`}>
    {S.history}
  </Link>
);

/** The fallback for what the scan cannot see, folded away: a deposit sent as asked needs no claim. */
export function ClaimFold(props: {
  title: string;
  lead: string;
  intro: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className="deposit-fold" data-testid={props.testId ?? 'deposit-claim'}>
      <summary>
        <strong>{props.title}</strong>
        <span>{props.lead}</span>
      </summary>
      <p className="deposit-fold-intro">{props.intro}</p>
      {props.children}
    </details>
  );
}
