import type { PublicClient } from 'viem';
import { boundedFetchFn, MAX_ANSWER_BYTES } from '../http/bounded-fetch';
import { ProviderError } from './provider';

/**
 * The one Ethereum client of the payout and reserve checks: viem's public client over the node's JSON-RPC,
 * every request through the shared bounded fetch (bytes and time limited before parsing, decision 0312),
 * no retry (the checks retry later, with back-off). viem is loaded on first use: the embedded start
 * without a chain does not load it. One client per node address and timeout.
 */
const clients = new Map<string, Promise<PublicClient>>();

export function ethClient(url: string, timeoutMs: number): Promise<PublicClient> {
  const key = `${timeoutMs} ${url}`;
  let client = clients.get(key);
  if (!client) {
    client = import('viem').then(
      ({ createPublicClient, http }) =>
        createPublicClient({
          transport: http(url, {
            // The bounded fetch keeps the time (and says which limit ended an answer); viem's own timer
            // only backs it up.
            timeout: timeoutMs + 1_000,
            retryCount: 0,
            fetchFn: boundedFetchFn({ timeoutMs, maxBytes: MAX_ANSWER_BYTES.chain }),
          }),
          cacheTime: 0,
        }) as PublicClient,
    );
    clients.set(key, client);
  }
  return client;
}

/**
 * A failed call as one short line: viem's own errors by their summary, status and details (an HTTP error,
 * an error answer, a body that is not JSON, a timeout, an answer over the byte limit); anything else viem
 * threw while reading the answer (a field of the wrong shape) as an unexpected answer.
 */
export function ethFailure(err: unknown): ProviderError {
  const e = err as { shortMessage?: string; details?: string; status?: number; message?: string };
  const parts =
    e.shortMessage === undefined
      ? ['unexpected answer', String(e.message ?? err).split('\n')[0]]
      : [e.shortMessage, e.status ? `HTTP ${e.status}` : '', e.details ?? ''];
  return new ProviderError(`Ethereum RPC: ${parts.filter(Boolean).join(' ')}`.slice(0, 300));
}

/** Whether viem refused because the node does not know the transaction or its receipt. */
export const notFound = (err: unknown) =>
  ['TransactionNotFoundError', 'TransactionReceiptNotFoundError'].includes((err as Error).name);
