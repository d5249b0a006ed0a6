import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assetKrwValue, type PriceTable } from '../../src/shared/assets';
import type { ViewCurrency } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { fund, insertWithdrawal } from '../support/admin-fixtures';
import { memberClient } from '../support/client';
import { fileAdmin, fileChecker, fileServer } from '../support/fixture';
import { confirmAs } from '../support/four-eyes';
import { balanceOf } from '../support/money';

// Overriding the chain's verdict and valuing at a stalled price are not ways around the second
// administrator (decision 0370). Its own database: the stored prices here must not reach other files.
const server = fileServer(
  { ETH_RPC_URL: 'http://127.0.0.1:9', CHAIN_CHECK_INTERVAL_MS: '3600000' },
  { ownDatabase: true },
);
const a = fileAdmin(server);
const b = fileChecker(server);

const usdt = (id: string) => balanceOf(server.db, id, 'USDT');

describe('the chain’s verdict', () => {
  it('overriding a final "not found" is a proposal, credited only with a second administrator', async () => {
    const m = await memberClient(server.url);
    const [d] = await server.db.query<{ id: string }>(
      `INSERT INTO deposits (member_id, currency, amount, network, deposit_address, txid, sender_address)
       VALUES ($1, 'USDT', 6900, 'ERC20', '0x52908400098527886E0F7030069857D2E4169EE7', $2,
               '0x52908400098527886E0F7030069857D2E4169EE7') RETURNING id`,
      [m.id, `0x${randomBytes(32).toString('hex')}`],
    );
    await server.db.query(
      `INSERT INTO deposit_chain_checks (deposit_id, network, required_confirmations, verdict, final)
       VALUES ($1, 'ERC20', 12, 'not_found', true)`,
      [d!.id],
    );
    const plain = await a.client.post(`/api/admin/deposits/${d!.id}/approve`, {});
    expect(plain.body.error?.code).toBe('CHAIN_OVERRIDE_REQUIRED');
    const r = await a.client.post(`/api/admin/deposits/${d!.id}/approve`, {
      chain_override: true,
      reason: '회원 요청',
    });
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.lines).toContain(MSG.guards.chainOverrideLine('not_found'));
    expect(await usdt(m.id)).toBe('0');
    expect((await confirmAs(b.client, r.body.data.proposal.id)).status).toBe(200);
    expect(await usdt(m.id)).toBe('6900');
  });
});

describe('prices for the thresholds', () => {
  it('a stale price counts at the higher of the last stored one and the sample', async () => {
    // Last seen: ETH 9,000 USD at 1,431 won, ten minutes ago (older than PRICE_STALE_SECONDS).
    await server.db.query(
      `INSERT INTO exchange_rates (from_currency, to_currency, rate, source, updated_at)
       VALUES ('USD', 'KRW', 1431, 'live', now() - interval '10 minutes')
       ON CONFLICT (from_currency, to_currency) DO UPDATE SET rate = 1431, source = 'live',
         updated_at = now() - interval '10 minutes'`,
    );
    await server.db.query(
      `INSERT INTO crypto_prices (symbol, price, source, updated_at)
       VALUES ('ETHUSDT', 9000, 'live', now() - interval '10 minutes')
       ON CONFLICT (symbol) DO UPDATE SET price = 9000, source = 'live', updated_at = now() - interval '10 minutes'`,
    );
    const m = await memberClient(server.url);
    await fund(server.db, m.id, { ETH: '2.2' });
    const w = await insertWithdrawal(server.db, m.id, { currency: 'ETH', amount: '2.2' });
    // 2.2 × 9,000 × 1,431 = 28,333,800 won (the sample price would say 9,682,217): past the payout line.
    const r = await a.client.post(`/api/admin/withdrawals/${w}/approve`, {});
    expect(r.status).toBe(202);
    expect(r.body.data.proposal.basis).toEqual({ krw_value: '28333800' });

    // A stale price below the sample counts at the sample: 4 × 3,075.50 × 1,431, not 4 × 100 × 1,431.
    await server.db.query(`UPDATE crypto_prices SET price = 100 WHERE symbol = 'ETHUSDT'`);
    const n = await memberClient(server.url);
    await fund(server.db, n.id, { ETH: '4' });
    const w2 = await insertWithdrawal(server.db, n.id, { currency: 'ETH', amount: '4' });
    const r2 = await b.client.post(`/api/admin/withdrawals/${w2}/approve`, {});
    expect(r2.status).toBe(202);
    expect(r2.body.data.proposal.basis).toEqual({ krw_value: '17604162' });
  });
});

describe('one valuation in both languages', () => {
  it('SQL’s four_eyes_krw values every amount to the won as the application’s assetKrwValue does', async () => {
    // An approval's thresholds are decided in SQL (migration 170), a proposal's lines in TypeScript: the two
    // must agree to the won on the amounts and prices a decision meets, or the same request would pass one
    // and be held by the other.
    const prices = { usdKrw: '1431.27', usd: { ETH: '3075.5', XRP: '0.5542', USDT: '1' } };
    const amounts: [string, string][] = [
      ['KRW', '99999999'],
      ['KRW', '1'],
      ['ETH', '0.00000001'],
      ['ETH', '2.2'],
      ['ETH', '123456.78901234'],
      ['XRP', '0.000001'],
      ['XRP', '987654.321'],
      ['USDT', '720'],
      ['USDT', '0.01'],
      ['BTC', '1'],
    ];
    const sql = await server.db.query<{ krw: string }>(
      `SELECT four_eyes_krw(a.currency, a.amount::numeric, $1::jsonb)::text AS krw
         FROM jsonb_to_recordset($2::jsonb) AS a(currency text, amount text, i int) ORDER BY a.i`,
      [
        JSON.stringify(prices),
        JSON.stringify(amounts.map(([currency, amount], i) => ({ currency, amount, i }))),
      ],
    );
    const table = { usdKrw: prices.usdKrw, usd: prices.usd } as PriceTable;
    expect(sql.map((r) => r.krw)).toEqual(
      amounts.map(([c, amount]) => assetKrwValue(c as ViewCurrency, amount, table).toFixed()),
    );
  });
});
