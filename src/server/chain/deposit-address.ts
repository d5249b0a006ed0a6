import type { DepositNetwork } from '../../shared/networks';
import type { Db, Queryable } from '../db';
import type { ChainConfig } from './chain-config';
import { depositAddressAt } from './derivation';

/** Any constant: the first key of the per-member advisory lock of deposit address assignment. */
const ASSIGN_LOCK_CLASS = 7_260_351;
const SEQUENCES: Record<DepositNetwork, string> = {
  ERC20: 'deposit_derivation_index_erc20',
  TRC20: 'deposit_derivation_index_trc20',
};

export interface AssignedAddress {
  address: string;
  origin: 'operator' | 'derived';
}

async function current(q: Queryable, memberId: string, network: DepositNetwork) {
  const [row] = await q.query<{ address: string; origin: 'operator' | 'derived' }>(
    'SELECT address, origin FROM member_deposit_addresses WHERE member_id = $1 AND network = $2',
    [memberId, network],
  );
  const address = row?.address.trim();
  return address ? { address, origin: row!.origin } : null;
}

/**
 * The member's deposit address on a network (decision 0351): the one they have (an operator's or an
 * earlier derived one), else — when the operator configured the network's watch-only key — the next
 * address of that key, assigned now and never given to anyone else. Parallel first visits of one member
 * wait for each other (advisory lock) and get the same address; an index comes from a sequence, so two
 * members never share one. A member whose derived address an operator cleared gets the same one back.
 */
export async function assignDepositAddress(
  db: Db,
  chain: ChainConfig,
  memberId: string,
  network: DepositNetwork,
): Promise<AssignedAddress | null> {
  const have = await current(db, memberId, network);
  const xpub = chain.depositXpubs[network];
  if (have || !xpub) return have;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
      ASSIGN_LOCK_CLASS,
      `${memberId}|${network}`,
    ]);
    const again = await current(q, memberId, network);
    if (again) return again;
    const [open] = await q.query('SELECT 1 FROM members WHERE id = $1 AND closed_at IS NULL', [memberId]);
    if (!open) return null;
    const [earlier] = await q.query<{ derivation_index: string; address: string }>(
      `SELECT derivation_index::text AS derivation_index, address FROM deposit_address_derivations
        WHERE member_id = $1 AND network = $2 AND xpub = $3`,
      [memberId, network, xpub],
    );
    let index: string;
    let address: string;
    if (earlier) {
      index = earlier.derivation_index;
      address = earlier.address;
    } else {
      const [next] = await q.query<{ i: string }>(`SELECT nextval('${SEQUENCES[network]}')::text AS i`);
      index = next!.i;
      address = depositAddressAt(network, xpub, Number(index));
      await q.query(
        `INSERT INTO deposit_address_derivations (network, xpub, derivation_index, address, member_id)
         VALUES ($1, $2, $3, $4, $5)`,
        [network, xpub, index, address, memberId],
      );
    }
    await q.query(
      `INSERT INTO member_deposit_addresses (member_id, network, address, origin, derivation_index)
       VALUES ($1, $2, $3, 'derived', $4)`,
      [memberId, network, address, index],
    );
    return { address, origin: 'derived' as const };
  });
}

/** The member's XRP destination tag at the service address, assigned on first ask (never reused). */
export async function assignDepositTag(db: Db, memberId: string): Promise<string | null> {
  const read = async (q: Queryable) =>
    (
      await q.query<{ tag: string }>(
        'SELECT tag::text AS tag FROM member_deposit_tags WHERE member_id = $1',
        [memberId],
      )
    )[0]?.tag ?? null;
  const have = await read(db);
  if (have) return have;
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ASSIGN_LOCK_CLASS, `${memberId}|XRPL`]);
    const again = await read(q);
    if (again) return again;
    const [open] = await q.query('SELECT 1 FROM members WHERE id = $1 AND closed_at IS NULL', [memberId]);
    if (!open) return null;
    const [row] = await q.query<{ tag: string }>(
      `INSERT INTO member_deposit_tags (member_id, tag) VALUES ($1, nextval('member_deposit_tag_seq'))
       RETURNING tag::text AS tag`,
      [memberId],
    );
    return row!.tag;
  });
}
