import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { SECOND_PASSWORD_MAX } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import {
  type SecondPasswordMode,
  type SetSecondPasswordBody,
  setSecondPasswordBodySchema,
} from '../../../shared/schemas/profile';
import { FieldList, type FieldSpec, PIN_INPUT } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { ApiError, refusalMessage } from '../../lib/api';
import { messageOf, useFormError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useLoginFirst } from './use-login-first';
import { isSessionGone, useProfile, useRefresh, useSetSecondPassword } from './use-profile';
import './profile.css';
import { FormError } from '../../components/form-end';

const SP = MSG.secondPassword;
type Name = keyof SetSecondPasswordBody;
const DIGITS = { ...PIN_INPUT, maxLength: SECOND_PASSWORD_MAX };
/** Changing the second password asks for the current one first. */
const CURRENT: FieldSpec<Name> = {
  name: 'current_second_password',
  label: SP.current,
  placeholder: SP.currentPlaceholder,
  ...DIGITS,
};
const NEW: FieldSpec<Name>[] = [
  { name: 'second_password', label: SP.next, placeholder: SP.nextPlaceholder, ...DIGITS },
  { name: 'second_password_confirm', label: SP.confirm, placeholder: SP.confirmPlaceholder, ...DIGITS },
];

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
  const { formError, setFormError, clearFirst } = useFormError();
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

  const onSubmit = handleSubmit(
    clearFirst((body: SetSecondPasswordBody) =>
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
            } else {
              setFormError(refusalMessage(err, SP.failed));
              // 409: the mode changed meanwhile; the profile refetch re-renders the right form.
              if (err instanceof ApiError && err.status === 409) {
                toast.error(err.message);
                void refresh();
              }
            }
          },
        },
      ),
    ),
  );

  return (
    <section className="page">
      <h1 className="page-title">{mode === 'set' ? SP.titleSet : SP.titleChange}</h1>
      <p className="muted profile-mode">{SP.description}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FieldList
          fields={mode === 'change' ? [CURRENT, ...NEW] : NEW}
          bind={register}
          error={messageOf(e)}
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
      {mode === 'change' ? (
        <p className="auth-switch">
          <Link to="/recovery?secret=second_password">{MSG.secondFactor.recoveryLink}</Link>
        </p>
      ) : null}
    </section>
  );
}
