import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  resetPasswordBodySchema,
  resetSecondPasswordBodySchema,
} from '../../../shared/schemas/admin-accounts';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { FormField } from './fields';
import { BusyButton, doneOrProposed } from './kit';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const P = MSG.admin.password;
const PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password' } as const;
const PIN_INPUT = {
  type: 'password',
  inputMode: 'numeric',
  maxLength: SECOND_PASSWORD_MAX,
  autoComplete: 'off',
} as const;

const A = MSG.admin;

/**
 * The two resets: the login password and the second password (a PIN). Each sends a new value and its
 * confirmation (`new_<kind>`, `confirm_<kind>`) to the member's `<kind>` path, hyphenated.
 */
const RESETS = [
  {
    kind: 'password',
    schema: resetPasswordBodySchema,
    input: PASSWORD_INPUT,
    labels: [P.newPassword, P.confirmPassword],
    submit: P.reset,
    done: A.passwordReset,
    failed: A.failed.password,
  },
  {
    kind: 'second_password',
    schema: resetSecondPasswordBodySchema,
    input: PIN_INPUT,
    labels: [P.newSecond, P.confirmSecond],
    submit: P.resetSecond,
    done: A.secondPasswordReset,
    failed: A.failed.secondPassword,
  },
] as const;
type Reset = (typeof RESETS)[number];

/** One reset form; the result line says how it went. */
function ResetForm({
  memberId,
  reset: { kind, schema, input, labels, submit, done, failed },
  result,
}: {
  memberId: string;
  reset: Reset;
  result: ReturnType<typeof useResult>;
}) {
  const names = [`new_${kind}`, `confirm_${kind}`] as const;
  const form = useForm<FieldValues>({
    // Either schema checks its own two fields: the form is typed by neither alone.
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    defaultValues: { [names[0]]: '', [names[1]]: '' },
  });
  const path = `/admin/members/${memberId}/${kind.replace('_', '-')}`;
  const save = useAdminMutation((body: FieldValues) => api.post<unknown>(path, body));
  // Another administrator's reset waits for a second administrator (202 with the proposal): said so.
  const onSubmit = form.handleSubmit((body) => {
    result.clear();
    save.mutate(body, {
      onSuccess: (data) => {
        form.reset();
        result.set(doneOrProposed(data, done));
      },
      onError: (err) => result.fail(failed, err),
    });
  });
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      {names.map((name, i) => (
        <FormField key={name} {...input} form={form} name={name} label={labels[i]!} />
      ))}
      <BusyButton busy={save.isPending} label={submit} />
    </form>
  );
}

const T = MSG.accountTrust;

/**
 * A member's secrets are never an administrator's to set (decision 0400): two administrators agree to mail
 * the member a recovery code, and the member chooses the new one.
 */
function RecoveryProposals({ memberId }: { memberId: string }) {
  const result = useResult();
  const send = useAdminMutation((secret: 'password' | 'second_password') =>
    api.post<unknown>(`/admin/members/${memberId}/recovery`, { secret }),
  );
  const propose = (secret: 'password' | 'second_password') => () => {
    result.clear();
    send.mutate(secret, {
      onSuccess: (data) => result.set(doneOrProposed(data, T.proposed)),
      onError: (err) => result.fail(T.proposeFailed, err),
    });
  };
  return (
    <Section title={T.recoveryTitle}>
      <p className="adm-muted">{T.recoveryNoteForm}</p>
      <div className="adm-actions">
        <BusyButton busy={send.isPending} label={T.sendPassword} onClick={propose('password')} />
        <BusyButton busy={send.isPending} label={T.sendSecond} onClick={propose('second_password')} />
      </div>
      <ResultMessage text={result.text} />
    </Section>
  );
}

/**
 * SPEC §2 "password management": another administrator's login password and second password are reset by
 * two administrators; a member's are recovered by the member through a mailed code.
 */
export function PasswordSection({ detail }: { detail: MemberDetail }) {
  const result = useResult();
  if (!detail.member.is_admin) return <RecoveryProposals memberId={detail.member.id} />;
  return (
    <Section title={P.title}>
      <p className="adm-muted">{P.note}</p>
      <div className="adm-two-forms">
        {RESETS.map((r) => (
          <ResetForm key={r.kind} memberId={detail.member.id} reset={r} result={result} />
        ))}
      </div>
      <ResultMessage text={result.text} />
    </Section>
  );
}
