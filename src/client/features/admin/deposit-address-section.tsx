import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '../../../shared/messages';
import { DEPOSIT_NETWORKS, type DepositNetwork } from '../../../shared/networks';
import { type DepositAddressBody, depositAddressBodySchema } from '../../../shared/schemas/admin-accounts';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { z } from '../../../shared/zod';
import { Field } from '../../components/field';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { closeAndReport, SubmitButton, sendAndReport } from './kit';
import { ConfirmDialog } from './modal';
import { ResultMessage, useResult } from './result-message';
import { Section } from './section';

const D = MSG.admin.address;
type Output = z.output<typeof depositAddressBodySchema>;

/** SPEC §2 "deposit address management": the member's USDT deposit address, one per network. */
export function DepositAddressSection({ detail }: { detail: MemberDetail }) {
  return (
    <Section title={D.title}>
      {DEPOSIT_NETWORKS.map((network) => (
        <NetworkAddressForm
          key={network}
          memberId={detail.member.id}
          network={network}
          current={detail.member.deposit_addresses[network]}
        />
      ))}
    </Section>
  );
}

function NetworkAddressForm({
  memberId,
  network,
  current,
}: {
  memberId: string;
  network: DepositNetwork;
  current: string | null;
}) {
  const url = `/admin/members/${memberId}/deposit-address`;
  const result = useResult();
  const [confirming, setConfirming] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm<DepositAddressBody, unknown, Output>({
    resolver: zodResolver(depositAddressBodySchema),
    defaultValues: { network, deposit_address: current ?? '' },
  });
  useEffect(() => reset({ network, deposit_address: current ?? '' }), [network, current, reset]);
  const save = useAdminMutation((body: Output) => api.put(url, { ...body, network }));
  const clear = useAdminMutation(() => api.delete(`${url}?network=${network}`));

  return (
    <div className="adm-subsection" data-network={network}>
      <p className="adm-status">
        <span className="adm-badge">{network}</span> <span className="adm-muted">{D.current}</span>{' '}
        {current ? <code className="adm-code">{current}</code> : <span>{D.none}</span>}
      </p>
      <form
        className="adm-inline-form"
        noValidate
        onSubmit={handleSubmit(sendAndReport(result, save, MSG.admin.addressSaved, MSG.admin.failed.address))}
      >
        <Field
          label={D.networkLabel(network)}
          placeholder={D.networkPlaceholder(network)}
          autoComplete="off"
          spellCheck={false}
          {...register('deposit_address')}
          error={formState.errors.deposit_address?.message}
        />
        <div className="adm-actions">
          <SubmitButton busy={save.isPending} label={D.save} />
          {current ? (
            <button type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)}>
              {D.clear}
            </button>
          ) : null}
        </div>
      </form>
      <ResultMessage text={result.text} />
      <ConfirmDialog
        open={confirming}
        title={D.clearTitle}
        body={D.clearNetworkBody(network)}
        confirmLabel={D.clear}
        danger
        busy={clear.isPending}
        onConfirm={() =>
          clear.mutate(
            undefined,
            closeAndReport(
              () => setConfirming(false),
              result,
              MSG.admin.addressCleared,
              MSG.admin.failed.address,
            ),
          )
        }
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
