import { useState } from 'react';
import { MSG } from '../../../shared/messages/member-flows';
import { DEPOSIT_NETWORKS, type DepositNetwork, networkLabelFor } from '../../../shared/networks';
import type { AddressDepositCurrency } from '../../../shared/schemas/deposits';
import { AddressPage, ClaimForm } from './address-page';
import { ClaimFold, ContactAdmin, CopyRow, DepositFacts, DepositQr } from './deposit-parts';
import { useDepositAddress } from './use-deposits';

const M = MSG.deposit;
const S = MSG.depositScreen;
/** The networks each coin of this page arrives on: USDT on TRON (first) or Ethereum, ETH on Ethereum. */
const NETWORKS: Record<AddressDepositCurrency, readonly DepositNetwork[]> = {
  USDT: DEPOSIT_NETWORKS,
  ETH: ['ERC20'],
};

/**
 * A coin deposited to the member's own address (USDT, ETH), in Upbit's order: the network → the address
 * with its QR code and copy button → the minimum, the confirmations and the wrong-network warning; the
 * deposit then appears in 내역 by itself. A network whose chain the server does not read says so in one
 * sentence and shows nothing to send to. The TXID claim is folded away for what the scan cannot see
 * (USDT only: the server checks USDT transfers it is told of); ETH's fold sends the member to the desk,
 * which looks up ether no standard endpoint shows (decision 0411).
 */
export function ChainDepositPage({ currency }: { currency: AddressDepositCurrency }) {
  const networks = NETWORKS[currency];
  const [network, setNetwork] = useState<DepositNetwork>(networks[0]!);
  const q = useDepositAddress(currency, network);
  const label = networkLabelFor(currency, network);
  const view = q.data;
  const address = view?.connected ? view.address : null;
  const picker = (
    <fieldset className="deposit-networks">
      <legend>{S.networkLabel}</legend>
      {networks.map((n) => (
        <label key={n} className="deposit-network">
          <input
            type="radio"
            name="deposit-network"
            value={n}
            checked={n === network}
            onChange={() => setNetwork(n)}
          />
          {networkLabelFor(currency, n)}
        </label>
      ))}
    </fieldset>
  );
  return (
    <AddressPage
      query={q}
      currency={currency}
      title={S.title(currency)}
      picker={picker}
      offText={S.notConnected(currency, label)}
      ready={address !== null}
      box={(placeholder) => (
        <>
          <CopyRow
            id="deposit-address"
            label={S.addressLabel(currency)}
            value={address ?? placeholder}
            rows={2}
            copyable={address !== null}
            aria={S.copyAddressAria(currency)}
            done={S.copied}
          />
          {view && address ? (
            <>
              <DepositQr value={address} label={S.qrLabel(currency)} />
              <DepositFacts currency={currency} network={label} confirmations={view.min_confirmations} />
            </>
          ) : null}
        </>
      )}
      claim={(onClaimed) =>
        currency === 'USDT' ? (
          <ClaimFold title={S.claimTitle} lead={S.claimLead} intro={S.claimIntro}>
            <ClaimForm key={network} text={M} network={network} onDone={onClaimed} />
          </ClaimFold>
        ) : view ? (
          <ClaimFold
            title={S.claimTitle}
            lead={S.askDeskLead}
            intro={S.askDeskIntro}
            testId="deposit-ask-desk"
          >
            <ContactAdmin url={view.chat_url} />
          </ClaimFold>
        ) : null
      }
    />
  );
}
