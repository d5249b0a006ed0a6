import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import { type LoginBody, loginBodySchema } from '../../../shared/schemas/auth';
import { Field } from '../../components/field';
import { BlockSubmit, FormError } from '../../components/form-end';
import { ApiError, api } from '../../lib/api';
import { SESSION_KEY, type SessionInfo } from '../../lib/session';

const L = MSG.login;

type LoginErrors = Partial<Record<keyof LoginBody, string>>;

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
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const login = useMutation({
    mutationFn: (body: LoginBody) => api.post<SessionInfo>('/login', body, { schema: 'session' }),
    onSuccess: (session) => {
      qc.setQueryData(SESSION_KEY, session);
      navigate('/second-factor');
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 429 || err.status === 400)) {
        setFormError(err.message);
      } else {
        setFormError(L.unexpected);
      }
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
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    setFormError(null);
    login.mutate(body);
  };

  return (
    <section className="page auth-page">
      <h1 className="page-title">{L.title}</h1>
      <form onSubmit={onSubmit} noValidate className="form">
        <Field
          label={L.usernameLabel}
          placeholder={L.usernamePlaceholder}
          autoComplete="username"
          autoCapitalize="none"
          name="email"
          ref={emailRef}
          value={values.email}
          onChange={change('email')}
          error={errors.email}
        />
        <Field
          label={L.passwordLabel}
          type="password"
          placeholder={L.passwordPlaceholder}
          autoComplete="current-password"
          name="password"
          ref={passwordRef}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <FormError text={formError} />
        <BlockSubmit busy={login.isPending} label={L.submit} busyLabel={L.busy} />
      </form>
      <p className="auth-switch">
        <Link to="/registration">{L.signupLink}</Link>
      </p>
    </section>
  );
}
