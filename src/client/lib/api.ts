import type { ApiErrorBody, Envelope, ErrorCode } from '../../shared/errors';
import { MSG } from '../../shared/messages/member';
import type { ResponseSchemaName } from './response-schemas';

/** An API failure, carrying the server's Korean message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * The caller shows its own message when the session is gone (the session read itself; my page, which
   * SPEC §8 has say 'log in again'), so the app-wide redirect to /login is not started.
   */
  handlesSessionEnd?: boolean;
  /**
   * The response's view schema from src/shared/schemas (the one the server answers with). In development
   * and tests the answer is checked against it; a production build leaves the check and the schema out.
   */
  schema?: ResponseSchemaName;
}

/** A response that breaks its shared view schema is a bug on one side: it fails loudly outside production. */
async function checkResponse(method: string, path: string, name: ResponseSchemaName, data: unknown) {
  const { RESPONSE_SCHEMAS } = await import('./response-schemas');
  const result = RESPONSE_SCHEMAS[name].safeParse(data);
  if (!result.success) {
    throw new Error(
      `${method} ${path}: the response does not match its shared view schema: ${String(result.error)}`,
    );
  }
}

let sessionEnded: (() => void) | null = null;
/**
 * Called when a call is refused because the session is gone on the server (idle or absolute timeout,
 * logout elsewhere, password changed): the app reads its session again and the route guard sends the
 * member to /login, whatever the screen does with the error itself.
 */
export function onSessionEnded(fn: () => void) {
  sessionEnded = fn;
}

async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  let url = `/api${path}`;
  if (opts.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', MSG.common.serverUnavailable);
  }
  let payload: Envelope<T> | null = null;
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    payload = null;
  }
  if (!payload) throw new ApiError(res.status, 'INTERNAL', MSG.common.unexpected);
  if (payload.error) {
    const e: ApiErrorBody = payload.error;
    if (e.code === 'UNAUTHENTICATED' && !opts.handlesSessionEnd) sessionEnded?.();
    throw new ApiError(res.status, e.code, e.message, e.fields);
  }
  if (import.meta.env.DEV && opts.schema) await checkResponse(method, path, opts.schema, payload.data);
  return payload.data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};

/** A refusal (4xx): the request reached the server, which said why in words meant for the member. */
export const isRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status > 0 && err.status < 500;

/** A refusal's own message; a server failure or no answer at all gets the screen's words. */
export const refusalMessage = (err: unknown, fallback: string) => (isRefusal(err) ? err.message : fallback);

export const errorMessage = (err: unknown, fallback: string = MSG.common.unexpected) =>
  err instanceof ApiError ? err.message : fallback;
