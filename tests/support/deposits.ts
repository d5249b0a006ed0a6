import type { Queryable } from '../../src/server/db';
import { memberClient } from './client';
import { fileServer, ledgerCheckedAfterEach } from './fixture';
import { setDepositAddress, trc20Address, txid } from './money';

/** The body of a member's USDT deposit over TRC20 (POST /api/deposits/crypto), with `over` changed. */
export const cryptoDepositBody = (over: Record<string, unknown> = {}) => ({
  amount: '12.5',
  txid: txid(),
  sender_address: trc20Address(),
  ...over,
});

/** A new member of the server at `url` with a TRC20 deposit address assigned (returned as `address`). */
export async function memberWithDepositAddress(server: { url: string; db: Queryable }) {
  const m = await memberClient(server.url);
  const address = trc20Address();
  await setDepositAddress(server.db, m.id, address);
  return { ...m, address };
}

/**
 * The deposit files' server (with the administrator chat link), its ledger checked after every test, and
 * `memberWithAddress()`: a member of it with a TRC20 deposit address.
 */
export function depositsFile() {
  const server = fileServer({ ADMIN_CHAT_URL: 'https://chat.example.com/admin' });
  ledgerCheckedAfterEach(server);
  return { server, memberWithAddress: () => memberWithDepositAddress(server) };
}
