import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useState } from 'react';
import { MSG } from '../../../shared/messages/member';
import { CopyButton } from '../../components/copy-button';
import { Field } from '../../components/field';
import { ApiError, errorMessage } from '../../lib/api';
import { useConfirmTotp, useFinishTotp, useStartTotp } from './use-totp';
import './totp.css';
import { BlockSubmit, FormError } from '../form-end';
import { SecondPasswordField } from './second-password-field';

const O = MSG.otp;

/**
 * Enrolment: the server makes a secret; the screen shows its otpauth:// QR code and the secret as text;
 * the first code confirms it; the 10 recovery codes are shown once. Used by my page and the admin page.
 */
export default function TotpEnrolment({ onCancel, onDone }: { onCancel?: () => void; onDone?: () => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const finish = useFinishTotp();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ otpCode?: string; second_password?: string; form?: string }>({});
  const titleId = useId();
  const startEnrolment = start.mutate;

  useEffect(() => {
    startEnrolment();
  }, [startEnrolment]);

  if (confirm.data) {
    return (
      <section className="totp-box" aria-labelledby={titleId}>
        <h3 id={titleId} className="totp-title">
          {O.recoveryTitle}
        </h3>
        <p className="muted">{O.recoveryIntro}</p>
        <ol className="totp-recovery" data-testid="recovery-codes">
          {confirm.data.recoveryCodes.map((c) => (
            <li key={c}>
              <code translate="no">{c}</code>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => {
            void finish();
            onDone?.();
          }}
        >
          {O.recoveryDone}
        </button>
      </section>
    );
  }

  if (start.isError) {
    return (
      <div className="totp-box">
        <p className="form-error" role="alert">
          {errorMessage(start.error)}
        </p>
        {onCancel ? (
          <button type="button" className="btn btn-secondary btn-block" onClick={onCancel}>
            {O.cancel}
          </button>
        ) : null}
      </div>
    );
  }
  if (!start.data) return <p className="muted">{O.starting}</p>;

  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    const typed = code.replace(/\s/g, '');
    const next = {
      otpCode: /^\d{6}$/.test(typed) ? undefined : typed === '' ? O.required : O.format,
      second_password: pin ? undefined : MSG.secondFactor.required,
    };
    setErrors(next);
    if (next.otpCode || next.second_password) return;
    confirm.mutate(
      { otpCode: typed, second_password: pin },
      {
        onError: (err) => {
          setCode('');
          setPin('');
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (fields?.otpCode) setErrors({ otpCode: fields.otpCode });
          else if (fields?.second_password) setErrors({ second_password: fields.second_password });
          else setErrors({ form: errorMessage(err) });
        },
      },
    );
  };

  return (
    <form className="totp-box form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId} className="totp-title">
        {O.enrolTitle}
      </h3>
      <p>{O.step1}</p>
      <div className="totp-qr">
        <QRCodeSVG value={start.data.uri} size={184} marginSize={2} title={O.qrLabel} role="img" />
      </div>
      <p className="muted">{O.step1Manual}</p>
      <p className="totp-secret">
        <span className="muted">{O.secretLabel}</span>
        <code data-testid="totp-secret" translate="no">
          {start.data.secret.match(/.{1,4}/g)?.join(' ')}
        </code>
      </p>
      <div className="totp-actions">
        <CopyButton text={start.data.secret} label={MSG.otpExtra.copySecret} done={MSG.otpExtra.copied} />
        {/* On the phone that holds the authenticator app, the link opens it with the secret filled in. */}
        <a className="btn btn-secondary" href={start.data.uri} data-testid="totp-link">
          {MSG.otpExtra.openApp}
        </a>
      </div>
      <p>{O.step2}</p>
      <Field
        label={O.confirmCodeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        placeholder={O.confirmCodePlaceholder}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.otpCode}
        data-testid="totp-confirm-code"
      />
      <SecondPasswordField value={pin} onChange={setPin} error={errors.second_password} />
      <FormError text={errors.form} />
      <BlockSubmit busy={confirm.isPending} label={O.confirmButton} busyLabel={O.confirmBusy} />
      {onCancel ? (
        <button type="button" className="btn btn-secondary btn-block" onClick={onCancel}>
          {O.cancel}
        </button>
      ) : null}
    </form>
  );
}
