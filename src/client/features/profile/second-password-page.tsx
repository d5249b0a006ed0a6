import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import {
  type SecondPasswordMode,
  type SetSecondPasswordBody,
  setSecondPasswordBodySchema,
} from '../../../shared/schemas/profile';
import { Field } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useLoginFirst } from './use-login-first';
import { isSessionGone, useProfile, useRefresh, useSetSecondPassword } from './use-profile';
import './profile.css';
import { FormError } from '../../components/form-end';

const SP = MSG.secondPassword;

/** /second-password: 'set' when the member has none, 'change' when one exists. */
export function SecondPasswordPage() {
  const profile = useProfile();
  const loginFirst = useLoginFirst();

  // SPEC §5/§8: without a loaded profile the page cannot know its mode: 'please log in first'.
  useEffect(() => {
    if (profile.isError) {
      if (isSessionGone(profile.error)) loginFirst();
      else toast.error(SP.loadFailed, { id: 'second-password-load-failed' });
    }
  }, [profile.isError, profile.error, loginFirst]);

  if (profile.isPending) return <Spinner />;
  if (profile.isError) {
    return (
      <section className="page">
        <h1 className="page-title">{SP.titleSet}</h1>
        <div className="profile-card" role="alert">
          <p className="profile-unavailable">{MSG.profile.loginFirst}</p>
          <Link to="/mypage" className="btn btn-secondary btn-block">
            {SP.cancel}
          </Link>
        </div>
      </section>
    );
  }
  const mode: SecondPasswordMode = profile.data.has_second_password ? 'change' : 'set';
  return <SecondPasswordForm key={mode} mode={mode} />;
}

function SecondPasswordForm({ mode }: { mode: SecondPasswordMode }) {
  const navigate = useNavigate();
  const loginFirst = useLoginFirst();
  const save = useSetSecondPassword();
  const refresh = useRefresh();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, resetField } = useForm<SetSecondPasswordBody>({
    resolver: zodResolver(setSecondPasswordBodySchema),
    defaultValues: {
      mode,
      current_second_password: mode === 'change' ? '' : undefined,
      second_password: '',
      second_password_confirm: '',
    },
  });
  const e = formState.errors;
  const digits = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: SECOND_PASSWORD_MAX,
  } as const;

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    save.mutate(
      { ...body, current_second_password: mode === 'change' ? body.current_second_password : undefined },
      {
        onSuccess: () => {
          toast.success(mode === 'set' ? SP.successSet : SP.successChange);
          navigate('/mypage');
          void refresh();
        },
        onError: (err) => {
          if (isSessionGone(err)) return loginFirst();
          if (err instanceof ApiError && err.fields?.current_second_password) {
            resetField('current_second_password');
            setError('current_second_password', { message: err.fields.current_second_password });
          } else if (err instanceof ApiError && err.status > 0 && err.status < 500) {
            // 409: the mode changed meanwhile; the profile refetch re-renders the right form.
            setFormError(err.message);
            if (err.status === 409) {
              toast.error(err.message);
              void refresh();
            }
          } else {
            setFormError(SP.failed);
          }
        },
      },
    );
  });

  return (
    <section className="page">
      <h1 className="page-title">{mode === 'set' ? SP.titleSet : SP.titleChange}</h1>
      <p className="muted profile-mode">{SP.description}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        {mode === 'change' ? (
          <Field
            label={SP.current}
            placeholder={SP.currentPlaceholder}
            {...digits}
            {...register('current_second_password')}
            error={e.current_second_password?.message}
          />
        ) : null}
        <Field
          label={SP.next}
          placeholder={SP.nextPlaceholder}
          {...digits}
          {...register('second_password')}
          error={e.second_password?.message}
        />
        <Field
          label={SP.confirm}
          placeholder={SP.confirmPlaceholder}
          {...digits}
          {...register('second_password_confirm')}
          error={e.second_password_confirm?.message}
        />
        <FormError text={formError} />
        <div className="profile-form-actions">
          <Link to="/mypage" className="btn btn-secondary">
            {SP.cancel}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? SP.busy : mode === 'set' ? SP.submitSet : SP.submitChange}
          </button>
        </div>
      </form>
    </section>
  );
}
