import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { memberClient } from '../support/client';
import { confirmAs } from '../support/four-eyes';
import { xrpClaimsFile } from '../support/xrp-claims';

// XRP claims credited once: a tagged payment found by both the scan and the member's claim, parallel
// claims of one hash by one or two members, and the two-person threshold (tests/support/xrp-claims.ts).
const X = MSG.xrpClaim;
const file = xrpClaimsFile();
const { server, admin, checker } = file;
const { validated, validate, pay, claim, round, depositsOf, deposited, chainOf, tagOf, xrpOf } = file;

describe('a tagged payment the scan finds and the member also claims', () => {
  it('is one deposit, credited once by the system, whichever comes first, and refused to another member', async () => {
    const m = await memberClient(server.url);
    const other = await memberClient(server.url);
    const tag = await tagOf(m.client);
    // Ledger close times are whole seconds: the stand-in stamps a ledger when it is read, so the test
    // starts in a second after the tag's assignment (automatic approval needs a ledger closed after it).
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 50));
    await round(); // the scan's cursor now sits at the newest ledger
    const [cursor] = await server.db.query<{ n: string }>(
      `SELECT next_block::text AS n FROM chain_scan_cursors WHERE network = 'XRPL'`,
    );
    const at = Number(cursor!.n);

    // The scan first: the member's claim is that deposit; another member's is refused (it is the member's).
    validate(at);
    const scanned = pay({ tag, amount: '1000000' });
    await round();
    const [found] = await depositsOf(m.id);
    expect(found).toMatchObject({ amount: '1', tag: String(tag), status: 'pending' });
    const same = await claim(m.client, scanned, { amount: '1' });
    expect([same.status, same.body.data.id]).toEqual([201, found!.id]);
    const refused = await claim(other.client, scanned, { amount: '1' });
    expect([refused.status, refused.body.error?.fields]).toEqual([409, { txid: X.otherTag }]);

    // The claim first: the scan passes over it.
    validate(at + 1);
    const claimedFirst = pay({ tag, amount: '2000000' });
    expect((await claim(m.client, claimedFirst, { amount: '2' })).status).toBe(201);
    await round();

    // Both at once.
    validate(at + 2);
    const racing = pay({ tag, amount: '4000000' });
    const [raced] = await Promise.all([claim(m.client, racing, { amount: '4' }), round()]);
    expect(raced.status).toBe(201);

    validate(at + 5);
    await round();
    await round();
    const all = await depositsOf(m.id);
    expect(all.map((d) => [d.amount, d.tag, d.status])).toEqual([
      ['1', String(tag), 'approved'],
      ['2', String(tag), 'approved'],
      ['4', String(tag), 'approved'],
    ]);
    expect(Number(await xrpOf(m.client))).toBe(7);
    expect(await depositsOf(other.id)).toEqual([]);
  });
});

describe('credited at most once, through the two-person thresholds', () => {
  it('fifty parallel claims of one hash by two members make one request, approved once', async () => {
    const [a, b] = await Promise.all([memberClient(server.url), memberClient(server.url)]);
    const paid = pay();
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claim((i % 2 ? a : b).client, paid)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await deposited(paid.hash)).toHaveLength(1);
    const id = replies.find((r) => r.status === 201)!.body.data.id as string;
    validate(validated() + 3);
    await round();
    const decisions = await Promise.all(
      Array.from({ length: 5 }, () => admin.client.post(`/api/admin/deposits/${id}/approve`)),
    );
    // One proposal (an untagged claim waits for a second administrator); the parallel copies are refused.
    expect(decisions.map((r) => r.status).sort()).toEqual([202, 409, 409, 409, 409]);
    const proposal = decisions.find((r) => r.status === 202)!.body.data.proposal.id as string;
    const confirms = await Promise.all(Array.from({ length: 5 }, () => confirmAs(checker.client, proposal)));
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    const credited = [Number(await xrpOf(a.client)), Number(await xrpOf(b.client))].sort();
    expect(credited).toEqual([0, 25]);
  });

  it('fifty parallel claims by one member: at most one request, the rest refused as repeats or as too many', async () => {
    const m = await memberClient(server.url);
    const paid = pay();
    const replies = await Promise.all(Array.from({ length: 50 }, () => claim(m.client, paid)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    // At most 30 ledger asks per member in 10 minutes (a burst may be refused whole: each ask counts first).
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(20);
    expect(limited.every((r) => r.body.error?.message === X.tooMany)).toBe(true);
    const rows = await deposited(paid.hash);
    expect(rows.length).toBe(statuses.filter((s) => s === 201).length);
    validate(validated() + 3);
    await round();
    for (const row of await server.db.query<{ id: string }>(
      `SELECT id::text FROM deposits WHERE upper(txid) = $1`,
      [paid.hash],
    )) {
      const proposed = await admin.client.post(`/api/admin/deposits/${row.id}/approve`);
      if (proposed.status === 202) await confirmAs(checker.client, proposed.body.data.proposal.id);
    }
    expect(Number(await xrpOf(m.client))).toBeLessThanOrEqual(25);
  });

  it('a claim at or over the deposit threshold is credited only when a second administrator confirms', async () => {
    const m = await memberClient(server.url);
    const paid = pay({ amount: '5000000000' });
    const r = await claim(m.client, paid, { amount: '5000' });
    expect(r.status).toBe(201);
    validate(validated() + 3);
    await round();
    expect(await chainOf(r.body.data.id)).toMatchObject({ verdict: 'match', final: true });
    const proposed = await admin.client.post(`/api/admin/deposits/${r.body.data.id}/approve`);
    expect(proposed.status).toBe(202);
    expect(await xrpOf(m.client)).toBe('0');
    expect((await confirmAs(checker.client, proposed.body.data.proposal.id)).status).toBe(200);
    expect(Number(await xrpOf(m.client))).toBe(5000);
  });
});
