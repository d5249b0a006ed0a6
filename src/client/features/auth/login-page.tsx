import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import { type LoginBody, loginBodySchema } from '../../../shared/schemas/auth';
import { CURRENT_PASSWORD, FieldList, type FieldSpec } from '../../components/field';
import { api, refusalMessage } from '../../lib/api';
import { SESSION_KEY, type SessionInfo } from '../../lib/session';
import { AuthForm } from './auth-form';

const L = MSG.login;

type LoginErrors = Partial<Record<keyof LoginBody, string>>;

const FIELDS: readonly FieldSpec<keyof LoginBody>[] = [
  {
    name: 'email',
    label: L.usernameLabel,
    placeholder: L.usernamePlaceholder,
    autoComplete: 'username',
    autoCapitalize: 'none',
  },
  { name: 'password', label: L.passwordLabel, placeholder: L.passwordPlaceholder, ...CURRENT_PASSWORD },
];

/** The login schema's first message per field, or null when the body is valid. */
function validate(
  values: LoginBody,
): { body: LoginBody; errors: null } | { body: null; errors: LoginErrors } {
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof LoginBody;
    errors[key] ??= issue.message;
  }
  return { body: null, errors };
}

/**
 * The first screen a member opens keeps its form code small: two fields checked with the shared zod
 * schema (the server checks the same schema), without react-hook-form (decision 0140). Like the other
 * forms: checked on submit, then again on every change; the first field in error takes the focus.
 */

export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const login = useMutation({
    mutationFn: (body: LoginBody) => api.post<SessionInfo>('/login', body, { schema: 'session' }),
    onSuccess: (session) => {
      qc.setQueryData(SESSION_KEY, session);
      navigate('/second-factor');
    },
    onError: (err) => {
      // Every refusal is the server's own Korean sentence (a closed account is told so); only no answer
      // or a server failure gets the screen's general message.
      setFormError(refusalMessage(err, L.unexpected));
    },
  });

  const change = (key: keyof LoginBody) => (e: { target: { value: string } }) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next).errors ?? {});
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    const { body, errors: found } = validate(values);
    if (!body) {
      setErrors(found);
      (found.email ? refs.email : refs.password).current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    login.mutate(body);
  };

  return (
    <AuthForm
      text={L}
      onSubmit={onSubmit}
      formError={formError}
      busy={login.isPending}
      link={{ to: '/registration', label: L.signupLink }}
      help={{ to: '/recovery', label: L.recoveryLink }}
    >
      <FieldList
        fields={FIELDS}
        bind={(name) => ({ name, ref: refs[name], value: values[name], onChange: change(name) })}
        error={(name) => errors[name]}
      />
    </AuthForm>
  );
}
