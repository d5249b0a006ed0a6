import { lazy, Suspense, useState } from 'react';
import { MSG } from '../../../shared/messages/member';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Field } from '../field';
import { FormError } from '../form-end';
import { TitledSection } from '../titled-section';
import { SecondPasswordField } from './second-password-field';
import { useDisableTotp, useTotpStatus } from './use-totp';

const O = MSG.otp;
/** The QR code library loads with the enrolment, not with my page. */
const TotpEnrolment = lazy(() => import('./totp-enrolment'));

/** My page's OTP card: status, enrolment, disabling (code or recovery code + second password). */
export function TotpSection() {
  const status = useTotpStatus();
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view');
  const enrolled = status.data?.enrolled === true;
  return (
    <TitledSection
      title={O.sectionTitle}
      beside={
        status.data ? (
          <span className={`status-badge ${enrolled ? 'status-success' : 'status-muted'}`}>
            {enrolled ? O.statusOn : O.statusOff}
          </span>
        ) : null
      }
      className="profile-card"
      headClassName="profile-card-head"
      titleClassName="profile-card-title"
      testId="totp-section"
    >
      {status.isError ? (
        <p className="form-error" role="alert">
          {O.loadFailed}
        </p>
      ) : !status.data ? null : mode === 'enrol' ? (
        <Suspense fallback={<p className="muted">{O.starting}</p>}>
          <TotpEnrolment
            onCancel={() => setMode('view')}
            onDone={() => {
              toast.success(O.enrolled);
              setMode('view');
            }}
          />
        </Suspense>
      ) : mode === 'disable' ? (
        <DisableForm onClose={() => setMode('view')} />
      ) : (
        <>
          <p className="muted totp-help">
            {enrolled ? O.statusOnHelp : O.statusOffHelp}
            {enrolled ? ` ${O.recoveryLeft(status.data.recoveryCodesLeft)}` : ''}
          </p>
          <button
            type="button"
            className={`btn btn-block ${enrolled ? 'btn-secondary' : 'btn-primary'}`}
            onClick={() => setMode(enrolled ? 'disable' : 'enrol')}
          >
            {enrolled ? O.disableButton : O.enrolButton}
          </button>
        </>
      )}
    </TitledSection>
  );
}

function DisableForm({ onClose }: { onClose: () => void }) {
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ otpCode?: string; second_password?: string; form?: string }>({});
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    const next = {
      otpCode: code.trim() ? undefined : O.required,
      second_password: pin ? undefined : MSG.secondFactor.required,
    };
    setErrors(next);
    if (next.otpCode || next.second_password) return;
    disable.mutate(
      { otpCode: code.trim(), second_password: pin },
      {
        onSuccess: () => {
          toast.success(O.disabled);
          onClose();
        },
        onError: (err) => {
          setCode('');
          setPin('');
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (fields?.otpCode) setErrors({ otpCode: fields.otpCode });
          else setErrors({ form: errorMessage(err) });
        },
      },
    );
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="muted">{O.disableIntro}</p>
      <Field
        label={O.codeLabel}
        autoComplete="one-time-code"
        placeholder={O.codePlaceholder}
        maxLength={40}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.otpCode}
      />
      <SecondPasswordField value={pin} onChange={setPin} error={errors.second_password} />
      <FormError text={errors.form} />
      <button type="submit" className="btn btn-primary btn-block" disabled={disable.isPending}>
        {O.disableSubmit}
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {O.cancel}
      </button>
    </form>
  );
}
