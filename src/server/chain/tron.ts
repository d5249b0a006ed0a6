import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { base58check } from '../../shared/address';
import { type BoundedAnswer, boundedFetch, MAX_ANSWER_BYTES } from '../http/bounded-fetch';
import type { ChainConfig } from './chain-config';
import type { ChainProvider, FoundTransfer, TokenTransfer, TxLookup } from './provider';
import { ProviderError } from './provider';

/** Blocks per scan round (3 s each), each one call: a round asks at most this many. */
const SCAN_BLOCKS = 100;

/** keccak256("Transfer(address,address,uint256)"), as TRON writes log topics: hex without 0x. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

interface TxInfo {
  id?: string;
  blockNumber?: number;
  result?: string;
  receipt?: { result?: string };
  log?: { address?: string; topics?: string[]; data?: string }[];
}

/**
 * TRON over a TronGrid-compatible HTTP API (the full node's `/wallet/*` calls): `gettransactioninfobyid`
 * (block, result, the contract's event logs), `gettransactionbyid` when there is no info yet, `getnowblock`
 * for the newest block. The USDT `Transfer` log of the configured contract is decoded here. The scan reads
 * block by block (`gettransactioninfobyblocknum`: the same transaction infos, one block's at a time) and a
 * block's time from `getblockbynum` (decision 0362).
 */
export function tronProvider(c: ChainConfig): ChainProvider {
  const base = c.tronApiUrl;
  if (!base) throw new Error('TRON_API_URL is not set');
  const tokenHex = tronToHex(c.tronUsdtContract).slice(2); // the log's address is the 20 bytes, without 41
  const post = async <T>(path: string, body: object): Promise<T> => {
    let answer: BoundedAnswer;
    try {
      answer = await boundedFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(c.tronApiKey ? { 'TRON-PRO-API-KEY': c.tronApiKey } : {}),
        },
        body: JSON.stringify(body),
        timeoutMs: c.timeoutMs,
        maxBytes: MAX_ANSWER_BYTES.chain,
      });
    } catch (err) {
      throw new ProviderError(`TRON API ${path}: ${(err as Error).message}`);
    }
    if (!answer.ok) throw new ProviderError(`TRON API ${path}: HTTP ${answer.status}`);
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw new ProviderError(`TRON API ${path}: not JSON`);
    }
  };

  const head = async (): Promise<bigint> => {
    const now = await post<{ block_header?: { raw_data?: { number?: number } } }>('/wallet/getnowblock', {});
    const n = now?.block_header?.raw_data?.number;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      throw new ProviderError('TRON API: getnowblock without a number');
    return BigInt(n);
  };

  return {
    network: 'TRC20',
    minConfirmations: c.tronMinConfirmations,
    maxScanBlocks: SCAN_BLOCKS,
    head,
    async blockTime(block) {
      const b = await post<{ block_header?: { raw_data?: { timestamp?: number } } }>(
        '/wallet/getblockbynum',
        {
          num: Number(block),
        },
      );
      const ms = b?.block_header?.raw_data?.timestamp;
      if (typeof ms !== 'number' || !Number.isFinite(ms))
        throw new ProviderError('TRON API: block without a time');
      return new Date(ms);
    },
    async transfersIn(from, to) {
      const found: FoundTransfer[] = [];
      for (let n = from; n <= to; n++) {
        const infos = await post<TxInfo[]>('/wallet/gettransactioninfobyblocknum', { num: Number(n) });
        if (!Array.isArray(infos)) throw new ProviderError('TRON API: block infos are not a list');
        for (const info of infos) {
          if (!info || typeof info.id !== 'string' || !/^[0-9a-fA-F]{64}$/.test(info.id)) continue;
          if (info.blockNumber !== Number(n)) continue; // another block's transaction: not trusted
          if (info.result === 'FAILED' || (info.receipt?.result ?? 'SUCCESS') !== 'SUCCESS') continue;
          (info.log ?? []).forEach((log, logIndex) => {
            const t = decodeTronTransfer(log, tokenHex);
            if (t) found.push({ ...t, logIndex, txid: info.id!.toLowerCase(), blockNumber: n });
          });
        }
      }
      return found;
    },
    async lookup(txid): Promise<TxLookup> {
      const value = txid.toLowerCase().replace(/^0x/, '');
      const info = await post<TxInfo>('/wallet/gettransactioninfobyid', { value });
      if (!info || typeof info !== 'object') throw new ProviderError('TRON API: unexpected answer');
      if (!info.id || info.blockNumber === undefined) {
        const tx = await post<{ txID?: string }>('/wallet/gettransactionbyid', { value });
        return tx?.txID ? { kind: 'unmined' } : { kind: 'not_found' };
      }
      const transfers: TokenTransfer[] = [];
      (info.log ?? []).forEach((log, logIndex) => {
        const t = decodeTronTransfer(log, tokenHex);
        if (t) transfers.push({ logIndex, ...t });
      });
      const success = info.result !== 'FAILED' && (info.receipt?.result ?? 'SUCCESS') === 'SUCCESS';
      return {
        kind: 'mined',
        success,
        blockNumber: BigInt(info.blockNumber),
        head: await head(),
        transfers,
      };
    },
  };
}

function decodeTronTransfer(
  log: { address?: string; topics?: string[]; data?: string },
  tokenHex: string,
): Omit<TokenTransfer, 'logIndex'> | null {
  const address = log.address?.toLowerCase().replace(/^(0x)?(41)?(?=[0-9a-f]{40}$)/, '');
  if (address !== tokenHex) return null;
  const [topic, fromTopic, toTopic] = (log.topics ?? []).map((t) => t.toLowerCase().replace(/^0x/, ''));
  if (topic !== TRANSFER_TOPIC || !fromTopic || !toTopic || !log.data) return null;
  if (!/^[0-9a-f]{64}$/.test(fromTopic) || !/^[0-9a-f]{64}$/.test(toTopic)) return null;
  const data = log.data.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{64}$/.test(data)) return null;
  return {
    from: hexToTron(`41${fromTopic.slice(24)}`),
    to: hexToTron(`41${toTopic.slice(24)}`),
    value: BigInt(`0x${data}`),
  };
}

/** "T…" → "41" + 20 bytes in hex. */
export const tronToHex = (address: string): string => bytesToHex(base58check.decode(address));
/** "41" + 20 bytes in hex → "T…". */
const hexToTron = (hex: string): string => base58check.encode(hexToBytes(hex));
