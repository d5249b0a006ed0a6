import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { SECOND_PASSWORD_SIGNUP_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import {
  type SignupForm,
  signupBodyFromForm,
  signupFormSchema,
  usernameSchema,
} from '../../../shared/schemas/auth';
import type { UsernameCheck } from '../../../shared/schemas/session';
import { Field, FieldList, type FieldSpec, NEW_PASSWORD, PIN_INPUT } from '../../components/field';
import { ApiError, api, refusalMessage } from '../../lib/api';
import { messageOf, useFormError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { AuthForm } from './auth-form';

const S = MSG.signup;
const AGREEMENTS = [
  ['terms', S.agreeTerms],
  ['privacy', S.agreePrivacy],
  ['age', S.agreeAge],
  ['marketing', S.agreeMarketing],
] as const;
const FIELDS: readonly FieldSpec<keyof SignupForm>[] = [
  { name: 'full_name', label: S.name, placeholder: S.namePlaceholder, autoComplete: 'name' },
  { name: 'password', label: S.password, placeholder: S.passwordPlaceholder, ...NEW_PASSWORD },
  {
    name: 'passwordConfirm',
    label: S.passwordConfirm,
    placeholder: S.passwordConfirmPlaceholder,
    ...NEW_PASSWORD,
  },
  {
    name: 'second_password',
    label: S.secondPassword,
    placeholder: S.secondPasswordPlaceholder,
    ...PIN_INPUT,
    maxLength: SECOND_PASSWORD_SIGNUP_MAX,
  },
  { name: 'email', label: S.email, placeholder: S.emailPlaceholder, type: 'email', autoComplete: 'email' },
  {
    name: 'contact',
    label: S.phone,
    placeholder: S.phonePlaceholder,
    type: 'tel',
    inputMode: 'tel',
    autoComplete: 'tel',
  },
];

export function RegistrationPage() {
  const navigate = useNavigate();
  const { formError, setFormError, clearFirst } = useFormError();
  const [checkNote, setCheckNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setValue, watch, getValues, setError, clearErrors } =
    useForm<SignupForm>({
      resolver: zodResolver(signupFormSchema),
      defaultValues: {
        username: '',
        usernameChecked: false,
        full_name: '',
        password: '',
        passwordConfirm: '',
        second_password: '',
        email: '',
        contact: '',
        terms: false,
        privacy: false,
        age: false,
        marketing: false,
      },
    });
  const e = formState.errors;
  const agreements = watch(['terms', 'privacy', 'age', 'marketing']);
  const allChecked = agreements.every(Boolean);

  const check = useMutation({
    mutationFn: (username: string) =>
      api.get<UsernameCheck>('/auth/check-username', { query: { username }, schema: 'usernameCheck' }),
    onSuccess: (r) => {
      if (r.username !== getValues('username').trim()) return;
      setValue('usernameChecked', r.available);
      if (r.available) {
        clearErrors('username');
        setCheckNote({ ok: true, text: S.usernameAvailable });
      } else {
        setCheckNote(null);
        setError('username', { message: S.usernameTaken });
      }
    },
    onError: (err) => {
      setCheckNote(null);
      setError('username', { message: err instanceof ApiError ? err.message : S.usernameCheckError });
    },
  });

  const onCheck = () => {
    const username = getValues('username').trim();
    if (!username) {
      setError('username', { message: S.enterUsername });
      return;
    }
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setError('username', { message: parsed.error.issues[0]?.message ?? S.usernameFormat });
      return;
    }
    check.mutate(parsed.data);
  };

  const signup = useMutation({
    mutationFn: (form: SignupForm) => api.post('/signup', signupBodyFromForm(form)),
    onSuccess: () => {
      toast.success(S.success);
      navigate('/login');
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'USERNAME_TAKEN') {
        setValue('usernameChecked', false);
        setCheckNote(null);
        setError('username', { message: err.message });
      } else if (err instanceof ApiError && err.code === 'EMAIL_TAKEN') {
        setError('email', { message: err.message });
      } else {
        setFormError(refusalMessage(err, S.general));
      }
    },
  });

  const usernameField = register('username', {
    onChange: () => {
      setValue('usernameChecked', false);
      setCheckNote(null);
    },
  });

  return (
    <AuthForm
      text={S}
      onSubmit={handleSubmit(clearFirst((form: SignupForm) => signup.mutate(form)))}
      formError={formError}
      busy={signup.isPending}
      link={{ to: '/login', label: S.loginLink }}
    >
      <Field
        label={S.username}
        placeholder={S.usernamePlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        {...usernameField}
        error={e.username?.message}
        hint={checkNote?.ok ? <span className="text-success">{checkNote.text}</span> : undefined}
        action={
          <button type="button" className="btn btn-secondary" onClick={onCheck} disabled={check.isPending}>
            {check.isPending ? S.checking : S.checkUsername}
          </button>
        }
      />
      <FieldList fields={FIELDS} bind={register} error={messageOf(e)} />
      <fieldset className="agreements">
        <legend className="sr-only">약관 동의</legend>
        <label className="check check-all">
          <input
            type="checkbox"
            checked={allChecked}
            onChange={(ev) => {
              for (const [name] of AGREEMENTS)
                setValue(name, ev.target.checked, { shouldValidate: formState.isSubmitted });
            }}
          />
          <span>{S.agreeAll}</span>
        </label>
        {AGREEMENTS.map(([name, label]) => (
          <div key={name}>
            <label className="check">
              <input type="checkbox" {...register(name)} />
              <span>{label}</span>
            </label>
            {e[name]?.message ? (
              <p className="field-error" role="alert">
                {e[name]?.message}
              </p>
            ) : null}
          </div>
        ))}
      </fieldset>
    </AuthForm>
  );
}
