import { BoundedFetchError, boundedFetch, MAX_ANSWER_BYTES } from '../http/bounded-fetch';
import { ProviderError } from './provider';

/**
 * One Ethereum JSON-RPC call for the payout and reserve checks, read through the shared bounded fetch
 * (bytes and time limited before parsing); an unreachable node, an error answer, a missing result or a
 * body that is not JSON is a ProviderError, never a half-read answer.
 */
export async function ethRpc(url: string, method: string, params: unknown[], timeoutMs: number) {
  let text: string;
  try {
    const res = await boundedFetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES.chain,
    });
    if (!res.ok) throw new ProviderError(`Ethereum RPC: HTTP ${res.status}`);
    text = res.text;
  } catch (err) {
    if (err instanceof BoundedFetchError)
      throw new ProviderError(
        `Ethereum RPC: ${err.reason === 'too_large' ? 'answer too large' : err.message}`,
      );
    throw err;
  }
  let answer: { result?: unknown; error?: { message?: string } } | null;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ProviderError('Ethereum RPC: not JSON');
  }
  if (!answer || typeof answer !== 'object') throw new ProviderError('Ethereum RPC: unexpected answer');
  if (answer.error) throw new ProviderError(`Ethereum RPC: ${String(answer.error.message ?? 'error')}`);
  if (!('result' in answer)) throw new ProviderError('Ethereum RPC: no result');
  return answer.result;
}
