/**
 * The proof of liabilities' Merkle sum tree (decision 0450): its canonical byte encoding and the check of a
 * member's path, shared by the server (which builds the tree) and the browser (which checks a path with
 * WebCrypto). The hash function is passed in, so each side uses its own SHA-256.
 *
 * Encoding, version 1:
 * - an amount is its integer number of base units, `UNIT_DECIMALS` (8) decimals for every currency (the
 *   ledger's own scale, NUMERIC(38, 8): every balance the database can hold is exact), written as an
 *   unsigned 128-bit big-endian integer (16 bytes); a negative amount cannot be written at all;
 * - a leaf's hash = SHA-256(0x00 ‖ commitment (32 bytes) ‖ one amount per currency, in `currencies` order);
 *   the leaf's sums are the member's balances;
 * - a node's hash = SHA-256(0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums); its sums are the
 *   children's sums added per currency (each below 2^128), so a node cannot claim a total its children do
 *   not carry;
 * - a level with an odd count passes its last node up unchanged; an empty tree's root is SHA-256(0x02)
 *   with sums of zero.
 */
export const PROOF_VERSION = 1;
export const UNIT_DECIMALS = 8;
const AMOUNT_BYTES = 16;
const MAX_UNITS = (1n << 128n) - 1n;
const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
export const EMPTY_TAG = 0x02;

/** A decimal string (`12.5`, `0.00000001`) as base units; null when it is not a non-negative amount of 8 decimals or fewer. */
export function toUnits(amount: string): bigint | null {
  const m = /^(\d{1,30})(?:\.(\d{1,8}))?$/.exec(amount);
  if (!m) return null;
  const units = BigInt(m[1]! + (m[2] ?? '').padEnd(UNIT_DECIMALS, '0'));
  return units <= MAX_UNITS ? units : null;
}

/** Base units as the shortest decimal string (`1250000000` → `12.5`). */
export function fromUnits(units: bigint): string {
  const s = units.toString().padStart(UNIT_DECIMALS + 1, '0');
  const whole = s.slice(0, -UNIT_DECIMALS);
  const frac = s.slice(-UNIT_DECIMALS).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** Writes `units` at `at` as 16 bytes big-endian (two 64-bit halves). */
const writeAmount = (view: DataView, at: number, units: bigint) => {
  if (units < 0n || units > MAX_UNITS) throw new RangeError('amount out of range');
  view.setBigUint64(at, units >> 64n);
  view.setBigUint64(at + 8, BigInt.asUintN(64, units));
};

/** The bytes a leaf's hash is taken of. */
export function leafPreimage(commitment: Uint8Array, units: readonly bigint[]): Uint8Array {
  const out = new Uint8Array(1 + commitment.length + units.length * AMOUNT_BYTES);
  const view = new DataView(out.buffer);
  out[0] = LEAF_TAG;
  out.set(commitment, 1);
  for (const [i, u] of units.entries()) writeAmount(view, 1 + commitment.length + i * AMOUNT_BYTES, u);
  return out;
}

/** A node of the tree: its hash and its sums per currency (base units). */
export interface SumNode {
  hash: Uint8Array;
  sums: readonly bigint[];
}

/** The bytes a parent's hash is taken of. */
export function nodePreimage(left: SumNode, right: SumNode): Uint8Array {
  const half = left.hash.length + left.sums.length * AMOUNT_BYTES;
  const out = new Uint8Array(1 + 2 * half);
  const view = new DataView(out.buffer);
  out[0] = NODE_TAG;
  for (const [side, n] of [left, right].entries()) {
    const at = 1 + side * half;
    out.set(n.hash, at);
    for (const [i, u] of n.sums.entries()) writeAmount(view, at + n.hash.length + i * AMOUNT_BYTES, u);
  }
  return out;
}

/** The sums of a parent: its children's added, each within 128 bits. */
export const addSums = (a: readonly bigint[], b: readonly bigint[]): bigint[] =>
  a.map((v, i) => {
    const s = v + b[i]!;
    if (s > MAX_UNITS) throw new RangeError('sum out of range');
    return s;
  });

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

const fromHex = (hex: string): Uint8Array | null => {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

/** Amounts per currency, as decimal strings, keyed by currency. */
export type Amounts = Record<string, string>;

/** A member's proof: their leaf, the path's siblings from the leaf up, and the root it must reach. */
export interface MemberProof {
  version: number;
  batch: string;
  taken_at: string;
  currencies: string[];
  unit_decimals: number;
  balances: Amounts;
  commitment: string;
  leaf_hash: string;
  /** From the leaf up: the sibling at each level and on which side of the path it sits. */
  path: { side: 'left' | 'right'; hash: string; sums: Amounts }[];
  root: { hash: string; totals: Amounts };
}

export type Digest = (bytes: Uint8Array) => Promise<Uint8Array> | Uint8Array;

/** What checking a proof found: whether it reaches the root, and where it failed if not. */
export type ProofCheck =
  | { ok: true }
  | { ok: false; reason: 'format' | 'leaf' | 'root_hash' | 'root_totals' };

const unitsOf = (currencies: string[], amounts: Amounts | undefined): bigint[] | null => {
  const out: bigint[] = [];
  for (const c of currencies) {
    const u = toUnits(amounts?.[c] ?? '');
    if (u === null) return null;
    out.push(u);
  }
  return out;
};

/**
 * Recomputes a proof from the member's balances and commitment up to the root: the leaf's hash, each parent's
 * hash and sums, then the root's hash and totals. `expectedRoot`, when given, is the root published elsewhere
 * (the public page), which the proof's own root must then equal.
 */
export async function verifyProof(
  p: MemberProof,
  digest: Digest,
  expectedRoot?: string,
): Promise<ProofCheck> {
  if (p.version !== PROOF_VERSION || p.unit_decimals !== UNIT_DECIMALS)
    return { ok: false, reason: 'format' };
  const commitment = fromHex(p.commitment);
  const balances = unitsOf(p.currencies, p.balances);
  const totals = unitsOf(p.currencies, p.root.totals);
  if (commitment?.length !== 32 || !balances || !totals) return { ok: false, reason: 'format' };
  let node: SumNode = { hash: await digest(leafPreimage(commitment, balances)), sums: balances };
  if (toHex(node.hash) !== p.leaf_hash) return { ok: false, reason: 'leaf' };
  try {
    for (const step of p.path) {
      const hash = fromHex(step.hash);
      const sums = unitsOf(p.currencies, step.sums);
      if (hash?.length !== 32 || !sums) return { ok: false, reason: 'format' };
      const sibling = { hash, sums };
      const [l, r] = step.side === 'left' ? [sibling, node] : [node, sibling];
      node = { hash: await digest(nodePreimage(l, r)), sums: addSums(l.sums, r.sums) };
    }
  } catch {
    return { ok: false, reason: 'format' };
  }
  const rootHex = toHex(node.hash);
  if (rootHex !== p.root.hash || (expectedRoot !== undefined && rootHex !== expectedRoot))
    return { ok: false, reason: 'root_hash' };
  if (node.sums.some((s, i) => s !== totals[i])) return { ok: false, reason: 'root_totals' };
  return { ok: true };
}
