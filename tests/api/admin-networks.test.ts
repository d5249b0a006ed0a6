import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { adminClient, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import {
  adjustBalance,
  erc20Address,
  setDepositAddress,
  trc20Address,
  txid,
  xrpAddress,
} from '../support/money';
import { external } from '../support/withdrawal-rules';

/** The administrator's request list: network, address, destination tag and explorer links. */
const server = fileServer({
  EXPLORER_URL_TRC20: 'https://tron.explorer.test/#',
  EXPLORER_URL_XRPL: 'https://xrp.explorer.test/',
});

type Row = Record<string, unknown>;

describe('request list: networks and explorer links', () => {
  it('shows network, address, tag and links built from the configured explorers', async () => {
    const admin = await adminClient(server.url, server.db);
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'XRP', '100');
    await adjustBalance(server.db, m.id, 'ETH', '1');
    const xrp = xrpAddress();
    const w = await m.client.post(
      '/api/withdrawals/crypto',
      external(xrp, { currency: 'XRP', amount: '10', network: 'XRPL', destination_tag: '123456' }),
    );
    expect(w.status).toBe(201);
    const eth = erc20Address();
    const e = await m.client.post(
      '/api/withdrawals/crypto',
      external(eth, { currency: 'ETH', amount: '0.5', network: 'ERC20' }),
    );
    expect(e.status).toBe(201);
    // A request from before network checks (XRP over TRC20) is flagged, so the administrator rejects it.
    const legacyAddress = trc20Address();
    await server.db.query(
      `INSERT INTO withdrawals (member_id, currency, amount, fee, final_amount, method, network, recipient_address)
       VALUES ($1, 'XRP', 5, 0.25, 4.75, 'external', 'TRC20', $2)`,
      [m.id, legacyAddress],
    );
    const deposit = trc20Address();
    await setDepositAddress(server.db, m.id, deposit);
    const hash = txid();
    expect(
      (
        await m.client.post('/api/deposits/crypto', {
          amount: '5',
          txid: hash,
          sender_address: trc20Address(),
        })
      ).status,
    ).toBe(201);

    const list = await admin.client.get(`/api/admin/withdrawals?memberId=${m.id}`);
    expect(list.status).toBe(200);
    const items = list.body.data.items as Row[];
    const byAddress = (a: string) => items.find((r) => r.recipient_address === a);
    expect(byAddress(xrp)).toMatchObject({
      network: 'XRPL',
      destination_tag: '123456',
      address_url: `https://xrp.explorer.test/account/${xrp}`,
      network_allowed: true,
    });
    expect(byAddress(eth)).toMatchObject({
      network: 'ERC20',
      destination_tag: null,
      address_url: `https://etherscan.io/address/${eth}`,
      network_allowed: true,
    });
    expect(byAddress(legacyAddress)).toMatchObject({
      network: 'TRC20',
      address_url: `https://tron.explorer.test/#/address/${legacyAddress}`,
      network_allowed: false,
    });
    const deposits = await admin.client.get(`/api/admin/deposits?memberId=${m.id}`);
    expect(deposits.body.data.items).toEqual([
      expect.objectContaining({
        network: 'TRC20',
        deposit_address: deposit,
        txid: hash,
        tx_url: `https://tron.explorer.test/#/transaction/${hash}`,
        address_url: `https://tron.explorer.test/#/address/${deposit}`,
      }),
    ]);
    // The member detail lists the same requests with the same links.
    const detail = await admin.client.get(`/api/admin/members/${m.id}`);
    expect(detail.body.data.withdrawals.find((r: Row) => r.recipient_address === xrp)).toMatchObject({
      address_url: `https://xrp.explorer.test/account/${xrp}`,
    });
  });

  it('explorer URLs are validated configuration (http or https only)', () => {
    expect(loadConfig({}).explorerUrls).toEqual({
      TRC20: 'https://tronscan.org/#',
      ERC20: 'https://etherscan.io',
      XRPL: 'https://xrpscan.com',
      BTC: 'https://mempool.space',
    });
    expect(() => loadConfig({ EXPLORER_URL_BTC: 'javascript:alert(1)' })).toThrow(/EXPLORER_URL_BTC/);
    expect(() => loadConfig({ EXPLORER_URL_ERC20: 'not a url' })).toThrow(/EXPLORER_URL_ERC20/);
  });
});
