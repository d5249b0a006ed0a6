import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ethereumProvider } from '../../src/server/chain/ethereum';
import { ProviderError as ChainProviderError } from '../../src/server/chain/provider';
import { tronProvider } from '../../src/server/chain/tron';
import { loadConfig } from '../../src/server/config';
import { fetchCryptoPrices, fetchUsdKrw, ProviderError } from '../../src/server/prices/providers';

/**
 * Answers of outside providers are bounded in bytes and time before they are parsed (decision 0312):
 * a local stand-in for a price feed, an exchange-rate feed, a TRON API and an Ethereum node sends 300 MB,
 * and the server's memory stays where it was.
 */
const HUGE_BYTES = 300 * 1024 * 1024;
/** What the process may grow by while refusing a huge answer (the bound itself is 8 MB at most). */
// RSS also moves with whatever else the process does meanwhile (the parallel suite's garbage, a worker's
// heap growth): under a third of the 300 MB answer still fails an unbounded read, which took 1.5 GB.
const MARGIN_BYTES = 96 * 1024 * 1024;

let standIn: Server;
let base = '';
const open = new Set<import('node:http').ServerResponse>();
beforeAll(async () => {
  const chunk = Buffer.alloc(64 * 1024, ' ');
  standIn = createServer((req, res) => {
    req.resume();
    open.add(res);
    res.on('close', () => open.delete(res));
    if (req.url?.startsWith('/trickle')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
      return;
    }
    // 300 MB of JSON whitespace around nothing, streamed without Content-Length (or with it, /declared).
    const declared = req.url?.startsWith('/declared');
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declared ? { 'content-length': String(HUGE_BYTES + 2) } : {}),
    });
    res.write('[');
    let sent = 0;
    const pump = () => {
      while (sent < HUGE_BYTES) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end(']');
    };
    res.on('close', () => {
      sent = HUGE_BYTES + 1;
    });
    pump();
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((r) => standIn?.close(r));
});

async function rssGrowth(run: () => Promise<unknown>): Promise<{ growth: number; error: unknown }> {
  const before = process.memoryUsage().rss;
  let error: unknown = null;
  try {
    await run();
  } catch (err) {
    error = err;
  }
  return { growth: process.memoryUsage().rss - before, error };
}

describe('answers of outside providers', () => {
  it('a 300 MB price or exchange-rate answer is refused after the bound, and memory stays where it was', async () => {
    for (const path of ['/huge', '/declared']) {
      const prices = await rssGrowth(() => fetchCryptoPrices(`${base}${path}`, 60_000));
      expect(prices.error).toBeInstanceOf(ProviderError);
      expect((prices.error as Error).message).toMatch(/larger than/);
      expect(prices.growth, `prices ${path}`).toBeLessThan(MARGIN_BYTES);
      const fx = await rssGrowth(() => fetchUsdKrw(`${base}${path}`, 60_000));
      expect(fx.error).toBeInstanceOf(ProviderError);
      expect(fx.growth, `fx ${path}`).toBeLessThan(MARGIN_BYTES);
    }
  });

  it('a 300 MB answer of a TRON API or an Ethereum node is refused after the bound, and memory stays where it was', async () => {
    const chain = loadConfig({
      TRON_API_URL: `${base}/huge`,
      ETH_RPC_URL: `${base}/huge`,
      CHAIN_REQUEST_TIMEOUT_MS: '60000',
    }).chain;
    const txid = 'ab'.repeat(32);
    const tron = await rssGrowth(() => tronProvider(chain).lookup(txid));
    expect(tron.error).toBeInstanceOf(ChainProviderError);
    expect((tron.error as Error).message).toMatch(/larger than/);
    expect(tron.growth, 'tron').toBeLessThan(MARGIN_BYTES);
    const eth = await rssGrowth(() => ethereumProvider(chain).lookup(txid));
    expect(eth.error).toBeInstanceOf(ChainProviderError);
    expect(eth.growth, 'ethereum').toBeLessThan(MARGIN_BYTES);
  });

  it('an answer that never ends is cut at the time bound, body included', async () => {
    const err = await fetchCryptoPrices(`${base}/trickle`, 300).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as Error).message).toMatch(/timeout/);
    const chain = loadConfig({ TRON_API_URL: `${base}/trickle`, CHAIN_REQUEST_TIMEOUT_MS: '300' }).chain;
    const tronErr = await tronProvider(chain)
      .lookup('cd'.repeat(32))
      .catch((e: unknown) => e);
    expect(tronErr).toBeInstanceOf(ChainProviderError);
    expect((tronErr as Error).message).toMatch(/timeout/);
  });
});
