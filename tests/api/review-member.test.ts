import { describe, expect, it } from 'vitest';
import { memberClient } from '../support/client';
import { fileServer, ledgerCheckedAfterEach } from '../support/fixture';
import {
  adjustBalance,
  available,
  erc20Address,
  trc20Address,
  withdrawalCount,
  xrpAddress,
} from '../support/money';
import { nextCode } from '../support/totp';

const server = fileServer();
ledgerCheckedAfterEach(server);

const HANGUL = /[가-힣]/;

describe('external withdrawals the chain cannot carry', () => {
  // XRP moves in drops (6 decimals) and USDT has 6 decimals on TRC20 and ERC20: the payout checker
  // (src/server/payouts/verify.ts, baseUnits) says no transfer can match such an amount, so the request
  // could only hold the member's money until an administrator rejects it.
  it.each([
    ['XRP', 'XRPL', xrpAddress, '10.0000001'],
    ['USDT', 'TRC20', trc20Address, '10.0000001'],
    ['USDT', 'ERC20', erc20Address, '10.00000001'],
  ] as const)(
    '%s over %s with more decimals than the network has is a Korean 400 and holds nothing',
    async (currency, network, address, amount) => {
      const m = await memberClient(server.url);
      await adjustBalance(server.db, m.id, currency, '100');
      const res = await m.client.post('/api/withdrawals/crypto', {
        currency,
        amount,
        method: 'external',
        network,
        recipient_address: address(),
      });
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toMatch(HANGUL);
      expect(await withdrawalCount(server.db, m.id)).toBe(0);
      expect(await available(m.client, currency)).toMatchObject({ held: '0', available: '100' });
    },
  );
});

describe('binding a one-time code to the account', () => {
  // Disabling asks for the second password and a code; enrolling asks for nothing but the session. Whoever
  // holds a signed-in session (a shared computer, a stolen cookie) can bind their own authenticator, keep
  // the recovery codes, and the owner can no longer pass the login second step.
  it('is refused with the session alone (no second password); the member stays unenrolled', async () => {
    const m = await memberClient(server.url);
    const setup = await m.client.post('/api/totp/setup', {});
    const confirm =
      setup.status === 200
        ? await m.client.post('/api/totp/confirm', { otpCode: await nextCode(setup.body.data.secret) })
        : setup;
    expect(confirm.status).toBeGreaterThanOrEqual(400);
    expect(confirm.status).toBeLessThan(500);
    expect(confirm.body.error?.message).toMatch(HANGUL);
    const status = await m.client.get('/api/totp');
    expect(status.body.data.enrolled).toBe(false);
  });
});
