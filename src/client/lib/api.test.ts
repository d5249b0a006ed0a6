import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

const answer = (data: unknown) =>
  vi.fn(async () => new Response(JSON.stringify({ data }), { status: 200 })) as unknown as typeof fetch;

describe('api: responses checked against the shared view schema outside production', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns an answer that matches its schema as it came', async () => {
    vi.stubGlobal('fetch', answer({ items: [] }));
    await expect(api.get('/balances', { schema: 'balances' })).resolves.toEqual({ items: [] });
  });

  it('fails loudly on an answer that breaks its schema', async () => {
    vi.stubGlobal('fetch', answer({ items: [{ currency: 'KRW', total: 5 }] }));
    await expect(api.get('/balances', { schema: 'balances' })).rejects.toThrow(
      /GET \/balances: the response does not match its shared view schema/,
    );
  });

  it('trusts an answer when the fetcher names no schema', async () => {
    vi.stubGlobal('fetch', answer({ anything: true }));
    await expect(api.get('/session')).resolves.toEqual({ anything: true });
  });
});
