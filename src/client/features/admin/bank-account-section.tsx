import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { KRW_BANKS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { type BankAccountBody, bankAccountBodySchema } from '../../../shared/schemas/admin-accounts';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { z } from '../../../shared/zod';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { FormCheck, FormField } from './fields';
import { doneOrProposed } from './kit';
import { SavedRecordForm } from './modal';
import { useResult } from './result-message';
import { Section } from './section';

const A = MSG.admin;
const B = A.bank;
type Output = z.output<typeof bankAccountBodySchema>;

const formValues = (detail: MemberDetail): BankAccountBody => ({
  bank_name: detail.bank_account?.bank_name ?? '',
  account_number: detail.bank_account?.account_number ?? '',
  account_holder: detail.bank_account?.account_holder ?? '',
  is_verified: detail.bank_account?.is_verified ?? false,
});

/** SPEC §2 "bank account management": create, update, delete (confirmed), verified flag. */
export function BankAccountSection({ detail }: { detail: MemberDetail }) {
  const account = detail.bank_account;
  const url = `/admin/members/${detail.member.id}/bank-account`;
  const result = useResult();
  const banksId = useId();
  const form = useForm<BankAccountBody, unknown, Output>({
    resolver: zodResolver(bankAccountBodySchema),
    defaultValues: formValues(detail),
  });
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the member or the account changes
  useEffect(() => reset(formValues(detail)), [detail.member.id, account?.updated_at, reset]);

  const save = useAdminMutation((body: Output) => api.put(url, body));
  const remove = useAdminMutation(() => api.delete(url));
  const verify = useAdminMutation((isVerified: boolean) => api.patch(url, { is_verified: isVerified }));

  const status = !account ? B.statusNone : account.is_verified ? B.statusVerified : B.statusPending;
  return (
    <Section title={B.title}>
      <p className="adm-status">
        <span className={`adm-badge ${account ? (account.is_verified ? 'is-ok' : 'is-wait') : ''}`}>
          {status}
        </span>
        {account ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={verify.isPending}
            onClick={() =>
              verify.mutate(!account.is_verified, {
                onSuccess: (data) =>
                  result.set(
                    doneOrProposed(
                      data,
                      account.is_verified ? MSG.admin.bankVerifiedOff : MSG.admin.bankVerifiedOn,
                    ),
                  ),
                onError: (err) => result.fail(MSG.admin.failed.bankSave, err),
              })
            }
          >
            {account.is_verified ? B.unverify : B.verify}
          </button>
        ) : null}
      </p>
      <SavedRecordForm
        className="adm-form-grid"
        submit={form.handleSubmit}
        save={{ mutation: save, label: B.save, done: A.bankSaved, failPrefix: A.failed.bankSave }}
        current={account}
        remove={{
          label: B.delete,
          title: B.deleteTitle,
          body: () => B.deleteBody,
          mutation: remove,
          done: A.bankDeleted,
          failPrefix: A.failed.bankDelete,
        }}
        result={result}
      >
        <FormField form={form} name="bank_name" label={B.bankName} list={banksId} />
        <datalist id={banksId}>
          {KRW_BANKS.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
        <FormField form={form} name="account_number" label={B.accountNumber} inputMode="numeric" />
        <FormField form={form} name="account_holder" label={B.accountHolder} />
        <FormCheck form={form} name="is_verified" label={B.verified} />
      </SavedRecordForm>
    </Section>
  );
}
