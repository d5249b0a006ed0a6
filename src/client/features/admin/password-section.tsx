import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  type ResetPasswordBody,
  type ResetSecondPasswordBody,
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

/** One reset form: a new value and its confirmation, sent to `path`; the result line says how it went. */
function ResetForm<B extends FieldValues>({
  resolver,
  defaultValues,
  path,
  fields,
  input,
  submit,
  done,
  failed,
  result,
}: {
  resolver: Resolver<B>;
  defaultValues: DefaultValues<B>;
  path: string;
  fields: readonly (readonly [Path<B>, string])[];
  input: InputHTMLAttributes<HTMLInputElement>;
  submit: string;
  done: string;
  failed: string;
  result: ReturnType<typeof useResult>;
}) {
  const form = useForm<B>({ resolver, defaultValues });
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
      {fields.map(([name, label]) => (
        <FormField key={name} {...input} form={form} name={name} label={label} />
      ))}
      <BusyButton busy={save.isPending} label={submit} />
    </form>
  );
}

/** SPEC §2 "password management": the real login password and the second password. */
export function PasswordSection({ detail }: { detail: MemberDetail }) {
  const base = `/admin/members/${detail.member.id}`;
  const result = useResult();
  return (
    <Section title={P.title}>
      <p className="adm-muted">{P.note}</p>
      <div className="adm-two-forms">
        <ResetForm<ResetPasswordBody>
          resolver={zodResolver(resetPasswordBodySchema)}
          defaultValues={{ new_password: '', confirm_password: '' }}
          path={`${base}/password`}
          fields={[
            ['new_password', P.newPassword],
            ['confirm_password', P.confirmPassword],
          ]}
          input={PASSWORD_INPUT}
          submit={P.reset}
          done={MSG.admin.passwordReset}
          failed={MSG.admin.failed.password}
          result={result}
        />
        <ResetForm<ResetSecondPasswordBody>
          resolver={zodResolver(resetSecondPasswordBodySchema)}
          defaultValues={{ new_second_password: '', confirm_second_password: '' }}
          path={`${base}/second-password`}
          fields={[
            ['new_second_password', P.newSecond],
            ['confirm_second_password', P.confirmSecond],
          ]}
          input={PIN_INPUT}
          submit={P.resetSecond}
          done={MSG.admin.secondPasswordReset}
          failed={MSG.admin.failed.secondPassword}
          result={result}
        />
      </div>
      <ResultMessage text={result.text} />
    </Section>
  );
}
