import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatKrw } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { AdminLimitsView } from '../../../shared/schemas/withdrawal-rules';
import { Field } from '../../components/field';
import { api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const R = MSG.wrules;
const LIMIT = /^\d{1,15}$/;

/** A member's own daily withdrawal limits (empty: the configured default); every change is audited. */
export function WithdrawalLimitsSection({ detail }: { detail: MemberDetail }) {
  const path = `/admin/members/${detail.member.id}/withdrawal-limits`;
  const limits = useQuery({
    queryKey: [...ADMIN_KEY, 'withdrawal-limits', detail.member.id],
    queryFn: () => api.get<AdminLimitsView>(path, { schema: 'adminLimits' }),
  });
  const [crypto, setCrypto] = useState('');
  const [krw, setKrw] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (limits.data) {
      setCrypto(limits.data.crypto_krw ?? '');
      setKrw(limits.data.krw ?? '');
    }
  }, [limits.data]);
  const result = useResult();
  const save = useAdminMutation((body: { crypto_krw: string | null; krw: string | null }) =>
    api.put<AdminLimitsView>(path, body),
  );
  const submit = () => {
    const c = crypto.trim().replaceAll(',', '');
    const k = krw.trim().replaceAll(',', '');
    if ((c && !LIMIT.test(c)) || (k && !LIMIT.test(k))) {
      setError(R.adminLimitInvalid);
      return;
    }
    setError(null);
    save.mutate(
      { crypto_krw: c || null, krw: k || null },
      {
        onSuccess: () => result.set(R.adminLimitsSaved),
        onError: (err) => result.fail(R.adminLimitsTitle, err),
      },
    );
  };
  return (
    <Section title={R.adminLimitsTitle}>
      <div className="adm-form" data-testid="withdrawal-limits">
        <Field
          label={R.adminLimitCrypto}
          inputMode="numeric"
          placeholder={R.adminLimitPlaceholder}
          value={crypto}
          onChange={(e) => setCrypto(e.target.value)}
          hint={limits.data ? R.adminLimitDefault(formatKrw(limits.data.default_crypto_krw)) : undefined}
          error={error ?? undefined}
        />
        <Field
          label={R.adminLimitKrw}
          inputMode="numeric"
          placeholder={R.adminLimitPlaceholder}
          value={krw}
          onChange={(e) => setKrw(e.target.value)}
          hint={limits.data ? R.adminLimitDefault(formatKrw(limits.data.default_krw)) : undefined}
        />
        <button type="button" className="btn btn-primary" onClick={submit} disabled={save.isPending}>
          {R.adminLimitsSave}
        </button>
        <ResultMessage text={result.text} />
      </div>
    </Section>
  );
}
