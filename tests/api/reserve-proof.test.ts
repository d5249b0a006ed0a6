import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { D } from '../../src/shared/decimal';
import { type MemberProof, verifyProof } from '../../src/shared/merkle-sum';
import { RESERVE_PROOF_MESSAGES } from '../../src/shared/messages/reserve-proof';
import { insertDeposit } from '../support/admin-fixtures';
import { Client, memberClient } from '../support/client';
import { fileAdmin, fileServer, ledgerCheckedAfterEach } from '../support/fixture';
import { adjustBalance } from '../support/money';

/**
 * Proof of liabilities (decision 0450): a check stores every member's balances with their Merkle sum tree's
 * root, published without sign-in; each member's proof from the documented operation reaches that root, also
 * when recomputed by the standalone script; the root's totals are the members' balances added and the
 * ledger's sums of the same instant, whatever approvals commit meanwhile; nothing stored changes.
 */
const onPg = Boolean(process.env.DATABASE_URL);
// Its own database: the snapshot counts every member, so the file's sums must be its own.
const server = fileServer({}, { ownDatabase: true });
const admin = fileAdmin(server);
ledgerCheckedAfterEach(server);

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/verify-proof.mjs');
const nodeSha = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

type Published = {
  batch: string;
  root_hash: string;
  member_count: number;
  lines: { currency: string; liabilities: string }[];
};
const take = async () => {
  const r = await admin.client.post('/api/admin/reserves');
  expect(r.status).toBe(200);
  return r.body.data as {
    batch: string;
    root_hash: string;
    member_count: number;
    items: { currency: string; liabilities: string; ledger: string }[];
  };
};
const published = async () => {
  const r = await new Client(server.url).get('/api/reserves');
  expect(r.status).toBe(200);
  return r.body.data.items as Published[];
};
/** Per currency, the leaves of a batch added up, read straight from the stored rows. */
const leafSums = async (batch: string) =>
  server.db.query<{ currency: string; sum: string; members: string }>(
    `SELECT c.currency, COALESCE(sum(l.balances[c.n]), 0)::text AS sum, count(l.*)::text AS members
       FROM reserve_proof_roots r CROSS JOIN unnest(r.currencies) WITH ORDINALITY AS c(currency, n)
       LEFT JOIN reserve_proof_leaves l ON l.batch = r.batch
      WHERE r.batch = $1 GROUP BY c.currency, c.n ORDER BY c.n`,
    [batch],
  );

describe('proof of liabilities', () => {
  it("publishes the root; every member's proof reaches it, here and in the standalone script", async () => {
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => memberClient(server.url)));
    await adjustBalance(server.db, members[0]!.id, 'KRW', '1250000');
    await adjustBalance(server.db, members[0]!.id, 'USDT', '12.5');
    await adjustBalance(server.db, members[1]!.id, 'ETH', '0.00000001');
    await adjustBalance(server.db, members[3]!.id, 'XRP', '999.99999999');
    const snap = await take();
    const [latest] = await published();
    expect(latest).toMatchObject({
      batch: snap.batch,
      root_hash: snap.root_hash,
      member_count: snap.member_count,
    });

    // The root's totals are the stored leaves added, and the ledger's sums of the same instant.
    for (const s of await leafSums(snap.batch)) {
      const line = latest!.lines.find((l) => l.currency === s.currency)!;
      expect(new D(line.liabilities).eq(s.sum)).toBe(true);
      expect(new D(snap.items.find((i) => i.currency === s.currency)!.ledger).eq(s.sum)).toBe(true);
      expect(Number(s.members)).toBe(snap.member_count);
    }

    const dir = mkdtempSync(path.join(tmpdir(), 'proof-'));
    for (const [i, m] of members.entries()) {
      const r = await m.client.get('/api/reserves/proof');
      expect(r.status).toBe(200);
      const proof = r.body.data as MemberProof;
      expect(proof.batch).toBe(snap.batch);
      expect(proof.root.hash).toBe(latest!.root_hash);
      expect(await verifyProof(proof, nodeSha, latest!.root_hash)).toEqual({ ok: true });
      if (i === 0) {
        expect(proof.balances).toEqual({ KRW: '1250000', ETH: '0', XRP: '0', USDT: '12.5' });
        // The API's answer saved as it came, checked by the script that imports nothing of ours.
        const file = path.join(dir, 'proof.json');
        writeFileSync(file, JSON.stringify(r.body));
        const ok = await run(process.execPath, [SCRIPT, file, latest!.root_hash]);
        expect(ok.stdout).toContain(`ok: the balances are in root ${latest!.root_hash}`);
        // A lowered balance, or another published root, fails.
        writeFileSync(file, JSON.stringify({ ...proof, balances: { ...proof.balances, USDT: '12.4' } }));
        await expect(run(process.execPath, [SCRIPT, file])).rejects.toMatchObject({ code: 1 });
        writeFileSync(file, JSON.stringify(proof));
        await expect(run(process.execPath, [SCRIPT, file, '0'.repeat(64)])).rejects.toMatchObject({
          code: 1,
        });
      }
    }
  });

  it('a changed balance makes a new root; the old snapshot stays as it was and cannot be changed', async () => {
    const m = await memberClient(server.url);
    await adjustBalance(server.db, m.id, 'USDT', '5');
    const first = await take();
    const before = (await m.client.get('/api/reserves/proof')).body.data as MemberProof;
    await adjustBalance(server.db, m.id, 'USDT', '-0.00000001');
    const second = await take();
    expect(second.root_hash).not.toBe(first.root_hash);
    const after = (await m.client.get('/api/reserves/proof')).body.data as MemberProof;
    expect(after.balances.USDT).toBe('4.99999999');
    // The earlier proof no longer reaches the published root.
    expect(await verifyProof(before, nodeSha, second.root_hash)).toMatchObject({ ok: false });
    for (const sql of [
      `UPDATE reserve_proof_leaves SET balances = balances WHERE batch = '${first.batch}'`,
      `DELETE FROM reserve_proof_leaves WHERE batch = '${first.batch}'`,
      `UPDATE reserve_proof_roots SET root_hash = root_hash WHERE batch = '${first.batch}'`,
      `DELETE FROM reserve_proof_roots WHERE batch = '${first.batch}'`,
      'TRUNCATE reserve_proof_leaves',
    ])
      await expect(server.db.query(sql)).rejects.toThrow(/permanent record/);
  });

  it('answers only a signed-in member, with a Korean 404 before any snapshot holds them', async () => {
    const anon = await new Client(server.url).get('/api/reserves/proof');
    expect(anon.status).toBe(401);
    const m = await memberClient(server.url);
    const none = await m.client.get('/api/reserves/proof');
    expect(none.status).toBe(404);
    expect(none.body.error?.message).toBe(RESERVE_PROOF_MESSAGES.reserveProof.none);
    // The public answer names no member and no salt.
    const text = JSON.stringify(await published());
    expect(text).not.toContain(m.id);
    expect(text).not.toContain('salt');
  });

  it.runIf(onPg)(
    'snapshots taken during 50 parallel approvals match the ledger of their instant',
    async () => {
      // Members as rows (they never sign in here): 50 signups would spend the test's time hashing passwords.
      const members = await server.db.query<{ id: string }>(
        `INSERT INTO members (username, email, full_name, password_hash)
         SELECT 'rp' || n || '_' || $1, 'rp' || n || '_' || $1 || '@example.com', '홍길동', 'x'
           FROM generate_series(1, 50) AS n RETURNING id::text AS id`,
        [Date.now().toString(36)],
      );
      const ids = await Promise.all(members.map((m) => insertDeposit(server.db, m.id, { amount: '10000' })));
      // Snapshots one after another for as long as the approvals run.
      const snaps: Awaited<ReturnType<typeof take>>[] = [];
      let approving = true;
      const [replies] = await Promise.all([
        Promise.all(ids.map((id) => admin.client.post(`/api/admin/deposits/${id}/approve`, {}))).finally(
          () => {
            approving = false;
          },
        ),
        (async () => {
          while (approving) snaps.push(await take());
        })(),
      ]);
      expect(replies.map((r) => r.status)).toEqual(ids.map(() => 200));
      const own = new Set(members.map((m) => m.id));
      for (const snap of snaps) {
        for (const i of snap.items) expect(new D(i.liabilities).eq(i.ledger)).toBe(true);
        // Each of the 50 members was counted either before their approval or after it, never half.
        const krw = await server.db.query<{ member_id: string; krw: string }>(
          `SELECT member_id::text, balances[1]::text AS krw FROM reserve_proof_leaves WHERE batch = $1`,
          [snap.batch],
        );
        for (const l of krw.filter((x) => own.has(x.member_id)))
          expect(['0', '10000']).toContain(new D(l.krw).toFixed());
      }
      const after = await take();
      const credited = (await leafSums(after.batch)).find((s) => s.currency === 'KRW')!;
      expect(new D(after.items.find((i) => i.currency === 'KRW')!.ledger).eq(credited.sum)).toBe(true);
    },
  );
});
