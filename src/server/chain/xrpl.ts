import { type BoundedAnswer, boundedFetch, MAX_ANSWER_BYTES } from '../http/bounded-fetch';
import type { ChainConfig } from './chain-config';
import type { ChainProvider, FoundTransfer, TokenTransfer, TxLookup } from './provider';
import { ProviderError, TooManyInRange } from './provider';

/** Seconds from the Unix epoch to the XRP Ledger's (2000-01-01). */
const RIPPLE_EPOCH = 946_684_800;
/** Pages of `account_tx` read per call; more payments than this in the ledgers asked for: the scan asks for fewer. */
const MAX_PAGES = 50;
/** Ledgers per scan round (about 4 s each): a round's answer stays a few pages. */
const SCAN_LEDGERS = 200;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const uint = (v: unknown): number | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null;

/**
 * A payment as the ledger shows it, in either API version's shape (v1: `tx` with the hash inside; v2:
 * `tx_json` with `hash` and `ledger_index` beside it). Only XRP payments count, and only what was
 * delivered (`meta.delivered_amount`): a partial payment's `Amount` is not what arrived.
 */
function readPayment(entry: unknown): (FoundTransfer & { success: boolean }) | null {
  if (!isObj(entry)) return null;
  const tx = isObj(entry.tx_json) ? entry.tx_json : isObj(entry.tx) ? entry.tx : entry;
  const meta = isObj(entry.meta) ? entry.meta : null;
  const hash = typeof entry.hash === 'string' ? entry.hash : tx.hash;
  const ledger = uint(entry.ledger_index ?? tx.ledger_index);
  if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash) || ledger === null || !meta) return null;
  if (
    tx.TransactionType !== 'Payment' ||
    typeof tx.Destination !== 'string' ||
    typeof tx.Account !== 'string'
  )
    return null;
  const delivered = meta.delivered_amount ?? meta.DeliveredAmount;
  const drops = typeof delivered === 'string' && /^[0-9]{1,19}$/.test(delivered) ? BigInt(delivered) : null;
  if (drops === null) return null; // an issued currency, or no delivered amount told
  const tag = uint(tx.DestinationTag);
  return {
    txid: hash.toLowerCase(),
    logIndex: 0,
    blockNumber: BigInt(ledger),
    from: tx.Account,
    to: tx.Destination,
    value: drops,
    tag: tag !== null && tag <= 4_294_967_295 ? tag : null,
    success: meta.TransactionResult === 'tesSUCCESS',
  };
}

/**
 * One XRPL JSON-RPC call, read through the shared bounded fetch; an error answer is a ProviderError, except
 * `txnNotFound` and the errors named in `notFound` (e.g. `actNotFound` for an account never funded), which
 * answer `{ notFound: true }`.
 */
export async function xrplCall(
  c: ChainConfig,
  method: string,
  params: Obj,
  notFound: string[] = [],
): Promise<Obj> {
  if (!c.xrplRpcUrl) throw new Error('XRPL_RPC_URL is not set');
  let answer: BoundedAnswer;
  try {
    answer = await boundedFetch(c.xrplRpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ method, params: [params] }),
      timeoutMs: c.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES.chain,
    });
  } catch (err) {
    throw new ProviderError(`XRPL RPC ${method}: ${(err as Error).message}`);
  }
  if (!answer.ok) throw new ProviderError(`XRPL RPC ${method}: HTTP ${answer.status}`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new ProviderError(`XRPL RPC ${method}: not JSON`);
  }
  const result = isObj(body) && isObj(body.result) ? body.result : null;
  if (!result) throw new ProviderError(`XRPL RPC ${method}: unexpected answer`);
  if (result.status !== 'success') {
    if (result.error === 'txnNotFound' || notFound.includes(String(result.error))) return { notFound: true };
    throw new ProviderError(`XRPL RPC ${method}: ${String(result.error ?? 'error').slice(0, 80)}`);
  }
  return result;
}

/** What the ledger says of a payment a member claims by its hash, before anything is recorded. */
export type ClaimedPayment =
  | { kind: 'not_found' | 'unvalidated' | 'not_xrp_payment' | 'failed' }
  | { kind: 'payment'; from: string; to: string; drops: bigint; tag: number | null };

/**
 * A claimed XRP payment read with `tx`: validated, a successful `Payment` whose delivered amount is XRP in
 * drops (never `Amount`: a partial payment delivers less). An answer about another transaction, or one
 * too ill-shaped to tell, is a ProviderError, like an unreachable or malformed provider.
 */
export async function claimedPayment(c: ChainConfig, txid: string): Promise<ClaimedPayment> {
  const r = await xrplCall(c, 'tx', { transaction: txid.toUpperCase(), binary: false });
  if (r.notFound) return { kind: 'not_found' };
  if (r.validated !== true) return { kind: 'unvalidated' };
  const tx = isObj(r.tx_json) ? r.tx_json : r;
  const hash = typeof r.hash === 'string' ? r.hash : tx.hash;
  if (typeof hash !== 'string' || hash.toLowerCase() !== txid.toLowerCase())
    throw new ProviderError('XRPL RPC tx: an answer about another transaction');
  if (typeof tx.TransactionType !== 'string' || !isObj(r.meta))
    throw new ProviderError('XRPL RPC tx: not a readable transaction');
  if (tx.TransactionType !== 'Payment') return { kind: 'not_xrp_payment' };
  if (r.meta.TransactionResult !== 'tesSUCCESS') return { kind: 'failed' };
  const p = readPayment(r);
  if (!p) return { kind: 'not_xrp_payment' }; // an issued currency, or no delivered amount told
  return { kind: 'payment', from: p.from, to: p.to, drops: p.value, tag: p.tag ?? null };
}

/** The newest validated ledger (confirmations count from it: a validated ledger is final). */
async function validatedLedger(c: ChainConfig): Promise<bigint> {
  const r = await xrplCall(c, 'ledger', { ledger_index: 'validated' });
  const n = uint(r.ledger_index);
  if (n === null) throw new ProviderError('XRPL RPC ledger: no ledger index');
  return BigInt(n);
}

/**
 * XRP at the service address over the XRP Ledger's JSON-RPC (decision 0362): `account_tx` over a range of
 * validated ledgers for the scan, `tx` for a claimed or re-checked TXID, `ledger` for the newest validated
 * ledger and a ledger's close time. Members are told apart by the destination tag (scan.ts).
 */
export function xrplProvider(c: ChainConfig): ChainProvider {
  const service = c.xrpDepositAddress;
  return {
    network: 'XRPL',
    minConfirmations: c.xrplMinConfirmations,
    maxScanBlocks: SCAN_LEDGERS,
    head: () => validatedLedger(c),
    async blockTime(ledger) {
      const r = await xrplCall(c, 'ledger', { ledger_index: Number(ledger) });
      const close = isObj(r.ledger) ? uint(r.ledger.close_time) : null;
      if (close === null) throw new ProviderError('XRPL RPC ledger: no close time');
      return new Date((close + RIPPLE_EPOCH) * 1000);
    },
    async transfersIn(from, to) {
      if (!service) throw new ProviderError('XRP_DEPOSIT_ADDRESS is not set');
      const found: FoundTransfer[] = [];
      let marker: unknown;
      let reached: number | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const r = await xrplCall(c, 'account_tx', {
          account: service,
          ledger_index_min: Number(from),
          ledger_index_max: Number(to),
          forward: true,
          limit: 200,
          ...(marker === undefined ? {} : { marker }),
        });
        if (!Array.isArray(r.transactions)) throw new ProviderError('XRPL RPC account_tx: no transactions');
        for (const entry of r.transactions) {
          // The ledger of every entry, a payment or not (v2 beside the transaction, v1 inside it).
          if (isObj(entry)) {
            const tx = isObj(entry.tx_json) ? entry.tx_json : isObj(entry.tx) ? entry.tx : entry;
            reached = uint(entry.ledger_index ?? tx.ledger_index) ?? reached;
          }
          const p = readPayment(entry);
          if (!p?.success || p.to !== service) continue;
          if (p.blockNumber < from || p.blockNumber > to) continue; // outside what was asked: not trusted
          const { success: _, ...t } = p;
          found.push(t);
        }
        marker = r.marker;
        if (marker === undefined || marker === null) return found;
      }
      throw new TooManyInRange(
        'XRPL RPC account_tx: too many pages',
        reached === undefined ? undefined : BigInt(reached),
      );
    },
    async lookup(txid): Promise<TxLookup> {
      const r = await xrplCall(c, 'tx', {
        transaction: txid.toUpperCase().replace(/^0X/, ''),
        binary: false,
      });
      if (r.notFound) return { kind: 'not_found' };
      if (r.validated !== true) return { kind: 'unmined' };
      const p = readPayment(r);
      if (!p) throw new ProviderError('XRPL RPC tx: not a readable payment');
      const head = await validatedLedger(c);
      const transfers: TokenTransfer[] = p.success
        ? [{ logIndex: 0, from: p.from, to: p.to, value: p.value, tag: p.tag }]
        : [];
      return { kind: 'mined', success: p.success, blockNumber: p.blockNumber, head, transfers };
    },
  };
}
