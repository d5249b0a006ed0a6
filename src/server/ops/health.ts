import { readdir } from 'node:fs/promises';
import type { App, Ctx } from '../context';
import { MIGRATIONS_DIR } from '../db/migrate';
import { opsState } from './state';

/**
 * `GET /healthz`: the process answers. `GET /readyz`: the database answers and every migration of this
 * build is applied, and the process is not shutting down; 503 otherwise. Plain text, outside the JSON
 * envelope, no session, nothing about the data.
 */
export async function healthRoutes(app: App, ctx: Ctx): Promise<void> {
  const expected = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'));
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => reply.headers(plain).send('ok\n'));

  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    if (opsState(app).draining) return reply.status(503).headers(plain).send('draining\n');
    try {
      const rows = await ctx.db.query<{ name: string }>('SELECT name FROM schema_migrations');
      const applied = new Set(rows.map((r) => r.name));
      if (expected.some((f) => !applied.has(f))) {
        return reply.status(503).headers(plain).send('migrations pending\n');
      }
    } catch (err) {
      req.log.warn({ err }, 'readiness: database unreachable');
      return reply.status(503).headers(plain).send('database unavailable\n');
    }
    return reply.headers(plain).send('ready\n');
  });
}
