import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { fromUnits, type MemberProof, toHex, toUnits, verifyProof } from '../../shared/merkle-sum';
import { buildTree, memberCommitment, proofOf, rootOf } from './merkle-tree';

/**
 * The Merkle sum tree against a tree worked out by hand (the hashes below were computed with Python's
 * hashlib from the encoding written in src/shared/merkle-sum.ts, not with this code), and the proofs of
 * every leaf against the root.
 */
const CUR = ['KRW', 'ETH'];
const c = (b: number) => new Uint8Array(32).fill(b);
const LEAVES = [
  { commitment: c(1), units: [100_000_000_000n, 50_000_000n] }, // 1000 KRW, 0.5 ETH
  { commitment: c(2), units: [0n, 100_000_000n] }, // 1 ETH
  { commitment: c(3), units: [25_000_000_000n, 1n] }, // 250 KRW, 0.00000001 ETH
];
const HAND = {
  leaves: [
    '7351984c398bc2599a1ae8ac5f9cad4575ddc0e78ee660db8c24562d88ba5e21',
    'cfe3fe52a298e9d3f0aa0426f3e3018ea37335536682db0b1810ae8c58f455f2',
    '00d25fca3113ab08f7ffe27b2ecdf29cb02a80a69dd71f3a0efbbc5d76932da4',
  ],
  n01: '0c2e42497314a5af0b3797e280a7f45231921a468c9ec95f57d73ac5dfb772fc',
  root: 'd8b31979b58d97d8646206deb62445ccb715adfdc1b9433ce270fb40351855b8',
  empty: 'dbc1b4c900ffe48d575b5da5c638040125f65db0fe3e24494b76ea986457d986',
};
const digest = (b: Uint8Array) => sha256(b);
const proofs = (leaves: typeof LEAVES) => {
  const t = buildTree(CUR, leaves);
  return leaves.map((l, i) => proofOf(t, i, { commitment: l.commitment, batch: 'b', taken_at: 't' }));
};

describe('Merkle sum tree', () => {
  it('gives the hand-computed leaves, node and root, with the totals', () => {
    const t = buildTree(CUR, LEAVES);
    expect(t.levels[0]!.map((n) => toHex(n.hash))).toEqual(HAND.leaves);
    expect(toHex(t.levels[1]![0]!.hash)).toBe(HAND.n01);
    expect(toHex(rootOf(t).hash)).toBe(HAND.root);
    expect(rootOf(t).sums).toEqual([125_000_000_000n, 150_000_001n]);
    expect(toHex(rootOf(buildTree(CUR, [])).hash)).toBe(HAND.empty);
  });

  it("gives every member a path that verifies against the root, the odd leaf's path one step", async () => {
    const all = proofs(LEAVES);
    for (const p of all) expect(await verifyProof(p, digest, HAND.root)).toEqual({ ok: true });
    expect(all[0]!.path).toEqual([
      { side: 'right', hash: HAND.leaves[1], sums: { KRW: '0', ETH: '1' } },
      { side: 'right', hash: HAND.leaves[2], sums: { KRW: '250', ETH: '0.00000001' } },
    ]);
    expect(all[2]!.path).toEqual([{ side: 'left', hash: HAND.n01, sums: { KRW: '1000', ETH: '1.5' } }]);
    expect(all[0]!.root.totals).toEqual({ KRW: '1250', ETH: '1.50000001' });
    // Every member of a larger tree too.
    const many = Array.from({ length: 37 }, (_, i) => ({
      commitment: c(i),
      units: [BigInt(i * 7), BigInt(i)],
    }));
    const ps = proofs(many);
    for (const p of ps) expect(await verifyProof(p, digest, ps[0]!.root.hash)).toEqual({ ok: true });
  });

  it('breaks the root when a balance changes or a member is left out', async () => {
    const changed = LEAVES.map((l, i) => (i === 1 ? { ...l, units: [0n, 99_999_999n] } : l));
    expect(toHex(rootOf(buildTree(CUR, changed)).hash)).not.toBe(HAND.root);
    const removed = LEAVES.filter((_, i) => i !== 1);
    expect(toHex(rootOf(buildTree(CUR, removed)).hash)).not.toBe(HAND.root);
    // A member's own proof against the published root fails once their leaf or a sibling's sums are altered.
    const [p] = proofs(LEAVES) as [MemberProof];
    const lowered = { ...p, balances: { ...p.balances, ETH: '0.4' } };
    expect(await verifyProof(lowered, digest, HAND.root)).toEqual({ ok: false, reason: 'leaf' });
    const hidden = {
      ...p,
      path: p.path.map((s, i) => (i === 0 ? { ...s, sums: { KRW: '0', ETH: '0' } } : s)),
      root: { ...p.root, totals: { KRW: '1250', ETH: '0.50000001' } },
    };
    expect(await verifyProof(hidden, digest, HAND.root)).toEqual({ ok: false, reason: 'root_hash' });
    const negative = { ...p, path: [{ ...p.path[0]!, sums: { KRW: '0', ETH: '-1' } }, p.path[1]!] };
    expect(await verifyProof(negative, digest, HAND.root)).toEqual({ ok: false, reason: 'format' });
  });

  it('encodes amounts as 8-decimal base units, exactly, and commits members under a salt', () => {
    expect(toUnits('12.5')).toBe(1_250_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('1.000000001')).toBeNull();
    expect(toUnits('-1')).toBeNull();
    expect(fromUnits(1_250_000_000n)).toBe('12.5');
    expect(fromUnits(0n)).toBe('0');
    const salt = new Uint8Array(32).fill(9);
    expect(toHex(memberCommitment(salt, 'a'))).not.toBe(toHex(memberCommitment(salt, 'b')));
    expect(toHex(memberCommitment(salt, 'a'))).not.toBe(toHex(memberCommitment(new Uint8Array(32), 'a')));
  });
});
