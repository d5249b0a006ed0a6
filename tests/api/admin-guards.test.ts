import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { adminClient, Client, memberClient, newMemberCreds, signupBody } from '../support/client';
import { fileServer } from '../support/fixture';

const server = fileServer();

interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary?: string;
  tags?: string[];
  hasBody: boolean;
}

async function adminOperations(): Promise<Operation[]> {
  const doc = (await new Client(server.url).get('/api/openapi.json')).body as unknown as {
    paths: Record<
      string,
      Record<string, { operationId?: string; summary?: string; tags?: string[]; requestBody?: unknown }>
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!path.startsWith('/api/admin')) continue;
      ops.push({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, () => randomUUID()),
        operationId: op.operationId ?? '',
        summary: op.summary,
        tags: op.tags,
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return ops;
}

/** The administrator operations of this issue; the approval core adds its own (approve/reject). */
const OWN = [
  'adminListMembers',
  'adminGetMember',
  'adminCloseMember',
  'adminSetBalances',
  'adminCreateLock',
  'adminUpdateLock',
  'adminDeleteLock',
  'adminSaveBankAccount',
  'adminSetBankAccountVerified',
  'adminDeleteBankAccount',
  'adminSetDepositAddress',
  'adminClearDepositAddress',
  'adminResetPassword',
  'adminResetSecondPassword',
  'adminListDeposits',
  'adminListWithdrawals',
  'adminVerifyLedger',
  'adminListNotices',
  'adminCreateNotice',
  'adminUpdateNotice',
  'adminDeleteNotice',
  'adminListAudit',
];

const call = (c: Client, op: Operation) => c.call(op.method, op.path, op.hasBody ? {} : undefined);

describe('every administrator operation of the OpenAPI document', () => {
  it('is named admin…, tagged admin, described in Korean, and includes this page’s operations', async () => {
    const ops = await adminOperations();
    for (const op of ops) {
      expect(op.operationId, `${op.method} ${op.path}`).toMatch(/^admin[A-Z]/);
      expect(op.tags).toContain('admin');
      expect(op.summary).toMatch(/[가-힣]/);
    }
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of OWN) expect(ids).toContain(id);
  });

  it('refuses anonymous visitors (401) before looking at the request', async () => {
    for (const op of await adminOperations()) {
      const res = await call(new Client(server.url), op);
      expect(res.status, `${op.operationId}`).toBe(401);
      expect(res.body.error?.message).toBe(MSG.common.loginRequired);
    }
  });

  it('refuses a session that passed only the password (401)', async () => {
    const creds = newMemberCreds();
    const c = new Client(server.url);
    expect((await c.post('/api/signup', signupBody(creds))).status).toBe(201);
    // Even an administrator's password-only session is refused.
    await server.db.query('UPDATE members SET is_admin = true WHERE username = $1', [creds.username]);
    expect((await c.post('/api/login', { email: creds.username, password: creds.password })).status).toBe(
      200,
    );
    for (const op of await adminOperations()) {
      const res = await call(c, op);
      expect(res.status, `${op.operationId}`).toBe(401);
      expect(res.body.error?.message).toBe(MSG.common.secondStepRequired);
    }
  });

  it('refuses members (403) and changes nothing', async () => {
    const member = await memberClient(server.url);
    const [before] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    for (const op of await adminOperations()) {
      const res = await call(member.client, op);
      expect(res.status, `${op.operationId}`).toBe(403);
      expect(res.body.error?.message).toBe(MSG.common.adminOnly);
    }
    // Their own id in the path does not help either.
    const own = await member.client.call('PUT', `/api/admin/members/${member.id}/balances`, {
      krw: '1000000',
    });
    expect(own.status).toBe(403);
    const [row] = await server.db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM balances WHERE member_id = $1 AND currency = 'KRW'`,
      [member.id],
    );
    expect(Number(row!.balance)).toBe(0);
    if (server.db.kind === 'pglite') {
      const [after] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
      expect(after!.n).toBe(before!.n);
    }
  });

  it('serves administrators', async () => {
    const admin = await adminClient(server.url, server.db);
    for (const path of [
      '/api/admin/members',
      '/api/admin/deposits',
      '/api/admin/withdrawals',
      '/api/admin/audit',
    ]) {
      const res = await admin.client.get(path);
      expect(res.status, path).toBe(200);
      expect(res.body.error).toBeNull();
    }
  });
});
