import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
import { rememberLoginHint, SESSION_KEY, type SessionInfo } from '../../lib/session';
import { toast } from '../../lib/toast';
import { AuthForm } from './auth-form';

const S = MSG.signup;
const AGREEMENTS = [
  ['terms', S.agreeTerms],
  ['privacy', S.agreePrivacy],
  ['age', S.agreeAge],
  ['marketing', S.agreeMarketing],
] as const;
type Name = keyof SignupForm;
const field = (name: Name): FieldSpec<Name> => FIELD_SPECS.find((f) => f.name === name)!;
const FIELD_SPECS: readonly FieldSpec<Name>[] = [
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

/** The four steps, one topic each, and the fields each one checks before the next. */
const STEPS = [
  { title: S.stepUsername, fields: ['username'] },
  { title: S.stepPasswords, fields: ['password', 'passwordConfirm', 'second_password'] },
  { title: S.stepProfile, fields: ['full_name', 'email', 'contact'] },
  { title: S.stepTerms, fields: ['terms', 'privacy', 'age'] },
] as const satisfies readonly { title: string; fields: readonly Name[] }[];

/**
 * Sign-up in four steps (아이디 → 비밀번호 → 본인 정보 → 약관): a field's error shows once the member has
 * left it or tries the next step; the last step's answer opens the session (both secrets were just set),
 * so the member lands on home signed in.
 */
export function RegistrationPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [step, setStep] = useState(0);
  const { formError, setFormError, clearFirst } = useFormError();
  const [checkNote, setCheckNote] = useState<{ ok: boolean; text: string } | null>(null);
  const { register, handleSubmit, formState, setValue, watch, getValues, setError, clearErrors, trigger } =
    useForm<SignupForm>({
      resolver: zodResolver(signupFormSchema),
      mode: 'onTouched',
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

  /** The duplicate check; resolves to whether the username can be taken. */
  const onCheck = async () => {
    const username = getValues('username').trim();
    if (!username) {
      setError('username', { message: S.enterUsername });
      return false;
    }
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setError('username', { message: parsed.error.issues[0]?.message ?? S.usernameFormat });
      return false;
    }
    const r = await check.mutateAsync(parsed.data).catch(() => null);
    return r?.available === true && r.username === getValues('username').trim();
  };

  const signup = useMutation({
    mutationFn: (form: SignupForm) => api.post<{ session: SessionInfo }>('/signup', signupBodyFromForm(form)),
    onSuccess: ({ session }) => {
      toast.success(S.success);
      rememberLoginHint(session.user);
      qc.setQueryData(SESSION_KEY, session);
      navigate('/main', { replace: true });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'USERNAME_TAKEN') {
        setValue('usernameChecked', false);
        setCheckNote(null);
        setError('username', { message: err.message });
        setStep(0);
      } else if (err instanceof ApiError && err.code === 'EMAIL_TAKEN') {
        setError('email', { message: err.message });
        setStep(2);
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

  const last = step === STEPS.length - 1;
  const next = async () => {
    if (step === 0) {
      // The username's rules are the duplicate check's (format first, then the server's answer).
      if (getValues('usernameChecked') || (await onCheck())) {
        clearErrors('username');
        setStep(1);
      }
      return;
    }
    if (await trigger([...STEPS[step]!.fields])) setStep(step + 1);
  };
  const onSubmit = last
    ? handleSubmit(clearFirst((form: SignupForm) => signup.mutate(form)))
    : (ev: FormEvent) => {
        ev.preventDefault();
        void next();
      };
  const fields = (names: readonly Name[]) => (
    <FieldList fields={names.map(field)} bind={register} error={messageOf(e)} />
  );

  return (
    <AuthForm
      text={{ ...S, submit: last ? S.submit : S.next }}
      description={S.stepOf(step + 1, STEPS.length, STEPS[step]!.title)}
      onSubmit={onSubmit}
      formError={formError}
      busy={signup.isPending || check.isPending}
      link={{ to: '/login', label: S.loginLink }}
    >
      {step > 0 ? (
        <button type="button" className="btn-link" onClick={() => setStep(step - 1)}>
          ‹ {S.back}
        </button>
      ) : null}
      {step === 0 ? (
        <Field
          label={S.username}
          placeholder={S.usernamePlaceholder}
          autoComplete="username"
          autoCapitalize="none"
          {...usernameField}
          // 다음 runs the duplicate check itself: "check needed" on leaving the field would only move the
          // button under the member's finger.
          error={e.username?.message === S.usernameCheckNeeded ? undefined : e.username?.message}
          hint={checkNote?.ok ? <span className="text-success">{checkNote.text}</span> : undefined}
          action={
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void onCheck()}
              disabled={check.isPending}
            >
              {check.isPending ? S.checking : S.checkUsername}
            </button>
          }
        />
      ) : null}
      {step === 1 ? fields(['password', 'passwordConfirm', 'second_password']) : null}
      {step === 2 ? fields(['full_name', 'email', 'contact']) : null}
      {step === 3 ? (
        <fieldset className="agreements">
          <legend className="sr-only">{S.stepTerms}</legend>
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
      ) : null}
    </AuthForm>
  );
}
