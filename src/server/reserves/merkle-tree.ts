import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  type Amounts,
  addSums,
  EMPTY_TAG,
  fromUnits,
  leafPreimage,
  type MemberProof,
  nodePreimage,
  PROOF_VERSION,
  type SumNode,
  toHex,
  UNIT_DECIMALS,
} from '../../shared/merkle-sum';

/**
 * The Merkle sum tree of one liabilities snapshot (decision 0450; the encoding: src/shared/merkle-sum.ts),
 * built in memory from the snapshot's leaves. Levels are kept whole, so a member's path is read off them.
 */
export interface SumTree {
  currencies: string[];
  /** levels[0] the leaves in their order, the last level the root alone. */
  levels: SumNode[][];
}

const COMMITMENT_LABEL = utf8ToBytes('wallet-reserves-member:');
/**
 * A member's commitment in one snapshot: SHA-256 of a label, the snapshot's secret salt (32 bytes) and the
 * member's id. Without the salt no one can tell whose leaf is whose, or link a member's leaves across snapshots.
 */
export const memberCommitment = (salt: Uint8Array, memberId: string): Uint8Array =>
  sha256.create().update(COMMITMENT_LABEL).update(salt).update(utf8ToBytes(memberId)).digest();

/** Builds the tree over leaves given as (commitment, base units per currency), in their order. */
export function buildTree(
  currencies: string[],
  leaves: readonly { commitment: Uint8Array; units: readonly bigint[] }[],
): SumTree {
  let level: SumNode[] = leaves.map((l) => ({
    hash: sha256(leafPreimage(l.commitment, l.units)),
    sums: l.units,
  }));
  if (level.length === 0)
    return {
      currencies,
      levels: [[{ hash: sha256(Uint8Array.of(EMPTY_TAG)), sums: currencies.map(() => 0n) }]],
    };
  const levels = [level];
  while (level.length > 1) {
    const up: SumNode[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) {
      const l = level[i]!;
      const r = level[i + 1]!;
      up.push({ hash: sha256(nodePreimage(l, r)), sums: addSums(l.sums, r.sums) });
    }
    if (level.length % 2 === 1) up.push(level[level.length - 1]!);
    levels.push(up);
    level = up;
  }
  return { currencies, levels };
}

export const rootOf = (t: SumTree): SumNode => t.levels[t.levels.length - 1]![0]!;

const amountsOf = (currencies: string[], sums: readonly bigint[]): Amounts =>
  Object.fromEntries(currencies.map((c, i) => [c, fromUnits(sums[i]!)]));

/** The proof of the leaf at `index`: its siblings from the leaf up (a node passed up alone has none). */
export function proofOf(
  t: SumTree,
  index: number,
  leaf: { commitment: Uint8Array; batch: string; taken_at: string },
): MemberProof {
  const path: MemberProof['path'] = [];
  let i = index;
  for (const level of t.levels.slice(0, -1)) {
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    const node = level[sibling];
    if (node)
      path.push({
        side: i % 2 === 0 ? 'right' : 'left',
        hash: toHex(node.hash),
        sums: amountsOf(t.currencies, node.sums),
      });
    i = Math.floor(i / 2);
  }
  const own = t.levels[0]![index]!;
  const root = rootOf(t);
  return {
    version: PROOF_VERSION,
    batch: leaf.batch,
    taken_at: leaf.taken_at,
    currencies: t.currencies,
    unit_decimals: UNIT_DECIMALS,
    balances: amountsOf(t.currencies, own.sums),
    commitment: toHex(leaf.commitment),
    leaf_hash: toHex(own.hash),
    path,
    root: { hash: toHex(root.hash), totals: amountsOf(t.currencies, root.sums) },
  };
}
