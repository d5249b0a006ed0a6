import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { formatDeskTime } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import {
  type ReceivingAccountAdminView,
  type ReceivingAccountBody,
  receivingAccountBodySchema,
} from '../../../shared/schemas/deposits';
import { api } from '../../lib/api';
import { ADMIN_KEY, useAdminMutation } from './api';
import { FormField } from './fields';
import { BusyButton } from './kit';
import { failureText, ResultMessage, useResult } from './result-message';
import { Section } from './section';

const O = MSG.wonAccounts;
const K = MSG.depositKrw;
const EMPTY: ReceivingAccountBody = { bank_name: '', account_number: '', account_holder: '' };

/** The service's won receiving account, which every member's won deposit screen shows (two people, audited). */
export function ReceivingAccountSection() {
  const result = useResult();
  const current = useQuery({
    queryKey: [...ADMIN_KEY, 'receiving-account'],
    queryFn: () =>
      api.get<ReceivingAccountAdminView>('/admin/receiving-account', { schema: 'adminReceivingAccount' }),
  });
  const form = useForm<ReceivingAccountBody>({
    resolver: zodResolver(receivingAccountBodySchema),
    defaultValues: EMPTY,
  });
  const { reset } = form;
  const account = current.data?.account ?? null;
  useEffect(() => {
    if (account) reset(account);
  }, [account, reset]);
  const save = useAdminMutation((body: ReceivingAccountBody) =>
    api.put<unknown>('/admin/receiving-account', body),
  );
  // Where members send their won is changed by two administrators: a change waits for the second.
  const onSubmit = form.handleSubmit((body) => {
    result.clear();
    save.mutate(body, {
      onSuccess: (data) =>
        result.set(
          typeof data === 'object' && data !== null && 'proposal' in data
            ? MSG.deskRecords.proposals.receivingProposed
            : O.adminSaved,
        ),
      onError: (err) => result.fail(O.adminSaveFailed, err),
    });
  });

  return (
    <Section title={O.adminTitle}>
      <p className="adm-muted">{O.adminHelp}</p>
      {current.isError ? <ResultMessage text={failureText(O.loadFailed, current.error)} /> : null}
      {current.data ? (
        <p className="adm-muted" data-testid="receiving-account-state">
          {current.data.updated_by && current.data.updated_at
            ? O.adminUpdated(current.data.updated_by, formatDeskTime(current.data.updated_at))
            : O.adminNone}
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormField form={form} name="bank_name" label={K.bankLabel} />
        <FormField form={form} name="account_number" label={K.accountNumberLabel} inputMode="numeric" />
        <FormField form={form} name="account_holder" label={K.accountHolderLabel} />
        <div className="adm-actions">
          <BusyButton busy={save.isPending} label={O.adminSave} />
        </div>
      </form>
      <ResultMessage text={result.text} />
    </Section>
  );
}
