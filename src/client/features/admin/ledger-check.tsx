import { useMutation } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages';
import type { LedgerReport } from '../../../shared/schemas/admin-views';
import { verifyLedger } from './api';
import { failureText, ResultMessage } from './result-message';

/** Runs the ledger check (every balance = the sum of its ledger entries, none below zero). */
export function LedgerCheck() {
  const check = useMutation({ mutationFn: verifyLedger });
  const report: LedgerReport | undefined = check.data;
  const problems = report ? report.mismatches.length + report.negativeBalances.length : 0;
  const text = check.isError
    ? failureText(MSG.admin.failed.ledger, check.error)
    : report
      ? report.ok
        ? MSG.admin.ledgerOk(report.checkedBalances)
        : MSG.admin.ledgerMismatch(problems)
      : null;
  return (
    <div className="adm-ledger">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={check.isPending}
        onClick={() => check.mutate()}
      >
        {check.isPending ? MSG.admin.ledgerChecking : MSG.admin.ledgerCheck}
      </button>
      <ResultMessage text={text} />
      {report && !report.ok ? (
        <ul className="adm-ledger-problems">
          {report.mismatches.map((m) => (
            <li key={`${m.member_id}-${m.currency}`}>
              <code>{m.member_id}</code> {m.currency}: {m.balance} ≠ {m.ledger_sum}
            </li>
          ))}
          {report.negativeBalances.map((m) => (
            <li key={`neg-${m.member_id}-${m.currency}`}>
              <code>{m.member_id}</code> {m.currency}: {m.balance}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
