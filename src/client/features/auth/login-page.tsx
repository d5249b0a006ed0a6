import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '../../../shared/messages';
import { type LoginBody, loginBodySchema } from '../../../shared/schemas/auth';
import { Field } from '../../components/field';
import { ApiError, api } from '../../lib/api';
import { SESSION_KEY, type SessionInfo } from './use-session';

const L = MSG.login;

export function LoginPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const login = useMutation({
    mutationFn: (body: LoginBody) => api.post<SessionInfo>('/login', body),
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

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    login.mutate(body);
  });

  return (
    <section className="page auth-page">
      <h1 className="page-title">{L.title}</h1>
      <form onSubmit={onSubmit} noValidate className="form">
        <Field
          label={L.usernameLabel}
          placeholder={L.usernamePlaceholder}
          autoComplete="username"
          autoCapitalize="none"
          {...register('email')}
          error={formState.errors.email?.message}
        />
        <Field
          label={L.passwordLabel}
          type="password"
          placeholder={L.passwordPlaceholder}
          autoComplete="current-password"
          {...register('password')}
          error={formState.errors.password?.message}
        />
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? L.busy : L.submit}
        </button>
      </form>
      <p className="auth-switch">
        <Link to="/registration">{L.signupLink}</Link>
      </p>
    </section>
  );
}
