import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers: like the real provider, or one of the ways a real provider fails. */
export type FakeMode = 'ok' | 'garbage' | 'http500' | 'timeout' | 'reset' | 'partial';

export interface FakeValues {
  eth: string;
  xrp: string;
  krw: string;
}

/**
 * A small HTTP server on 127.0.0.1 that answers like Binance's ticker (`/api/v3/ticker/price`) and
 * open.er-api.com (`/v6/latest/USD`). Tests switch its mode per feed and read how often it was asked.
 */
export async function startFakePriceProvider(values: FakeValues) {
  const state = {
    values: { ...values },
    mode: { ticker: 'ok' as FakeMode, fx: 'ok' as FakeMode },
    hits: { ticker: 0, fx: 0 },
  };
  const hanging = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const feed = req.url?.startsWith('/v6/') ? 'fx' : 'ticker';
    state.hits[feed]++;
    const mode = state.mode[feed];
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    switch (mode) {
      case 'garbage':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return;
      case 'http500':
        return json(500, { code: -1000, msg: 'An unknown error occurred while processing the request.' });
      case 'timeout':
        hanging.add(res);
        return; // never answers
      case 'reset':
        req.socket.destroy();
        return;
      case 'partial':
        if (feed === 'ticker') return json(200, [{ symbol: 'ETHUSDT', price: state.values.eth }]);
        return json(200, { result: 'error', 'error-type': 'quota-reached' });
      default:
        if (feed === 'ticker') {
          return json(200, [
            { symbol: 'ETHUSDT', price: state.values.eth },
            { symbol: 'XRPUSDT', price: state.values.xrp },
          ]);
        }
        return json(200, {
          result: 'success',
          base_code: 'USD',
          time_last_update_utc: new Date().toUTCString(),
          rates: { USD: 1, KRW: Number(state.values.krw), EUR: 0.92, JPY: 151.3 },
        });
    }
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    state,
    base,
    tickerUrl: `${base}/api/v3/ticker/price?symbols=%5B%22ETHUSDT%22%2C%22XRPUSDT%22%5D`,
    fxUrl: `${base}/v6/latest/USD`,
    /** Sets the mode of both feeds, or of one. */
    set(mode: FakeMode, feed?: 'ticker' | 'fx') {
      if (feed !== 'fx') state.mode.ticker = mode;
      if (feed !== 'ticker') state.mode.fx = mode;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakePriceProvider = Awaited<ReturnType<typeof startFakePriceProvider>>;
