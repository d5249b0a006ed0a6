import { describe, expect, it } from 'vitest';
import type { ReserveLine } from '../../src/shared/schemas/reserves';
import { fileLedgerServer, fileTronApi, fileXrplApi } from '../support/chain-server';
import { memberClient } from '../support/client';
import { fileAdmin } from '../support/fixture';
import { adjustBalance, setDepositAddress, trc20Address, xrpAddress } from '../support/money';

// Reserves on TRON and the XRP Ledger, against local stand-ins shaped like those APIs: USDT held at TRON
// deposit addresses and wallets (Ethereum not configured, so left out and named), XRP at the service
// address and wallets, an account never funded counted as 0, and a bad answer leaving holdings unknown.
const tron = fileTronApi();
const xrpl = fileXrplApi();
const SERVICE = xrpAddress();
const XRP_HOT = xrpAddress();
const XRP_COLD = [xrpAddress(), xrpAddress()];
const TRON_HOT = trc20Address();
const TRON_COLD = trc20Address();

// A database of its own: liabilities are the whole service's, no other file's members in the sums.
const server = fileLedgerServer({ tron, xrpl }, () => ({
  TRON_USDT_CONTRACT: trc20Address(),
  XRP_DEPOSIT_ADDRESS: SERVICE,
  PAYOUT_HOT_WALLET_TRC20: TRON_HOT,
  PAYOUT_HOT_WALLET_XRPL: XRP_HOT,
  RESERVE_COLD_WALLETS_TRC20: TRON_COLD,
  RESERVE_COLD_WALLETS_XRPL: XRP_COLD.join(','),
}));
const admin = fileAdmin(server);

type Line = ReserveLine;
const take = async () => {
  const r = await admin.client.post('/api/admin/reserves');
  expect(r.status).toBe(200);
  const items = r.body.data.items as Line[];
  return (currency: string) => items.find((i) => i.currency === currency)!;
};

describe('reserves on TRON and the XRP Ledger', () => {
  it('counts deposit addresses, hot and cold wallets per network, and says what it could not read', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'XRP', '100');
    await adjustBalance(server.db, m.id, 'USDT', '30');
    const depositAt = trc20Address();
    await setDepositAddress(server.db, m.id, depositAt, 'TRC20');

    xrpl.setBalance(SERVICE, 40_000_000n);
    xrpl.setBalance(XRP_HOT, 10_000_000n);
    xrpl.setBalance(XRP_COLD[0]!, 60_000_000n); // XRP_COLD[1] never funded: actNotFound, 0
    tron.setTokenBalance(depositAt, 5_000_000n);
    tron.setTokenBalance(TRON_HOT, 5_000_000n);
    tron.setTokenBalance(TRON_COLD, 25_500_000n);

    const first = await take();
    expect(first('XRP')).toMatchObject({
      holdings: '110',
      deposit_addresses: '40',
      hot: '10',
      cold: '60',
      cold_share: '0.545454',
      detail: null,
    });
    expect(first('XRP').warnings).toEqual(['cold_below_80']);
    expect(first('USDT')).toMatchObject({ holdings: '35.5', deposit_addresses: '5', hot: '5', cold: '25.5' });
    expect(first('USDT').warnings).toEqual(['cold_below_80']);
    // Ethereum has no provider here: USDT's figure leaves it out and says so; ETH cannot be read at all.
    expect(first('USDT').detail).toMatch(/ERC20/);
    expect(first('ETH').holdings).toBeNull();

    // Holdings below what members are owed raise their own warning.
    xrpl.setBalance(SERVICE, 0n);
    xrpl.setBalance(XRP_HOT, 0n);
    xrpl.setBalance(XRP_COLD[0]!, 90_000_000n);
    const second = await take();
    expect(second('XRP')).toMatchObject({ holdings: '90', cold_share: '1' });
    expect(second('XRP').warnings).toEqual(['holdings_below_liabilities']);

    // A garbage answer: XRP's holdings are unknown (never a partial sum), USDT is still read.
    xrpl.setRaw((res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":'));
    try {
      const third = await take();
      expect(third('XRP').holdings).toBeNull();
      expect(third('XRP').warnings).toContain('holdings_unknown');
      expect(third('XRP').detail).toMatch(/XRPL/);
      expect(third('USDT').holdings).toBe('35.5');
    } finally {
      xrpl.setRaw(null);
    }
  });
});
