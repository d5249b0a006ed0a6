import type { BalanceCurrency } from '../../src/shared/constants';
import { memberClient } from './client';
import { fileServer, ledgerCheckedAfterEach } from './fixture';
import { adjustBalance, trc20Address } from './money';
import type { TestServer } from './server';

/** The body of an external USDT withdrawal over TRC20 (10 USDT to a fresh address), with `over` changed. */
export const externalWithdrawalBody = (over: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  amount: '10',
  method: 'external',
  recipient_address: trc20Address(),
  network: 'TRC20',
  ...over,
});

/** A new member of the server at `url` holding `amount` of `currency`. */
export async function fundedMember(server: TestServer, currency: BalanceCurrency, amount: string) {
  const m = await memberClient(server.url);
  await adjustBalance(server.db, m.id, currency, amount);
  return m;
}

/** The withdrawal files' server, its ledger checked after every test, and `funded(currency, amount)`: a member of it holding that. */
export function withdrawalsFile() {
  const server = fileServer();
  ledgerCheckedAfterEach(server);
  return {
    server,
    funded: (currency: BalanceCurrency, amount: string) => fundedMember(server, currency, amount),
  };
}
