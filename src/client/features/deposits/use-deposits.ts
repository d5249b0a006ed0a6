import { useQuery } from '@tanstack/react-query';
import { MSG } from '../../../shared/messages/member-flows';
import type { DepositNetwork } from '../../../shared/networks';
import type {
  AddressDepositCurrency,
  CryptoDepositBody,
  DepositAddressView,
  KrwDepositBody,
  XrpDepositAddressView,
} from '../../../shared/schemas/deposits';
import { api } from '../../lib/api';
import { idempotentPost } from '../../lib/use-money-submit';

const DEPOSIT_ADDRESS_KEY = ['deposit-address'] as const;

/**
 * The member's deposit address of `currency` on `network` (null: none yet), whether the server reads that
 * chain, the confirmations it waits for, and the administrator chat link.
 */
export function useDepositAddress(currency: AddressDepositCurrency, network: DepositNetwork) {
  return useQuery({
    queryKey: [...DEPOSIT_ADDRESS_KEY, currency, network],
    queryFn: () =>
      api.get<DepositAddressView>(`/deposit-address?currency=${currency}&network=${network}`, {
        schema: 'depositAddress',
      }),
    staleTime: 60_000,
    retry: 1,
  });
}

/** The service's XRP address with the member's own destination tag (assigned on first ask). */
export function useXrpDepositAddress() {
  return useQuery({
    queryKey: [...DEPOSIT_ADDRESS_KEY, 'XRPL'],
    queryFn: () => api.get<XrpDepositAddressView>('/deposit-address/xrp', { schema: 'xrpDepositAddress' }),
    staleTime: 60_000,
    retry: 1,
  });
}

/**
 * What the money-form routine (`useMoneySubmit`) needs of a deposit request besides the form: after it
 * every balance view and the history show the new state; a session gone says the deposits' login message.
 */
const DEPOSIT = {
  refetch: [['balances'], ['history']],
  loginRequired: MSG.depositKrw.loginRequired,
} as const;

/** POST /deposits/crypto (USDT, and the XRP claim), and the fields its per-field messages land under. */
export const CRYPTO_DEPOSIT = {
  ...DEPOSIT,
  send: idempotentPost<CryptoDepositBody>('/deposits/crypto', 'deposit'),
  fields: ['amount', 'network', 'txid', 'sender_address'],
} as const;

/** POST /deposits/krw, and the fields its per-field messages land under. */
export const KRW_DEPOSIT = {
  ...DEPOSIT,
  send: idempotentPost<KrwDepositBody>('/deposits/krw', 'deposit'),
  fields: ['amount', 'depositor_name'],
} as const;
