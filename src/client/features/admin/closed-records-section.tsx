import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { exact } from './format';
import { AdmTable } from './kit';
import { LOCK_COLUMNS } from './locks-section';
import { Section } from './section';

const I = MSG.admin.info;
const AS = MSG.admin.assets;
const LK = MSG.admin.locks;

/**
 * What a closed account keeps, shown without a single control: balances (all zero, closing requires it),
 * the masked bank account and the locks. Its requests are listed by the requests section below.
 */
export function ClosedRecordsSection({ detail }: { detail: MemberDetail }) {
  const bank = detail.bank_account;
  return (
    <Section title={I.closedRecords}>
      <AdmTable columns={[AS.currency, AS.total, AS.locked]}>
        {detail.balances.map((b) => (
          <tr key={b.currency}>
            <th scope="row">{b.currency}</th>
            <td className="num">{exact(b.total)}</td>
            <td className="num">{exact(b.locked)}</td>
          </tr>
        ))}
      </AdmTable>
      <dl className="adm-facts">
        <dt>{I.closedBank}</dt>
        <dd>
          {bank
            ? `${bank.bank_name} ${bank.account_number} (${bank.account_holder})`
            : MSG.admin.noBankAccount}
        </dd>
      </dl>
      {detail.locks.length ? (
        <AdmTable columns={LOCK_COLUMNS}>
          {detail.locks.map((l) => (
            <tr key={l.id}>
              <td>{l.currency.toUpperCase()}</td>
              <td className="num">{exact(l.locked_amount)}</td>
              <td>{l.lock_start_date ?? LK.noStart}</td>
              <td>{l.lock_end_date ?? LK.noEnd}</td>
              <td className="adm-wrap">{l.reason ?? MSG.admin.none}</td>
            </tr>
          ))}
        </AdmTable>
      ) : (
        <p className="adm-muted">{LK.empty}</p>
      )}
    </Section>
  );
}
