import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileServer } from '../support/fixture';

// The built client as the server serves it (decision 0212): one wildcard route over the folder; whatever is
// no file there is the SPA's index.html. A folder of its own, so the test does not depend on `vite build`.
const dir = mkdtempSync(path.join(tmpdir(), 'wallet-static-'));
const INDEX = '<!doctype html><title>지갑</title><div id="root"></div>';
const CHUNK = 'export const x = 1;\n';
beforeAll(async () => {
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(path.join(dir, 'icons', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd34.js'), CHUNK);
  writeFileSync(path.join(dir, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(CHUNK));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"secret":"build manifest"}');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"지갑"}');
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
// Started after the files above are written, closed before they are removed.
const server = fileServer({ STATIC_DIR: dir });

/** A raw request (fetch would normalise `..` away and decode the answer). */
function get(p: string, headers: Record<string, string> = {}, method = 'GET') {
  const url = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: p, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the built client', () => {
  it('a hashed file: immutable for a year, the .br copy for a browser that accepts it', async () => {
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.toString()).toBe(CHUNK);
    const br = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(brotliCompressSync(CHUNK))).toBe(true);
    expect((await get('/assets/app-Ab12Cd34.js', {}, 'HEAD')).status).toBe(200);
  });

  it("the SPA's routes, also under /assets, get index.html, revalidated", async () => {
    for (const p of ['/', '/login', '/assets', '/assets/history', '/assets/withdraw-krw?x=1']) {
      const r = await get(p);
      expect(r.status, `${p} ${r.body}`).toBe(200);
      expect(r.headers['content-type'], p).toMatch(/^text\/html/);
      expect(r.headers['cache-control'], p).toBe('no-cache');
      expect(r.body.toString(), p).toBe(INDEX);
    }
  });

  it('other files, at the top and in other folders, are served, revalidated', async () => {
    for (const [p, text] of [
      ['/manifest.webmanifest', '지갑'],
      ['/icons/icon.svg', '<svg'],
    ] as const) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.headers['cache-control'], p).toBe('no-cache');
      expect(r.body.toString(), p).toContain(text);
    }
    for (const p of ['/icons', '/icons/', '/icons/missing.png']) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.body.toString(), p).toBe(INDEX);
    }
  });

  it('dot paths and paths out of the folder are never served', async () => {
    for (const p of [
      '/.vite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/assets/.%2e/.vite/manifest.json',
    ]) {
      const r = await get(p);
      expect(r.body.toString(), p).not.toContain('build manifest');
    }
    for (const p of ['/../package.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/package.json']) {
      const r = await get(p);
      expect(r.status, p).toBeLessThan(500);
      expect(r.body.toString(), p).not.toContain('"dependencies"');
    }
  });

  it('an API path is never the SPA; a write to a page is refused', async () => {
    const api = await get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/login', {}, 'POST')).status).toBe(405);
    // No file-system fallback under /api: the router's limit on an id still answers 414, for GET too.
    for (const method of ['GET', 'HEAD']) {
      expect((await get(`/api/admin/members/${'x'.repeat(150)}`, {}, method)).status, method).toBe(414);
    }
  });
});

describe('security headers (decision 0213)', () => {
  // Names as a browser reads them; HSTS comes only over HTTPS (bad-input.test.ts).
  const DOCUMENT_ONLY = [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('pages and built files carry the full document set with the app CSP', async () => {
    for (const p of ['/', '/login', '/assets/app-Ab12Cd34.js', '/manifest.webmanifest']) {
      const h = (await get(p)).headers;
      expect(h['content-security-policy'], p).toMatch(/script-src 'self'.*frame-ancestors 'none'/);
      expect(h['x-content-type-options'], p).toBe('nosniff');
      expect(h['x-frame-options'], p).toBe('DENY');
      expect(h['cross-origin-resource-policy'], p).toBe('same-origin');
      expect(h['cross-origin-opener-policy'], p).toBe('same-origin');
      expect(h['referrer-policy'], p).toBe('no-referrer');
      for (const name of DOCUMENT_ONLY) expect(h[name], `${p} ${name}`).toBeDefined();
    }
  });

  it('every /api answer (success, refusal, unknown path) carries the API set and nothing meant for pages', async () => {
    for (const p of ['/api/prices', '/api/balances', '/api/nothing-here', '/api/openapi.json']) {
      const h = (await get(p)).headers;
      expect(h['content-security-policy'], p).toBe("default-src 'none';frame-ancestors 'none'");
      expect(h['cache-control'], p).toBe('no-store');
      expect(h['x-content-type-options'], p).toBe('nosniff');
      expect(h['x-frame-options'], p).toBe('DENY');
      expect(h['cross-origin-resource-policy'], p).toBe('same-origin');
      for (const name of DOCUMENT_ONLY) expect(h[name], `${p} ${name}`).toBeUndefined();
    }
  });
});
