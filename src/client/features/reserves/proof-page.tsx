import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import type { MemberProof, ProofCheck } from '../../../shared/merkle-sum';
import { RESERVE_PROOF_MESSAGES } from '../../../shared/messages/reserve-proof';
import { Fact } from '../../components/fact';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api';
import { useMyProof, usePublicReserves } from './use-reserves';
import { verifyInBrowser } from './verify';
import '../../components/money-ui.css';
import './reserves.css';

const R = RESERVE_PROOF_MESSAGES.reserveProof;
type Status = 'checking' | 'verified' | 'failed' | 'unsupported';

/** The root the public page publishes for the proof's check, checked against the proof in this browser. */
function useBrowserCheck(proof: MemberProof | undefined, publishedRoot: string | undefined): Status {
  const [status, setStatus] = useState<Status>('checking');
  useEffect(() => {
    if (!proof || publishedRoot === undefined) return;
    let live = true;
    setStatus('checking');
    verifyInBrowser(proof, publishedRoot)
      .then((check: ProofCheck | null) => {
        if (live) setStatus(check === null ? 'unsupported' : check.ok ? 'verified' : 'failed');
      })
      .catch(() => live && setStatus('failed'));
    return () => {
      live = false;
    };
  }, [proof, publishedRoot]);
  return status;
}

/** The proof as a file the member keeps and checks elsewhere (scripts/verify-proof.mjs). */
function download(proof: MemberProof) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `reserve-proof-${proof.batch}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * /mypage/reserves-proof (자산 증명): the member's balances in the newest check, their leaf and path, and
 * whether the path reaches the root the public page publishes, recomputed here with WebCrypto.
 */
export function ReserveProofPage() {
  const proof = useMyProof();
  const published = usePublicReserves();
  const root = published.data?.items.find((i) => i.batch === proof.data?.batch)?.root_hash;
  // A check the public page no longer lists (or a different root) fails: '' never equals a hash.
  const status = useBrowserCheck(proof.data, published.isSuccess ? (root ?? '') : undefined);
  const none = proof.error instanceof ApiError && proof.error.status === 404;
  return (
    <section className="page reserve-proof-page">
      <h1 className="page-title">{R.title}</h1>
      {proof.isPending ? (
        <Spinner />
      ) : none ? (
        <p>{R.none}</p>
      ) : proof.isError ? (
        <p role="alert">{R.loadFailed}</p>
      ) : (
        <ProofDetails proof={proof.data} status={status} />
      )}
      <p>
        <Link to="/reserves">{R.publicLink}</Link>
      </p>
    </section>
  );
}

function ProofDetails({ proof, status }: { proof: MemberProof; status: Status }) {
  return (
    <>
      <p
        className={`reserve-proof-status is-${status}`}
        data-testid="proof-status"
        role={status === 'failed' ? 'alert' : 'status'}
      >
        {R[status]}
      </p>
      <p className="field-hint">{R.explain}</p>
      <dl className="facts">
        <Fact label={R.takenAt}>{formatDateTime(proof.taken_at)}</Fact>
        <Fact label={R.myBalances} testId="proof-balances">
          {proof.currencies.map((c) => (
            <span key={c} className="reserve-proof-amount">
              {proof.balances[c]} {c}
            </span>
          ))}
        </Fact>
        <Fact label={R.commitment} className="reserve-proof-hash">
          {proof.commitment}
        </Fact>
        <Fact label={R.leaf} className="reserve-proof-hash">
          {proof.leaf_hash}
        </Fact>
        <Fact label={R.root} className="reserve-proof-hash" testId="proof-root">
          {proof.root.hash}
        </Fact>
        <Fact label={R.totals}>
          {proof.currencies.map((c) => (
            <span key={c} className="reserve-proof-amount">
              {proof.root.totals[c]} {c}
            </span>
          ))}
        </Fact>
      </dl>
      <details className="reserve-proof-path">
        <summary>{R.path(proof.path.length)}</summary>
        <ol>
          {proof.path.map((step) => (
            <li key={step.hash}>
              {step.side === 'left' ? R.left : R.right}{' '}
              <span className="reserve-proof-hash">{step.hash}</span>
            </li>
          ))}
        </ol>
      </details>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => download(proof)}>
        {R.download}
      </button>
    </>
  );
}
