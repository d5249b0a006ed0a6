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
/** The two limits, in the form's order: the body's key, the field's label, the configured default's key. */
const LIMITS = [
  ['crypto_krw', R.adminLimitCrypto, 'default_crypto_krw'],
  ['krw', R.adminLimitKrw, 'default_krw'],
] as const;
type LimitKey = (typeof LIMITS)[number][0];

/** A member's own daily withdrawal limits (empty: the configured default); every change is audited. */
export function WithdrawalLimitsSection({ detail }: { detail: MemberDetail }) {
  const path = `/admin/members/${detail.member.id}/withdrawal-limits`;
  const limits = useQuery({
    queryKey: [...ADMIN_KEY, 'withdrawal-limits', detail.member.id],
    queryFn: () => api.get<AdminLimitsView>(path, { schema: 'adminLimits' }),
  });
  const [values, setValues] = useState<Record<LimitKey, string>>({ crypto_krw: '', krw: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (limits.data) setValues({ crypto_krw: limits.data.crypto_krw ?? '', krw: limits.data.krw ?? '' });
  }, [limits.data]);
  const result = useResult();
  const save = useAdminMutation((body: Record<LimitKey, string | null>) =>
    api.put<AdminLimitsView>(path, body),
  );
  const submit = () => {
    const cleaned = LIMITS.map(([key]) => [key, values[key].trim().replaceAll(',', '')] as const);
    if (cleaned.some(([, v]) => v && !LIMIT.test(v))) {
      setError(R.adminLimitInvalid);
      return;
    }
    setError(null);
    save.mutate(
      Object.fromEntries(cleaned.map(([key, v]) => [key, v || null])) as Record<LimitKey, string | null>,
      {
        onSuccess: () => result.set(R.adminLimitsSaved),
        onError: (err) => result.fail(R.adminLimitsTitle, err),
      },
    );
  };
  return (
    <Section title={R.adminLimitsTitle}>
      <div className="adm-form" data-testid="withdrawal-limits">
        {LIMITS.map(([key, label, defaultKey], i) => (
          <Field
            key={key}
            label={label}
            inputMode="numeric"
            placeholder={R.adminLimitPlaceholder}
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            hint={limits.data ? R.adminLimitDefault(formatKrw(limits.data[defaultKey])) : undefined}
            // The one error line stands under the first field.
            error={i === 0 ? (error ?? undefined) : undefined}
          />
        ))}
        <button type="button" className="btn btn-primary" onClick={submit} disabled={save.isPending}>
          {R.adminLimitsSave}
        </button>
        <ResultMessage text={result.text} />
      </div>
    </Section>
  );
}
