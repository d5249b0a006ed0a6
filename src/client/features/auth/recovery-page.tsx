import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../shared/messages/member';
import { RECOVERY_MESSAGES } from '../../../shared/messages/recovery';
import {
  type RecoveryFinishBody,
  type RecoverySecret,
  recoveryFinishBodySchema,
  recoveryRequestBodySchema,
} from '../../../shared/schemas/recovery';
import { FieldList, type FieldSpec, NEW_PASSWORD, PIN_INPUT } from '../../components/field';
import { api, refusalMessage } from '../../lib/api';
import { AuthForm } from './auth-form';

const R = RECOVERY_MESSAGES.recovery;

type Name = 'identifier' | 'code' | 'new_secret' | 'new_secret_confirm';
type Values = Record<Name, string>;
const EMPTY: Values = { identifier: '', code: '', new_secret: '', new_secret_confirm: '' };

const fieldsOf = (secret: RecoverySecret, sent: boolean): FieldSpec<Name>[] => {
  const input = secret === 'password' ? NEW_PASSWORD : PIN_INPUT;
  const identifier: FieldSpec<Name> = {
    name: 'identifier',
    label: R.identifierLabel,
    placeholder: R.identifierPlaceholder,
    autoComplete: 'username',
    autoCapitalize: 'none',
    readOnly: sent,
  };
  if (!sent) return [identifier];
  return [
    identifier,
    {
      name: 'code',
      label: R.codeLabel,
      placeholder: R.codePlaceholder,
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
    },
    { name: 'new_secret', label: secret === 'password' ? R.newPasswordLabel : R.newSecondLabel, ...input },
    { name: 'new_secret_confirm', label: R.confirmLabel, ...input },
  ];
};

/** The first message of each field a schema refuses. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Partial<Values> = {};
  for (const i of result.error?.issues ?? []) errors[i.path[0] as Name] ??= i.message;
  return errors;
}

/**
 * 비밀번호 찾기 (and, with ?secret=second_password, the second password's): the member asks for a code by
 * username or e-mail, reads it in the mail sent to the account's e-mail, and chooses the new secret. The
 * answer to the first step is the same whether or not the account exists (decision 0400).
 */
export function RecoveryPage() {
  const [params] = useSearchParams();
  const secret: RecoverySecret = params.get('secret') === 'second_password' ? 'second_password' : 'password';
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [note, setNote] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFormError(null);
    try {
      await work();
    } catch (err) {
      setFormError(refusalMessage(err, R.unexpected));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!sent) {
      const body = { identifier: values.identifier, secret };
      const found = issuesOf(recoveryRequestBodySchema.safeParse(body));
      setErrors(found);
      if (Object.keys(found).length) return;
      void run(async () => {
        const r = await api.post<{ message: string }>('/recovery', body);
        setNote(r.message);
        setSent(true);
      });
      return;
    }
    const body: RecoveryFinishBody = { ...values, secret };
    const parsed = recoveryFinishBodySchema.safeParse(body);
    const found = issuesOf(parsed);
    setErrors(found);
    if (!parsed.success) return;
    void run(async () => {
      const r = await api.post<{ message: string }>('/recovery/finish', parsed.data);
      setDone(r.message);
    });
  };

  const title = secret === 'password' ? R.passwordTitle : R.secondTitle;
  if (done)
    return (
      <section className="page auth-page">
        <h1 className="page-title">{title}</h1>
        <p role="status">{done}</p>
        <p className="auth-switch">
          <Link to="/login">{R.backToLogin}</Link>
        </p>
      </section>
    );
  return (
    <AuthForm
      text={{ title, submit: sent ? R.finish : R.send, busy: MSG.common.processing }}
      description={note ?? R.startHint}
      onSubmit={onSubmit}
      formError={formError}
      busy={busy}
      link={{ to: '/login', label: R.backToLogin }}
    >
      <FieldList
        fields={fieldsOf(secret, sent)}
        bind={(name) => ({
          name,
          value: values[name],
          onChange: (e) => setValues({ ...values, [name]: e.target.value }),
        })}
        error={(name) => errors[name]}
      />
    </AuthForm>
  );
}
