import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../src/server/auth/seed-admin';
import { loadConfig } from '../../src/server/config';
import { openDb } from '../../src/server/db';
import { openServerDb } from '../../src/server/server-db';
import { createOwnDatabase, dropOwnDatabase } from '../support/own-database';

/**
 * Secrets an operator must set: every one the server warns about is in the environment example and in
 * DEPLOY.md, and in production on PostgreSQL a missing TOTP_ENCRYPTION_KEY stops the start once an
 * administrator has enrolled a one-time code (the embedded default keeps a key of its own, quick-start test
 * in operator-signals.test.ts).
 */

const ENV_EXAMPLE = readFileSync('deploy/systemd/wallet.env.example', 'utf8');
const DEPLOY = readFileSync('docs/DEPLOY.md', 'utf8');

describe('secrets at start', () => {
  it('every variable the server warns about at start is in wallet.env.example and DEPLOY.md', () => {
    const source = readFileSync('src/server/start-server.ts', 'utf8');
    const warned = new Set<string>();
    for (const m of source.matchAll(/log\.warn\(\s*'([^']*)'/g)) {
      for (const v of (m[1] as string).matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g))
        warned.add(v[1] as string);
    }
    expect([...warned]).toContain('TOTP_ENCRYPTION_KEY');
    for (const v of warned) {
      expect(ENV_EXAMPLE, `wallet.env.example lists ${v}`).toMatch(new RegExp(`^#?${v}=`, 'm'));
      expect(DEPLOY, `DEPLOY.md names ${v}`).toContain(`\`${v}\``);
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'in production on PostgreSQL, a missing TOTP_ENCRYPTION_KEY with an enrolled administrator stops the start with one message',
    async () => {
      const base = process.env.DATABASE_URL as string;
      const own = await createOwnDatabase(base, 'wallet_totpkey');
      try {
        const env = {
          ...process.env,
          DATABASE_URL: own.url,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          PRICE_REFRESH: 'false',
          ADMIN_USERNAME: 'firstadmin',
          ADMIN_PASSWORD: 'adminpass123',
          ADMIN_SECOND_PASSWORD: '123456',
          TOTP_ENCRYPTION_KEY: '',
        };
        // The database as a running server leaves it after an administrator enrolled a code.
        const config = loadConfig(env);
        const db = await openServerDb(config);
        try {
          await ensureAdmin(db, config);
          const [admin] = await db.query<{ id: string }>(
            'SELECT id FROM members WHERE is_admin AND closed_at IS NULL ORDER BY created_at LIMIT 1',
          );
          await db.query(
            `INSERT INTO member_totp (member_id, secret, confirmed_at) VALUES ($1, 'JBSWY3DPEHPK3PXP', now())
               ON CONFLICT (member_id) DO UPDATE SET confirmed_at = coalesce(member_totp.confirmed_at, now())`,
            [admin!.id],
          );
        } finally {
          await db.close();
        }
        const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
          env: { ...env, NODE_ENV: 'production' },
          encoding: 'utf8',
          timeout: 90_000,
        });
        expect(r.status, r.stderr).toBe(1);
        expect(r.stderr).toContain('설정 오류: TOTP_ENCRYPTION_KEY');
        expect(r.stderr).toContain('Configuration error: TOTP_ENCRYPTION_KEY must be set in production');
        expect(r.stderr).not.toMatch(/\n\s+at /);
      } finally {
        await dropOwnDatabase(base, own.name);
      }
    },
    120_000,
  );
});

/** `src/server/main.ts` started as `role` on the database of `url`, which must refuse to start: its answer and lines. */
function startAs(url: URL, role: string) {
  const asRole = new URL(url.href);
  asRole.username = role;
  asRole.password = '';
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: asRole.href, PORT: '0', HOST: '127.0.0.1', PRICE_REFRESH: 'false' },
    encoding: 'utf8',
    timeout: 90_000,
  });
  expect(r.status, r.stderr).toBe(1);
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return { r, lines };
}

describe('database permissions at start', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a role that may not use the database (a restore made as another role) stops the start with one line, no stack trace',
    async () => {
      const url = new URL(process.env.DATABASE_URL as string);
      const admin = await openDb({ databaseUrl: url.href });
      // A role of its own with no rights on the tables (they belong to the role the tests connect as).
      const role = `wallet_noperm_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
      try {
        const { r, lines } = startAs(url, role);
        expect(lines[0]).toContain('데이터베이스 권한 오류: permission denied');
        expect(lines[0]).toContain('Database permission error: permission denied');
        expect(r.stderr).not.toMatch(/\n\s+at /);
      } finally {
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.close();
      }
    },
    120_000,
  );

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a role that may not execute pg_logical_emit_message (the flush of deposit approvals) stops the start with one line',
    async () => {
      const url = new URL(process.env.DATABASE_URL as string);
      const admin = await openDb({ databaseUrl: url.href });
      // The role owns an empty database of its own, as DEPLOY.md sets it up; only the function is revoked,
      // in that database alone (a function's grants live in its database's catalogue).
      const role = `wallet_noflush_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
      await admin.query(`CREATE DATABASE ${role} OWNER ${role}`);
      const own = new URL(url.href);
      own.pathname = `/${role}`;
      const inOwn = await openDb({ databaseUrl: own.href });
      try {
        const [fn] = await inOwn.query<{ sig: string }>(
          `SELECT p.oid::regprocedure::text AS sig FROM pg_proc p
            WHERE p.proname = 'pg_logical_emit_message' AND p.proargtypes[2] = 'text'::regtype`,
        );
        await inOwn.query(`REVOKE EXECUTE ON FUNCTION ${fn!.sig} FROM PUBLIC`);
        const { lines } = startAs(own, role);
        expect(lines[0]).toContain(
          '데이터베이스 권한 오류: DATABASE_URL의 역할이 pg_logical_emit_message 함수를 실행할 수 없습니다',
        );
        expect(lines[0]).toContain('may not execute pg_logical_emit_message');
        // Nothing was migrated: the start stopped before it changed the database.
        const [t] = await inOwn.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
        );
        expect(t?.n).toBe(0);
      } finally {
        await inOwn.close();
        await admin.query(`DROP DATABASE IF EXISTS ${role} WITH (FORCE)`);
        await admin.query(`DROP ROLE IF EXISTS ${role}`);
        await admin.close();
      }
    },
    120_000,
  );
});
