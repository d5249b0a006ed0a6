import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  type MemberDetail,
  type ResetPasswordBody,
  type ResetSecondPasswordBody,
  resetPasswordBodySchema,
  resetSecondPasswordBodySchema,
} from '../../../shared/schemas/admin';
import { Field } from '../../components/field';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { SubmitButton } from './kit';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const P = MSG.admin.password;

/** SPEC §2 "password management": the real login password (≥ 6) and the second password. */
export function PasswordSection({ detail }: { detail: MemberDetail }) {
  const base = `/admin/members/${detail.member.id}`;
  const result = useResult();
  const pw = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const pin = useForm<ResetSecondPasswordBody>({
    resolver: zodResolver(resetSecondPasswordBodySchema),
    defaultValues: { new_second_password: '', confirm_second_password: '' },
  });
  const savePassword = useAdminMutation((body: ResetPasswordBody) => api.post(`${base}/password`, body));
  const savePin = useAdminMutation((body: ResetSecondPasswordBody) =>
    api.post(`${base}/second-password`, body),
  );

  return (
    <Section title={P.title}>
      <p className="adm-muted">{P.note}</p>
      <div className="adm-two-forms">
        <form
          className="form"
          noValidate
          onSubmit={pw.handleSubmit((body) => {
            result.clear();
            savePassword.mutate(body, {
              onSuccess: () => {
                pw.reset();
                result.set(MSG.admin.passwordReset);
              },
              onError: (err) => result.fail(MSG.admin.failed.password, err),
            });
          })}
        >
          <Field
            label={P.newPassword}
            type="password"
            autoComplete="new-password"
            {...pw.register('new_password')}
            error={pw.formState.errors.new_password?.message}
          />
          <Field
            label={P.confirmPassword}
            type="password"
            autoComplete="new-password"
            {...pw.register('confirm_password')}
            error={pw.formState.errors.confirm_password?.message}
          />
          <SubmitButton busy={savePassword.isPending} label={P.reset} />
        </form>
        <form
          className="form"
          noValidate
          onSubmit={pin.handleSubmit((body) => {
            result.clear();
            savePin.mutate(body, {
              onSuccess: () => {
                pin.reset();
                result.set(MSG.admin.secondPasswordReset);
              },
              onError: (err) => result.fail(MSG.admin.failed.secondPassword, err),
            });
          })}
        >
          <Field
            label={P.newSecond}
            type="password"
            inputMode="numeric"
            maxLength={SECOND_PASSWORD_MAX}
            autoComplete="off"
            {...pin.register('new_second_password')}
            error={pin.formState.errors.new_second_password?.message}
          />
          <Field
            label={P.confirmSecond}
            type="password"
            inputMode="numeric"
            maxLength={SECOND_PASSWORD_MAX}
            autoComplete="off"
            {...pin.register('confirm_second_password')}
            error={pin.formState.errors.confirm_second_password?.message}
          />
          <SubmitButton busy={savePin.isPending} label={P.resetSecond} />
        </form>
      </div>
      <ResultMessage text={result.text} />
    </Section>
  );
}
