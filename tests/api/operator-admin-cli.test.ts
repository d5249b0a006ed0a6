import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, loginFully } from '../support/client';
import { startOnDataDir, startTestServer } from '../support/server';

/**
 * `npm run admin -- create` beside a running server: refused on the embedded database (the running server
 * holds the folder and would never see the account), done at once on PostgreSQL.
 */
const onPg = Boolean(process.env.DATABASE_URL);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const run = (args: string[], env: Record<string, string>) =>
  spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    env: { ...process.env, ADMIN_PASSWORD: 'goodpass123', ADMIN_SECOND_PASSWORD: '135790', ...env },
    encoding: 'utf8',
    input: '',
  });

describe('npm run admin -- create beside a running server', () => {
  it.runIf(!onPg)(
    'refuses a data folder a running embedded server holds, and creates nothing',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'wallet-admin-held-'));
      dirs.push(dir);
      const server = await startOnDataDir(dir);
      const username = `held_${randomBytes(3).toString('hex')}`;
      try {
        const r = run(['create', username], { DATA_DIR: dir, DATABASE_URL: '' });
        expect(r.status, r.stdout + r.stderr).toBe(2);
        expect(r.stderr).toContain('Another server is running on this data folder');
        expect(r.stdout).not.toContain(username);
        expect(await server.db.query('SELECT 1 FROM members WHERE username = $1', [username])).toHaveLength(
          0,
        );
      } finally {
        await server.close();
      }
      // Stopped, the folder is free: the account is made, and the next start has it.
      const made = run(['create', username], { DATA_DIR: dir, DATABASE_URL: '' });
      expect(made.status, made.stderr).toBe(0);
      const again = await startOnDataDir(dir);
      try {
        const c = new Client(again.url);
        await loginFully(c, { username, password: 'goodpass123', pin: '135790' });
        expect((await c.get('/api/session')).status).toBe(200);
      } finally {
        await again.close();
      }
    },
    120_000,
  );

  it.runIf(onPg)(
    'on PostgreSQL creates the administrator while the server runs, and the server sees it at once',
    async () => {
      const server = await startTestServer();
      const username = `beside_${randomBytes(3).toString('hex')}`;
      try {
        // The shared database already has two administrators or more: only with --additional, and warned.
        const refused = run(['create', username], {});
        expect(refused.status).toBe(2);
        expect(refused.stderr).toContain('--additional');
        const r = run(['create', username, '--additional'], {});
        expect(r.status, r.stderr).toBe(0);
        expect(r.stdout).toContain(username);
        expect(r.stdout).toContain(MSG.guards.cliAdditionalWarning);
        const c = new Client(server.url);
        await loginFully(c, { username, password: 'goodpass123', pin: '135790' });
        expect((await c.get('/api/session')).status).toBe(200);
        const [row] = await server.db.query<{ is_admin: boolean }>(
          'SELECT is_admin FROM members WHERE username = $1',
          [username],
        );
        expect(row?.is_admin).toBe(true);
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
