import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPayoutChecks } from '../../src/server/payouts/check-payouts';
import { adminClient, memberClient } from '../support/client';
import { adjustBalance, erc20Address, idemKey, txid } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Bad provider answers (garbage, huge, slow, an error, a wrong shape) change nothing and are bounded in
 * size and time: the payout stays recorded with the reason, and the round ends.
 */
type Mode = 'garbage' | 'huge' | 'slow' | 'error' | 'shape';
let mode: Mode = 'garbage';
let provider: Server;
let providerUrl: string;
let server: TestServer;
let admin: Awaited<ReturnType<typeof adminClient>>;
const open = new Set<import('node:http').ServerResponse>();

beforeAll(async () => {
  provider = createServer((req, res) => {
    req.resume();
    open.add(res);
    res.on('close', () => open.delete(res));
    if (mode === 'garbage') res.end('<html>not json at all');
    else if (mode === 'error') res.writeHead(502).end('{"error":"bad gateway"}');
    else if (mode === 'shape')
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { blockNumber: 'lots' } }));
    else if (mode === 'huge') {
      res.write('{"jsonrpc":"2.0","id":1,"result":"0x');
      const chunk = 'a'.repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 200 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end('"}');
      };
      more();
    }
    // slow: never answers
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  server = await startTestServer({ PAYOUT_HOT_WALLET_ERC20: erc20Address() });
  admin = await adminClient(server.url, server.db);
});
afterAll(async () => {
  await server?.close();
  for (const res of open) res.destroy();
  await new Promise((r) => provider?.close(r));
});

describe('bad provider answers', () => {
  it.each(['garbage', 'huge', 'slow', 'error', 'shape'] as const)(
    '%s: changes nothing, ends in bounded time',
    async (m) => {
      mode = m;
      const member = await memberClient(server.url);
      await adjustBalance(server.db, member.id, 'USDT', '50');
      const w = await member.client.post(
        '/api/withdrawals/crypto',
        {
          currency: 'USDT',
          amount: '11',
          method: 'external',
          network: 'ERC20',
          recipient_address: erc20Address(),
        },
        { 'idempotency-key': idemKey() },
      );
      const id = w.body.data.id as string;
      expect((await admin.client.post(`/api/admin/withdrawals/${id}/approve`)).status).toBe(200);
      expect(
        (await admin.client.post(`/api/admin/withdrawals/${id}/payout`, { txid: `0x${txid()}` })).status,
      ).toBe(200);
      await server.db.query(`UPDATE withdrawal_payouts SET next_check_at = now() WHERE status = 'recorded'`);
      // The huge answer is refused by its size: time enough to stream 8 MB on a busy machine.
      const chain = { ...server.config.chain, ethRpcUrl: providerUrl, timeoutMs: m === 'huge' ? 5_000 : 300 };
      const out = await runPayoutChecks(server.db, chain, Date.now() + 60_000);
      expect(out.errors.length).toBeGreaterThan(0);
      const [row] = await server.db.query<{ status: string; detail: string; confirmations: number | null }>(
        'SELECT status, detail, confirmations FROM withdrawal_payouts WHERE withdrawal_id = $1',
        [id],
      );
      expect(row).toMatchObject({ status: 'recorded', confirmations: null });
      expect(row!.detail.length).toBeLessThanOrEqual(300);
      const expected: Record<Mode, RegExp> = {
        garbage: /not (valid )?JSON/,
        huge: /too large|larger than/,
        slow: /abort|timeout|timed out/i,
        error: /HTTP 502/,
        shape: /bad|unexpected/,
      };
      expect(row!.detail).toMatch(expected[m]);
    },
  );
});
