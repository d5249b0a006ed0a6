import { randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const RIPPLE_EPOCH = 946_684_800;

export interface Payment {
  from: string;
  to: string;
  /** Drops as text, or an issued currency's amount object. */
  amount: string | object;
  /** What arrived (a partial payment delivers less); defaults to `amount`. */
  delivered?: string | object;
  tag?: number;
  ledger: number;
  result?: string;
  /** The transaction type; a payment unless told (e.g. `OfferCreate`). */
  type?: string;
}

/**
 * A stand-in for a third party, not for our code: a local HTTP server answering the XRP Ledger JSON-RPC
 * calls the checker uses, in rippled's documented shapes (`ledger` with `ledger_index` and
 * `ledger.close_time` in seconds from 2000; `account_tx` in API v2's shape, `hash`, `ledger_index`,
 * `tx_json`, `meta.delivered_amount`, paged by `marker`; `tx` in v1's flat shape, or v2's with
 * `setTxShape('v2')`, or `txnNotFound`; `account_info` with `account_data.Balance` in drops, or
 * `actNotFound`).
 * `setRaw` makes it answer a raw body instead (garbage, huge, never).
 */
export async function startXrplApi() {
  const payments = new Map<string, Payment>();
  let validated = 5000;
  let raw: ((res: ServerResponse) => void) | null = null;
  let txShape: 'v1' | 'v2' = 'v1';
  const calls: string[] = [];
  const balances = new Map<string, bigint>();
  const entry = (hash: string, p: Payment) => ({
    hash,
    ledger_index: p.ledger,
    validated: p.ledger <= validated,
    meta: { TransactionResult: p.result ?? 'tesSUCCESS', delivered_amount: p.delivered ?? p.amount },
    tx_json: {
      TransactionType: p.type ?? 'Payment',
      Account: p.from,
      Destination: p.to,
      Amount: p.amount,
      ...(p.tag === undefined ? {} : { DestinationTag: p.tag }),
    },
  });
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (raw) return raw(res);
      const { method, params } = JSON.parse(body) as { method: string; params: [Record<string, unknown>] };
      const q = params[0]!;
      calls.push(method);
      let result: Record<string, unknown>;
      if (method === 'ledger') {
        const n = q.ledger_index === 'validated' ? validated : Number(q.ledger_index);
        const close = Math.floor(Date.now() / 1000) - RIPPLE_EPOCH;
        result = { status: 'success', ledger_index: n, validated: true, ledger: { close_time: close } };
      } else if (method === 'account_tx') {
        const list = [...payments.entries()]
          .filter(([, p]) => p.to === q.account || p.from === q.account)
          .filter(([, p]) => p.ledger >= Number(q.ledger_index_min) && p.ledger <= Number(q.ledger_index_max))
          .sort(([, a], [, b]) => a.ledger - b.ledger);
        // Two per page, so the marker is followed.
        const start = typeof q.marker === 'object' && q.marker ? (q.marker as { at: number }).at : 0;
        const page = list.slice(start, start + 2).map(([h, p]) => entry(h, p));
        result = {
          status: 'success',
          account: q.account,
          transactions: page,
          ...(start + 2 < list.length ? { marker: { at: start + 2 } } : {}),
        };
      } else if (method === 'tx') {
        const hash = String(q.transaction);
        const p = payments.get(hash);
        if (!p) result = { status: 'error', error: 'txnNotFound' };
        else if (txShape === 'v2') result = { status: 'success', ...entry(hash, p) };
        else {
          const e = entry(hash, p);
          result = {
            status: 'success',
            ...e.tx_json,
            hash,
            ledger_index: p.ledger,
            meta: e.meta,
            validated: e.validated,
          };
        }
      } else if (method === 'account_info') {
        const drops = balances.get(String(q.account));
        result =
          drops === undefined
            ? { status: 'error', error: 'actNotFound' }
            : {
                status: 'success',
                validated: true,
                account_data: { Account: q.account, Balance: drops.toString() },
              };
      } else result = { status: 'error', error: 'unknownCmd' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** A payment; its hash (upper-case hex, as the ledger writes it). */
    pay(p: Payment): string {
      const hash = randomBytes(32).toString('hex').toUpperCase();
      payments.set(hash, p);
      return hash;
    },
    /** An account's XRP in drops (`account_info`); an account never set answers `actNotFound`. */
    setBalance: (address: string, drops: bigint) => balances.set(address, drops),
    setValidated: (n: number) => {
      validated = n;
    },
    setRaw: (answer: typeof raw) => {
      raw = answer;
    },
    /** `tx` answers in API v1's flat shape (the default) or v2's (`tx_json` beside `hash` and `meta`). */
    setTxShape: (shape: 'v1' | 'v2') => {
      txShape = shape;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
