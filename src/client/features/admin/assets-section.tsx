import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { BalanceCurrency } from '../../../shared/constants';
import { D } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages';
import {
  BALANCE_KEYS,
  type BalancesForm,
  balancesFormSchema,
  keyOf,
  type SetBalancesBody,
} from '../../../shared/schemas/admin';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { z } from '../../../shared/zod';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { exact } from './format';
import { AdmTable, BusyButton } from './kit';
import { doneOrProposed } from './proposals-tab';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const S = MSG.admin.assets;
type Output = z.output<typeof balancesFormSchema>;

const formValues = (detail: MemberDetail): BalancesForm =>
  Object.fromEntries(detail.balances.map((b) => [keyOf(b.currency), b.total])) as BalancesForm;

/**
 * SPEC §2 "asset management": every balance with its locked, held and available parts, and the new
 * values to set. Only changed values are sent, each with the total this screen showed (`expected`),
 * so a deposit credited meanwhile is never silently overwritten.
 */
export function AssetsSection({ detail }: { detail: MemberDetail }) {
  const result = useResult();
  const { register, handleSubmit, reset, formState } = useForm<BalancesForm, unknown, Output>({
    resolver: zodResolver(balancesFormSchema),
    defaultValues: formValues(detail),
  });
  const totals = detail.balances.map((b) => b.total).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the member or a total changes
  useEffect(() => reset(formValues(detail)), [detail.member.id, totals, reset]);
  const save = useAdminMutation((body: SetBalancesBody) =>
    api.put<unknown>(`/admin/members/${detail.member.id}/balances`, body),
  );

  const onSubmit = handleSubmit((values) => {
    result.clear();
    const body: SetBalancesBody = { expected: {} };
    for (const b of detail.balances) {
      const key = keyOf(b.currency);
      if (!new D(values[key]).eq(b.total)) {
        body[key] = values[key];
        body.expected![key] = b.total;
      }
    }
    if (!BALANCE_KEYS.some((k) => body[k] !== undefined)) {
      result.set(MSG.admin.balancesUnchanged);
      return;
    }
    save.mutate(body, {
      onSuccess: (data) => result.set(doneOrProposed(data, MSG.admin.balancesSaved)),
      onError: (err) => result.fail(MSG.admin.failed.assets, err),
    });
  });

  return (
    <Section title={S.title}>
      <form onSubmit={onSubmit} noValidate>
        <div className="adm-table-wrap">
          <AdmTable columns={[S.currency, S.total, S.locked, S.held, S.available, S.newValueHeader]}>
            {detail.balances.map((b) => {
              const key = keyOf(b.currency as BalanceCurrency);
              const error = formState.errors[key]?.message;
              return (
                <tr key={b.currency}>
                  <th scope="row">{b.currency}</th>
                  <td className="num">{exact(b.total)}</td>
                  <td className="num">{exact(b.locked)}</td>
                  <td className="num">{exact(b.held)}</td>
                  <td className="num">{exact(b.available)}</td>
                  <td>
                    <input
                      className="adm-input num"
                      aria-label={S.newValue(b.currency)}
                      inputMode="decimal"
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      {...register(key)}
                    />
                    {error ? (
                      <span className="field-error" role="alert">
                        {error}
                      </span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </AdmTable>
        </div>
        <p className="adm-muted">{S.hint}</p>
        <div className="adm-actions">
          <BusyButton busy={save.isPending} label={S.save} />
        </div>
      </form>
      <ResultMessage text={result.text} />
    </Section>
  );
}
