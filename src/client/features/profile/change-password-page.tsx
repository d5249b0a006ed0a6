import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_CHANGE_REDIRECT_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages/member';
import { type ChangePasswordBody, changePasswordBodySchema } from '../../../shared/schemas/profile';
import { CURRENT_PASSWORD, FieldList, type FieldSpec, NEW_PASSWORD } from '../../components/field';
import { ApiError, refusalMessage } from '../../lib/api';
import { messageOf, useFormError } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { useLoginFirst } from './use-login-first';
import { isSessionGone, useChangePassword, useProfile } from './use-profile';
import './profile.css';
import { FormError } from '../../components/form-end';

const CP = MSG.changePassword;
const FIELDS: readonly FieldSpec<keyof ChangePasswordBody>[] = [
  { name: 'current_password', label: CP.current, placeholder: CP.currentPlaceholder, ...CURRENT_PASSWORD },
  { name: 'new_password', label: CP.next, placeholder: CP.nextPlaceholder, ...NEW_PASSWORD },
  { name: 'new_password_confirm', label: CP.confirm, placeholder: CP.confirmPlaceholder, ...NEW_PASSWORD },
];

/** /change-password: current, new and confirmation; success returns to /mypage after 2 seconds. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const loginFirst = useLoginFirst();
  const change = useChangePassword();
  const { formError, setFormError, clearFirst } = useFormError();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const { register, handleSubmit, formState, setError, reset } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirm: '' },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(
    clearFirst((body: ChangePasswordBody) => {
      // SPEC §5: the action needs a loaded profile.
      if (!profile.data) {
        loginFirst();
        return;
      }
      change.mutate(body, {
        onSuccess: () => {
          setDone(true);
          reset();
          toast.success(CP.success);
          timer.current = setTimeout(() => navigate('/mypage'), PASSWORD_CHANGE_REDIRECT_MS);
        },
        onError: (err) => {
          if (isSessionGone(err)) return loginFirst();
          if (err instanceof ApiError && err.fields?.current_password) {
            setError('current_password', { message: err.fields.current_password });
          } else {
            setFormError(refusalMessage(err, CP.failed));
          }
        },
      });
    }),
  );

  return (
    <section className="page">
      <h1 className="page-title">{CP.title}</h1>
      <form className="form" noValidate onSubmit={onSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" autoComplete="username" value={profile.data?.username ?? ''} readOnly hidden />
        <FieldList fields={FIELDS} bind={register} error={messageOf(e)} />
        <FormError text={formError} />
        {done ? (
          <p className="text-success" role="status">
            {CP.success}
          </p>
        ) : null}
        <div className="profile-form-actions">
          <Link to="/mypage" className="btn btn-secondary">
            {CP.cancel}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={change.isPending || done}>
            {change.isPending ? CP.busy : CP.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
