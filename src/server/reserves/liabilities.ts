import { randomBytes } from 'node:crypto';
import { BALANCE_CURRENCIES } from '../../shared/constants';
import { fromUnits, type MemberProof, toHex, toUnits } from '../../shared/merkle-sum';
import type { Queryable, Transaction } from '../db';
import { isoTime } from '../db/iso-time';
import { buildTree, memberCommitment, proofOf, rootOf, type SumTree } from './merkle-tree';

/**
 * Every member's balances at one instant, the Merkle sum tree over them and its root (decision 0450). Run in
 * the reserves check's transaction, which `takeSnapshot` opens at REPEATABLE READ: the balances and the
 * ledger's sums are read from one snapshot of the database, so the root's totals are the ledger's totals of
 * that instant whatever approvals commit meanwhile.
 */
const CURRENCIES = [...BALANCE_CURRENCIES];
/** Leaves written per INSERT (one statement of parallel arrays). */
const INSERT_CHUNK = 5_000;

/** Members counted: every open member account, and anyone else who holds anything. */
const MEMBERS_SQL = `
  SELECT m.id::text AS id,
         ${CURRENCIES.map(
           (c, i) => `COALESCE(sum(b.balance) FILTER (WHERE b.currency = '${c}'), 0)::text AS b${i}`,
         ).join(',\n         ')}
    FROM members m LEFT JOIN balances b ON b.member_id = m.id
   WHERE (m.closed_at IS NULL AND NOT m.is_admin)
      OR EXISTS (SELECT 1 FROM balances x WHERE x.member_id = m.id AND x.balance <> 0)
   GROUP BY m.id`;

type MemberRow = { id: string } & Record<`b${number}`, string>;
interface Leaf {
  memberId: string;
  commitment: Uint8Array;
  units: bigint[];
}

const unitsOrThrow = (amount: string): bigint => {
  const u = toUnits(amount);
  if (u === null) throw new Error(`balance outside the proof's encoding: ${amount}`);
  return u;
};

/** The leaves of a snapshot in the tree's order: by commitment, which the salt makes unrelated to the member. */
function orderLeaves(salt: Uint8Array, members: { id: string; balances: string[] }[]): Leaf[] {
  const leaves = members.map((m) => ({
    memberId: m.id,
    commitment: memberCommitment(salt, m.id),
    units: m.balances.map(unitsOrThrow),
  }));
  return leaves.sort((a, b) => Buffer.compare(a.commitment, b.commitment));
}

export interface LiabilitiesSnapshot {
  totals: Record<string, string>;
  ledger: Record<string, string>;
  root_hash: string;
  member_count: number;
}

/** Reads every member's balances and the ledger's sums in `q`'s snapshot, builds the tree, stores root and leaves. */
export async function snapshotLiabilities(q: Transaction, batch: string): Promise<LiabilitiesSnapshot> {
  const rows = await q.query<MemberRow>(MEMBERS_SQL);
  const ledgerRows = await q.query<{ currency: string; sum: string }>(
    `SELECT c.currency, COALESCE((SELECT sum(amount) FROM ledger_entries l WHERE l.currency = c.currency), 0)::text AS sum
       FROM unnest($1::text[]) AS c(currency)`,
    [CURRENCIES],
  );
  const salt = randomBytes(32);
  const leaves = orderLeaves(
    salt,
    rows.map((r) => ({ id: r.id, balances: CURRENCIES.map((_, i) => r[`b${i}`]!) })),
  );
  const root = rootOf(buildTree(CURRENCIES, leaves));
  const totals = root.sums.map(fromUnits);
  const ledger = CURRENCIES.map((c) => ledgerRows.find((r) => r.currency === c)!.sum);
  await q.query(
    `INSERT INTO reserve_proof_roots (batch, salt, root_hash, member_count, currencies, totals, ledger)
     VALUES ($1, $2, $3, $4, $5::text[], $6::numeric[], $7::numeric[])`,
    [batch, salt, toHex(root.hash), leaves.length, CURRENCIES, totals, ledger],
  );
  for (let at = 0; at < leaves.length; at += INSERT_CHUNK) {
    const part = leaves.slice(at, at + INSERT_CHUNK);
    const columns = CURRENCIES.map((_, i) => part.map((l) => fromUnits(l.units[i]!)));
    await q.query(
      `INSERT INTO reserve_proof_leaves (batch, position, member_id, balances)
       SELECT $1, u.position, u.member_id, ARRAY[${CURRENCIES.map((_, i) => `u.b${i}`).join(', ')}]
         FROM unnest($2::int[], $3::uuid[], ${CURRENCIES.map((_, i) => `$${i + 4}::numeric[]`).join(', ')})
           AS u(position, member_id, ${CURRENCIES.map((_, i) => `b${i}`).join(', ')})`,
      [batch, part.map((_, i) => at + i), part.map((l) => l.memberId), ...columns],
    );
  }
  const byCurrency = (values: string[]) => Object.fromEntries(CURRENCIES.map((c, i) => [c, values[i]!]));
  return {
    totals: byCurrency(totals),
    ledger: byCurrency(ledger),
    root_hash: toHex(root.hash),
    member_count: leaves.length,
  };
}

/**
 * The tree of the batch last asked for. A snapshot never changes, so the tree built from its stored leaves
 * stays right for as long as it is kept; keeping one spares rebuilding it for every member who checks.
 */
let cached: { batch: string; tree: Promise<SumTree> } | null = null;

async function loadTree(q: Queryable, batch: string, salt: Uint8Array, rootHash: string): Promise<SumTree> {
  const rows = await q.query<{ member_id: string; balances: string[] }>(
    `SELECT member_id::text AS member_id, balances::text[] AS balances
       FROM reserve_proof_leaves WHERE batch = $1 ORDER BY position`,
    [batch],
  );
  const tree = buildTree(
    CURRENCIES,
    rows.map((r) => ({
      commitment: memberCommitment(salt, r.member_id),
      units: r.balances.map(unitsOrThrow),
    })),
  );
  // The stored leaves must give the stored root: anything else is a fault to report, not a proof to serve.
  if (toHex(rootOf(tree).hash) !== rootHash)
    throw new Error(`reserve proof ${batch}: leaves do not give the root`);
  return tree;
}

/**
 * The member's proof in the newest snapshot; null when there is none or it does not hold them (an account
 * opened since). Only the newest is served, so the one tree kept is the one every member asks for.
 */
export async function memberProof(q: Queryable, memberId: string): Promise<MemberProof | null> {
  const [row] = await q.query<{
    batch: string;
    taken_at: string;
    position: number;
    salt: Uint8Array;
    root_hash: string;
  }>(
    `SELECT r.batch::text AS batch, ${isoTime('r.taken_at')} AS taken_at, l.position, r.salt, r.root_hash
       FROM (SELECT * FROM reserve_proof_roots ORDER BY taken_at DESC LIMIT 1) r
       JOIN reserve_proof_leaves l ON l.batch = r.batch AND l.member_id = $1`,
    [memberId],
  );
  if (!row) return null;
  const salt = new Uint8Array(row.salt);
  let entry = cached;
  if (entry?.batch !== row.batch) {
    const tree = loadTree(q, row.batch, salt, row.root_hash);
    entry = { batch: row.batch, tree };
    cached = entry;
    tree.catch(() => {
      if (cached?.tree === tree) cached = null;
    });
  }
  const tree = await entry.tree;
  return proofOf(tree, row.position, {
    commitment: memberCommitment(salt, memberId),
    batch: row.batch,
    taken_at: row.taken_at,
  });
}
