#!/usr/bin/env node
// Checks a saved proof of liabilities (GET /api/reserves/proof, or 자산 증명 → 증명 파일 저장) on its own:
// nothing of the product is imported, only node:crypto, so anyone can read these lines and run them.
//
//   node scripts/verify-proof.mjs proof.json [published-root-hash]
//
// Encoding (docs/decisions/0450-proof-of-liabilities.md): an amount is its integer number of base units at
// 8 decimals, as an unsigned 128-bit big-endian integer; leaf = SHA-256(0x00 ‖ commitment ‖ amounts in the
// proof's currency order); node = SHA-256(0x01 ‖ left hash ‖ left sums ‖ right hash ‖ right sums), its sums
// the children's added. The path goes from the leaf up; a level's last node without a sibling is passed up.
// Exit 0 and "ok" when the path reaches the root (and the published root, if given) with its totals.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const MAX = (1n << 128n) - 1n;
const sha256 = (...parts) => createHash('sha256').update(Buffer.concat(parts)).digest();

function units(amount) {
  const m = /^(\d{1,30})(?:\.(\d{1,8}))?$/.exec(String(amount));
  if (!m) throw new Error(`not an amount: ${amount}`);
  const u = BigInt(m[1] + (m[2] ?? '').padEnd(8, '0'));
  if (u > MAX) throw new Error(`amount too large: ${amount}`);
  return u;
}
const u128 = (u) => Buffer.from(u.toString(16).padStart(32, '0'), 'hex');
const amounts = (currencies, byCurrency) => currencies.map((c) => units(byCurrency[c]));
const bytes = (sums) => Buffer.concat(sums.map(u128));
const hex32 = (h) => {
  if (!/^[0-9a-f]{64}$/.test(h)) throw new Error(`not a 32-byte hash: ${h}`);
  return Buffer.from(h, 'hex');
};

function verify(proof, published) {
  if (proof.version !== 1 || proof.unit_decimals !== 8) throw new Error('unknown proof format');
  const cur = proof.currencies;
  let sums = amounts(cur, proof.balances);
  let hash = sha256(Buffer.from([0]), hex32(proof.commitment), bytes(sums));
  if (hash.toString('hex') !== proof.leaf_hash) throw new Error('the leaf does not match the balances');
  for (const step of proof.path) {
    const other = { hash: hex32(step.hash), sums: amounts(cur, step.sums) };
    const [l, r] = step.side === 'left' ? [other, { hash, sums }] : [{ hash, sums }, other];
    hash = sha256(Buffer.from([1]), l.hash, bytes(l.sums), r.hash, bytes(r.sums));
    sums = l.sums.map((v, i) => {
      const s = v + r.sums[i];
      if (s > MAX) throw new Error('a sum overflows');
      return s;
    });
  }
  const root = hash.toString('hex');
  if (root !== proof.root.hash)
    throw new Error(`the path gives root ${root}, the proof names ${proof.root.hash}`);
  if (published && root !== published)
    throw new Error(`the path gives root ${root}, published is ${published}`);
  const totals = amounts(cur, proof.root.totals);
  if (sums.some((s, i) => s !== totals[i])) throw new Error("the path's sums differ from the root's totals");
  return root;
}

const [file, published] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/verify-proof.mjs proof.json [published-root-hash]');
  process.exit(2);
}
try {
  const text = JSON.parse(readFileSync(file, 'utf8'));
  // The API's answer ({ data: proof }) or the proof itself.
  const root = verify(text.data ?? text, published);
  console.log(`ok: the balances are in root ${root}`);
} catch (err) {
  console.error(`failed: ${err.message}`);
  process.exit(1);
}
