import { describe, expect, it } from 'vitest';
import { memberClient } from '../support/client';
import { fileServer, late } from '../support/fixture';
import { erc20Address, setDepositAddress, trc20Address, xrpAddress } from '../support/money';
import { startTronApi } from '../support/tron-api';

// What a deposit page is told of its network: whether the server reads that chain (`connected`) and the
// confirmations it waits for. Here TRON's connection is set, Ethereum's and the XRP Ledger's are not.
const tron = late(startTronApi, (t) => t.close());
const server = fileServer(() => ({
  TRON_API_URL: tron.url,
  TRON_MIN_CONFIRMATIONS: '20',
  ETH_MIN_CONFIRMATIONS: '7',
  XRP_DEPOSIT_ADDRESS: xrpAddress(),
}));

describe('the deposit address view', () => {
  it('says which networks the server reads, and the confirmations each waits for', async () => {
    const { client, id } = await memberClient(server.url);
    const trc = trc20Address();
    const erc = erc20Address();
    await setDepositAddress(server.db, id, trc);
    await setDepositAddress(server.db, id, erc);

    const usdtTron = (await client.get('/api/deposit-address?network=TRC20')).body.data;
    expect(usdtTron).toMatchObject({
      currency: 'USDT',
      address: trc,
      connected: true,
      min_confirmations: 20,
    });
    const usdtEth = (await client.get('/api/deposit-address?network=ERC20')).body.data;
    expect(usdtEth).toMatchObject({ currency: 'USDT', address: erc, connected: false, min_confirmations: 7 });

    // ETH: the member's Ethereum address, on Ethereum whatever network is asked.
    for (const url of [
      '/api/deposit-address?currency=ETH',
      '/api/deposit-address?currency=ETH&network=TRC20',
    ]) {
      const r = await client.get(url);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({
        currency: 'ETH',
        network: 'ERC20',
        address: erc,
        qr_value: erc,
        connected: false,
        min_confirmations: 7,
      });
    }
    const bad = await client.get('/api/deposit-address?currency=BTC');
    expect(bad.status).toBe(400);

    // XRP: the address and the member's tag, but no ledger connection to find payments or check a claim.
    const xrp = (await client.get('/api/deposit-address/xrp')).body.data;
    expect(xrp).toMatchObject({ network: 'XRPL', connected: false, min_confirmations: 1 });
    expect(xrp.destination_tag).toMatch(/^\d+$/);
  });
});
