/**
 * Every request the server makes to an outside provider (prices, exchange rate, chain nodes) goes through
 * here (decision 0312): the answer is read with a limit on its bytes and on the time of the whole
 * exchange, headers and body, before anything parses it. A provider that sends 300 MB, or trickles bytes
 * forever, costs at most `maxBytes` of memory and `timeoutMs` of waiting; fetch's own `res.text()` or
 * `res.json()` would buffer whatever arrives.
 */

/** The largest answer read from each kind of provider (their real answers are a few kilobytes). */
export const MAX_ANSWER_BYTES = {
  /** A price ticker or an exchange-rate document. */
  prices: 512 * 1024,
  /** One JSON-RPC or TRON API answer: a receipt with its logs, a block header, a page of transfer logs. */
  chain: 8 * 1024 * 1024,
} as const;

/** Why a bounded fetch gave no answer; `reason` is short English for the server log. */
export class BoundedFetchError extends Error {
  constructor(
    readonly reason: 'timeout' | 'too_large' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

export interface BoundedInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange: connecting, headers and the last byte of the body. */
  timeoutMs: number;
  maxBytes: number;
  /** Aborts with the caller (viem passes its own signal). */
  signal?: AbortSignal | null;
}

export interface BoundedAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The body, decoded as UTF-8. */
  text: string;
}

export async function boundedFetch(url: string, init: BoundedInit): Promise<BoundedAnswer> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([timeout, init.signal]) : timeout;
  const failure = (err: unknown): BoundedFetchError => {
    if (err instanceof BoundedFetchError) return err;
    if (timeout.aborted) return new BoundedFetchError('timeout', `timeout after ${init.timeoutMs} ms`);
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (e.name === 'AbortError') return new BoundedFetchError('unreachable', 'aborted');
    return new BoundedFetchError(
      'unreachable',
      `unreachable (${e.cause?.code ?? e.cause?.message ?? e.message ?? 'unknown error'})`,
    );
  };
  const tooLarge = () => new BoundedFetchError('too_large', `response larger than ${init.maxBytes} bytes`);
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal,
      redirect: 'follow',
    });
  } catch (err) {
    throw failure(err);
  }
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > init.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > init.maxBytes) {
          await reader.cancel().catch(() => {});
          throw tooLarge();
        }
        chunks.push(value);
      }
    } catch (err) {
      throw failure(err);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { status: res.status, ok: res.ok, headers: res.headers, text: new TextDecoder().decode(bytes) };
}

/**
 * The same as a `fetch` function, for libraries that take one (viem's HTTP transport): the answer comes
 * back as a Response over the bounded body.
 */
export function boundedFetchFn(limits: { timeoutMs: number; maxBytes: number }) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await boundedFetch(url, {
      method: (init?.method as 'GET' | 'POST' | undefined) ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: typeof init?.body === 'string' ? init.body : undefined,
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      signal: init?.signal ?? null,
    });
    // The body is already decoded: its transfer headers no longer describe it.
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(answer.text, { status: answer.status, headers });
  };
}
