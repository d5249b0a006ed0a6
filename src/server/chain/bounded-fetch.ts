import { ProviderError } from './provider';

/** A provider's answer is read up to this many bytes; more is refused as a bad answer. */
const MAX_ANSWER_BYTES = 2_000_000;

/**
 * Every provider call of the deposit-address, payout and reserve checks goes through here: one place with
 * a time limit (the whole call, body included), a size limit, and JSON or a ProviderError — never a
 * half-read or huge answer. (One function, so a shared bounded fetch can replace it in one place.)
 */
async function providerJson(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> },
  timeoutMs: number,
): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal,
      redirect: 'error',
    });
  } catch (err) {
    throw new ProviderError(`provider: ${(err as Error).message}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError(`provider: HTTP ${res.status}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_ANSWER_BYTES) {
        await reader.cancel().catch(() => {});
        throw new ProviderError('provider: answer too large');
      }
      chunks.push(value);
    }
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError(`provider: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ProviderError('provider: not JSON');
  }
}

/** One Ethereum JSON-RPC call through `providerJson`; an error answer or a missing result is a ProviderError. */
export async function ethRpc(url: string, method: string, params: unknown[], timeoutMs: number) {
  const answer = (await providerJson(
    url,
    { body: { jsonrpc: '2.0', id: 1, method, params } },
    timeoutMs,
  )) as {
    result?: unknown;
    error?: { message?: string };
  } | null;
  if (!answer || typeof answer !== 'object') throw new ProviderError('Ethereum RPC: unexpected answer');
  if (answer.error) throw new ProviderError(`Ethereum RPC: ${String(answer.error.message ?? 'error')}`);
  if (!('result' in answer)) throw new ProviderError('Ethereum RPC: no result');
  return answer.result;
}
