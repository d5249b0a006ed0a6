import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { AdjustmentForm } from './adjustment-form';
import { exact } from './format';
import { AdmTable } from './kit';
import { Section } from './section';

const S = MSG.admin.assets;

/**
 * SPEC §2 "asset management": every balance with its locked, held and available parts, and the one way
 * to change a balance: a +/− adjustment with its reason (a total is never typed over).
 */
export function AssetsSection({ detail }: { detail: MemberDetail }) {
  return (
    <Section title={S.title}>
      <div className="adm-table-wrap">
        <AdmTable columns={[S.currency, S.total, S.locked, S.held, S.available]}>
          {detail.balances.map((b) => (
            <tr key={b.currency}>
              <th scope="row">{b.currency}</th>
              <td className="num">{exact(b.total)}</td>
              <td className="num">{exact(b.locked)}</td>
              <td className="num">{exact(b.held)}</td>
              <td className="num">{exact(b.available)}</td>
            </tr>
          ))}
        </AdmTable>
      </div>
      <AdjustmentForm key={detail.member.id} detail={detail} />
    </Section>
  );
}
