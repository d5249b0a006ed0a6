import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { secondFactorBodySchema } from '../../../shared/schemas/auth';
import type { z } from '../../../shared/zod';
import { FieldList, type FieldSpec, PIN_INPUT } from '../../components/field';
import { OtpCodeField } from '../../components/otp-code-field';
import { ApiError, api, refusalMessage } from '../../lib/api';
import { messageOf, useFormError } from '../../lib/form-errors';
import { rememberLoginHint, SESSION_KEY, type SessionInfo, useSession } from '../../lib/session';
import { AuthForm } from './auth-form';

const F = MSG.secondFactor;
type Body = z.input<typeof secondFactorBodySchema>;
const FIELDS: readonly FieldSpec<keyof Body>[] = [
  {
    name: 'second_password',
    label: F.label,
    placeholder: F.placeholder,
    ...PIN_INPUT,
    autoComplete: 'one-time-code',
    maxLength: SECOND_PASSWORD_MAX,
    autoFocus: true,
  },
];

export function SecondFactorPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { formError, setFormError, clearFirst } = useFormError();
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
      navigate(session.user.is_admin ? '/admin' : '/main', { replace: true });
    },
    onError: (err) => {
      resetField('second_password');
      resetField('otpCode');
      if (err instanceof ApiError && err.status === 401 && err.code === 'UNAUTHENTICATED') {
        qc.setQueryData(SESSION_KEY, null);
      }
      setFormError(refusalMessage(err, F.authError));
    },
  });

  return (
    <AuthForm
      text={F}
      description={F.description}
      onSubmit={handleSubmit(clearFirst((body: Body) => verify.mutate(body)))}
      formError={formError}
      busy={verify.isPending}
      link={{ to: '/login', label: F.backToLogin }}
      help={{ to: '/recovery?secret=second_password', label: MSG.secondFactor.recoveryLink }}
    >
      <FieldList fields={FIELDS} bind={register} error={messageOf(formState.errors)} />
      {hasTotp ? <OtpCodeField {...register('otpCode')} error={formState.errors.otpCode?.message} /> : null}
    </AuthForm>
  );
}
