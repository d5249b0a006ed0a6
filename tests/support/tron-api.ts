import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tronToHex } from '../../src/server/chain/tron';

/**
 * A stand-in for a third party, not for our code: a local HTTP server answering the TronGrid full-node
 * calls the checker uses, in their documented shapes (`/wallet/gettransactioninfobyid`: `{}` when unknown,
 * else id, blockNumber, receipt.result, log[{address, topics, data}] with hex without 0x and addresses
 * without their 41 prefix; `/wallet/gettransactionbyid`: `{}` or `{txID, …}`; `/wallet/getnowblock`:
 * block_header.raw_data.number; `/wallet/gettransactioninfobyblocknum`: a block's infos as a list;
 * `/wallet/getblockbynum`: block_header.raw_data.timestamp; `/wallet/triggerconstantcontract`:
 * a token balance as constant_result). Tests put transactions in it and move its
 * newest block; `setRaw` makes it answer a raw body instead (garbage, huge, never).
 */
export async function startTronApi() {
  const infos = new Map<string, object>();
  const unmined = new Set<string>();
  const trc20 = new Map<string, bigint>();
  let head = 1000;
  let down = false;
  let raw: ((res: import('node:http').ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (raw) {
        raw(res);
        return;
      }
      if (down) {
        res.writeHead(503).end('{"Error":"service unavailable"}');
        return;
      }
      const parsed = body ? (JSON.parse(body) as { value?: string; num?: number }) : {};
      const value = parsed.value ?? '';
      let answer: object = {};
      if (req.url === '/wallet/gettransactioninfobyid') answer = infos.get(value) ?? {};
      else if (req.url === '/wallet/gettransactionbyid')
        answer = unmined.has(value) || infos.has(value) ? { txID: value, raw_data: {} } : {};
      else if (req.url === '/wallet/getnowblock')
        answer = {
          blockID: head.toString(16).padStart(64, '0'),
          block_header: { raw_data: { number: head } },
        };
      else if (req.url === '/wallet/gettransactioninfobyblocknum')
        answer = [...infos.values()].filter((i) => (i as { blockNumber: number }).blockNumber === parsed.num);
      else if (req.url === '/wallet/triggerconstantcontract') {
        // balanceOf(address) of the token, with visible addresses: the owner is the address asked about.
        const owner = (parsed as { owner_address?: string }).owner_address ?? '';
        answer = {
          result: { result: true },
          constant_result: [(trc20.get(owner) ?? 0n).toString(16).padStart(64, '0')],
        };
      } else if (req.url === '/wallet/getblockbynum')
        answer = { block_header: { raw_data: { number: parsed.num, timestamp: Date.now() } } };
      else {
        res.writeHead(404).end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** A TRC20 transfer in block `block` (hex addresses are "41…" + 20 bytes). */
    addTransfer(
      txid: string,
      t: {
        contractHex: string;
        fromHex: string;
        toHex: string;
        value: bigint;
        block: number;
        result?: string;
      },
    ) {
      const pad = (hex: string) => hex.slice(2).padStart(64, '0');
      infos.set(txid, {
        id: txid,
        fee: 13_844_850,
        blockNumber: t.block,
        blockTimeStamp: 1_700_000_000_000,
        contractResult: [''],
        contract_address: t.contractHex,
        receipt: { energy_usage_total: 130_285, net_usage: 345, result: t.result ?? 'SUCCESS' },
        ...(t.result && t.result !== 'SUCCESS' ? { result: 'FAILED' } : {}),
        log:
          t.result && t.result !== 'SUCCESS'
            ? []
            : [
                {
                  address: t.contractHex.slice(2),
                  topics: [
                    'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
                    pad(t.fromHex),
                    pad(t.toHex),
                  ],
                  data: t.value.toString(16).padStart(64, '0'),
                },
              ],
      });
    },
    /** A TRC20 transfer between T… addresses in block `block`, under a new TXID (returned). */
    pay(t: { token: string; from: string; to: string; value: bigint; block: number }): string {
      const txid = randomBytes(32).toString('hex');
      this.addTransfer(txid, {
        contractHex: tronToHex(t.token),
        fromHex: tronToHex(t.from),
        toHex: tronToHex(t.to),
        value: t.value,
        block: t.block,
      });
      return txid;
    },
    addUnmined: (txid: string) => unmined.add(txid),
    /** The token balance `triggerconstantcontract` answers for a T… address, in the token's smallest unit. */
    setTokenBalance: (address: string, units: bigint) => trc20.set(address, units),
    setHead: (n: number) => {
      head = n;
    },
    setRaw: (answer: typeof raw) => {
      raw = answer;
    },
    setDown: (d: boolean) => {
      down = d;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
