import type { Client } from './client';
import { memberClient } from './client';
import { fileServer } from './fixture';
import { adjustBalance, idemKey, trc20Address } from './money';
import type { TestServer } from './server';

/**
 * The server of the withdrawal-rules files. Sample prices: 1 USDT = 1,431 KRW. Address delay 0.001 h (3.6 s),
 * hold 24 h after a KRW deposit, crypto limit 100,000 KRW a day, KRW limit 50,000, travel rule from
 * 14,310 KRW (10 USDT).
 */
const RULES_ENV = {
  WITHDRAWAL_ADDRESS_DELAY_HOURS: '0.001',
  KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: '24',
  KRW_FIRST_DEPOSIT_HOLD_HOURS: '72',
  DAILY_LIMIT_CRYPTO_KRW: '100000',
  DAILY_LIMIT_KRW: '50000',
  TRAVEL_RULE_THRESHOLD_KRW: '14310',
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A little over the address delay of RULES_ENV. */
export const WAIT_USABLE_MS = 3800;

/** A member of `server` holding `usdt` USDT, who registers their addresses themselves. */
async function ruleMember(server: TestServer, usdt = '1000') {
  const m = await memberClient(server.url);
  m.client.addressBookPin = null; // these files register their addresses themselves
  if (usdt !== '0') await adjustBalance(server.db, m.id, 'USDT', usdt);
  return m;
}
export async function register(client: Client, pin: string, over: Record<string, unknown> = {}) {
  return client.post('/api/withdrawal-addresses', {
    network: 'TRC20',
    address: trc20Address(),
    label: '내 지갑',
    wallet_kind: 'own',
    second_password: pin,
    ...over,
  });
}
export const external = (address: string, over: Record<string, unknown> = {}) => ({
  currency: 'USDT',
  amount: '2',
  method: 'external',
  network: 'TRC20',
  recipient_address: address,
  ...over,
});
export const withdraw = (client: Client, body: unknown) =>
  client.post('/api/withdrawals/crypto', body, { 'idempotency-key': idemKey() });

/** The file's server on RULES_ENV, and `member(usdt?)`: a member of it holding USDT. */
export function rulesFile() {
  const server = fileServer(RULES_ENV);
  return { server, member: (usdt?: string) => ruleMember(server, usdt) };
}
