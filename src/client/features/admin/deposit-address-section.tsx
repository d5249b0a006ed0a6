import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '../../../shared/messages';
import { DEPOSIT_NETWORKS, type DepositNetwork } from '../../../shared/networks';
import { type DepositAddressBody, depositAddressBodySchema } from '../../../shared/schemas/admin-accounts';
import type { MemberDetail } from '../../../shared/schemas/admin-views';
import type { z } from '../../../shared/zod';
import { api } from '../../lib/api';
import { useAdminMutation } from './api';
import { FormField } from './fields';
import { SavedRecordForm } from './modal';
import { useResult } from './result-message';
import { Section } from './section';

const A = MSG.admin;
const D = A.address;
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
  const form = useForm<DepositAddressBody, unknown, Output>({
    resolver: zodResolver(depositAddressBodySchema),
    defaultValues: { network, deposit_address: current ?? '' },
  });
  const { reset } = form;
  useEffect(() => reset({ network, deposit_address: current ?? '' }), [network, current, reset]);
  const save = useAdminMutation((body: Output) => api.put(url, { ...body, network }));
  const clear = useAdminMutation((n: DepositNetwork) => api.delete(`${url}?network=${n}`));

  return (
    <div className="adm-subsection" data-network={network}>
      <p className="adm-status">
        <span className="adm-badge">{network}</span> <span className="adm-muted">{D.current}</span>{' '}
        {current ? <code className="adm-code">{current}</code> : <span>{D.none}</span>}
      </p>
      <SavedRecordForm
        className="adm-inline-form"
        submit={form.handleSubmit}
        save={{ mutation: save, label: D.save, done: A.addressSaved, failPrefix: A.failed.address }}
        current={current ? network : null}
        remove={{
          label: D.clear,
          title: D.clearTitle,
          body: D.clearNetworkBody,
          mutation: clear,
          done: A.addressCleared,
          failPrefix: A.failed.address,
        }}
        result={result}
      >
        <FormField
          form={form}
          name="deposit_address"
          label={D.networkLabel(network)}
          placeholder={D.networkPlaceholder(network)}
          spellCheck={false}
        />
      </SavedRecordForm>
    </div>
  );
}
