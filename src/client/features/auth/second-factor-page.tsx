import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { secondFactorBodySchema } from '../../../shared/schemas/auth';
import type { z } from '../../../shared/zod';
import { Field } from '../../components/field';
import { BlockSubmit, FormError } from '../../components/form-end';
import { OtpCodeField } from '../../components/otp-code-field';
import { ApiError, api } from '../../lib/api';
import { rememberLoginHint, SESSION_KEY, type SessionInfo, useSession } from '../../lib/session';

const F = MSG.secondFactor;
type Body = z.input<typeof secondFactorBodySchema>;

export function SecondFactorPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, resetField } = useForm<Body>({
    resolver: zodResolver(secondFactorBodySchema),
    defaultValues: { second_password: '', otpCode: '' },
  });
  // The member of the password-stage session is enrolled in one-time codes: the step asks for one too.
  const hasTotp = useSession().data?.user.has_totp === true;

  const verify = useMutation({
    mutationFn: (body: Body) => api.post<SessionInfo>('/auth/second-factor', body, { schema: 'session' }),
    onSuccess: (session) => {
      rememberLoginHint(session.user);
      qc.setQueryData(SESSION_KEY, session);
      navigate('/main', { replace: true });
    },
    onError: (err) => {
      resetField('second_password');
      resetField('otpCode');
      if (err instanceof ApiError && err.status === 401 && err.code === 'UNAUTHENTICATED') {
        qc.setQueryData(SESSION_KEY, null);
      }
      setFormError(err instanceof ApiError && err.status < 500 && err.status > 0 ? err.message : F.authError);
    },
  });

  return (
    <section className="page auth-page">
      <h1 className="page-title">{F.title}</h1>
      <p className="muted">{F.description}</p>
      <form
        className="form"
        noValidate
        onSubmit={handleSubmit((body) => {
          setFormError(null);
          verify.mutate(body);
        })}
      >
        <Field
          label={F.label}
          type="password"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SECOND_PASSWORD_MAX}
          placeholder={F.placeholder}
          autoFocus
          {...register('second_password')}
          error={formState.errors.second_password?.message}
        />
        {hasTotp ? <OtpCodeField {...register('otpCode')} error={formState.errors.otpCode?.message} /> : null}
        <FormError text={formError} />
        <BlockSubmit busy={verify.isPending} label={F.submit} busyLabel={F.busy} />
      </form>
      <p className="auth-switch">
        <Link to="/login">{F.backToLogin}</Link>
      </p>
    </section>
  );
}
