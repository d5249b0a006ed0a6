import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_LOCK_CURRENCY, LOCK_CURRENCIES } from '../../../shared/constants';
import { D, toWire } from '../../../shared/decimal';
import { MSG } from '../../../shared/messages';
import { type LockBody, lockBodySchema } from '../../../shared/schemas/admin';
import type { LockView, MemberDetail } from '../../../shared/schemas/admin-views';
import type { z } from '../../../shared/zod';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { FormField } from './fields';
import { exact } from './format';
import { BusyButton } from './kit';
import { DialogActions, Modal } from './modal';
import { doneOrProposed } from './proposals-tab';
import { ResultMessage, useResult } from './result-message';

const L = MSG.admin.locks;
type Output = z.output<typeof lockBodySchema>;

const formValues = (lock: LockView | null): LockBody => ({
  currency: lock?.currency ?? DEFAULT_LOCK_CURRENCY,
  locked_amount: lock?.locked_amount ?? '',
  lock_start_date: lock?.lock_start_date ?? '',
  lock_end_date: lock?.lock_end_date ?? '',
  reason: lock?.reason ?? '',
});

/** SPEC §2: the lock add/edit dialog (currency default usdt, amount, optional dates and reason). */
export function LockDialog({
  open,
  lock,
  detail,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The lock being edited, or null to add one. */
  lock: LockView | null;
  detail: MemberDetail;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const result = useResult();
  const form = useForm<LockBody, unknown, Output>({
    resolver: zodResolver(lockBodySchema),
    defaultValues: formValues(lock),
  });
  const { register, reset, watch } = form;
  const { clear } = result;
  useEffect(() => {
    if (open) {
      reset(formValues(lock));
      clear();
    }
  }, [open, lock, reset, clear]);
  const base = `/admin/members/${detail.member.id}/locks`;
  const save = useAdminMutation((body: Output) =>
    lock ? api.put<LockView>(`${base}/${lock.id}`, body) : api.post<LockView>(base, body),
  );

  // What may be locked: the available balance, plus the edited lock itself when it holds this currency.
  const currency = (watch('currency') ?? DEFAULT_LOCK_CURRENCY).toUpperCase();
  const balance = detail.balances.find((b) => b.currency === currency);
  const own = lock?.active && lock.currency.toUpperCase() === currency ? lock.locked_amount : '0';
  const lockable = balance ? toWire(new D(balance.available).plus(own)) : '0';
  const prefix = lock ? MSG.admin.failed.lockEdit : MSG.admin.failed.lockAdd;

  return (
    <Modal open={open} title={lock ? L.editTitle : L.addTitle} onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((body) => {
          result.clear();
          save.mutate(body, {
            onSuccess: (data) =>
              onSaved(doneOrProposed(data, lock ? MSG.admin.lockEdited : MSG.admin.lockAdded)),
            onError: (err) => result.fail(prefix, err),
          });
        })}
      >
        <div className="field">
          <label htmlFor="lock-currency">{L.currency}</label>
          <select id="lock-currency" {...register('currency')}>
            {LOCK_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <FormField
          form={form}
          name="locked_amount"
          label={L.amount}
          inputMode="decimal"
          hint={L.available(exact(lockable), currency)}
        />
        <div className="adm-two-fields">
          <FormField form={form} name="lock_start_date" label={L.start} type="date" />
          <FormField form={form} name="lock_end_date" label={L.end} type="date" />
        </div>
        <FormField form={form} name="reason" label={L.reason} placeholder={L.reasonPlaceholder} />
        <ResultMessage text={result.text} />
        <DialogActions onCancel={onClose}>
          <BusyButton busy={save.isPending} label={MSG.admin.save} />
        </DialogActions>
      </form>
    </Modal>
  );
}
