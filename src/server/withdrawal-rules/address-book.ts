import { resolveXrpDestination } from '../../shared/address';
import { MSG } from '../../shared/messages';
import type { NetworkCode } from '../../shared/networks';
import type { RegisterAddressInput, WithdrawalAddressView } from '../../shared/schemas/withdrawal-rules';
import { writeAudit } from '../audit/write-audit';
import type { Queryable } from '../db';
import { isoTime, isUniqueViolation, UUID_PATTERN } from '../db/iso-time';
import { AppError } from '../http/errors';
import { lockMemberWithdrawals } from './member-lock';

const R = MSG.wrules;
/** At most this many live entries per member. */
const ADDRESS_BOOK_MAX = 50;

const COLUMNS = `a.id::text AS id, a.network, a.address, a.destination_tag::text AS destination_tag, a.label,
  a.wallet_kind, a.exchange, ${isoTime('a.created_at')} AS created_at, ${isoTime('a.usable_at')} AS usable_at,
  ${isoTime('a.deleted_at')} AS deleted_at, (a.deleted_at IS NULL AND a.usable_at <= clock_timestamp()) AS usable`;

/** How two addresses of a network compare: Ethereum hex ignores case, the others are case-sensitive. */
const addressKey = (network: string, address: string) =>
  network === 'ERC20' ? address.toLowerCase() : address;

/** The member's live entries, newest first. */
export function listAddresses(q: Queryable, memberId: string): Promise<WithdrawalAddressView[]> {
  return q.query<WithdrawalAddressView>(
    `SELECT ${COLUMNS} FROM withdrawal_addresses a
      WHERE a.member_id = $1 AND a.deleted_at IS NULL ORDER BY a.created_at DESC, a.id`,
    [memberId],
  );
}

/** Registers an address (the caller has verified the second password); usable after `delayHours`. */
export async function registerAddress(
  q: Queryable,
  who: { memberId: string; username: string; ip?: string },
  input: RegisterAddressInput,
  delayHours: number,
): Promise<WithdrawalAddressView> {
  await lockMemberWithdrawals(q, who.memberId);
  let address = input.address;
  let tag: number | null = null;
  if (input.network === 'XRPL') {
    const xrp = resolveXrpDestination(address, input.destination_tag);
    if (!xrp.ok)
      throw new AppError('VALIDATION', MSG.withdraw.xrpInvalid, { address: MSG.withdraw.xrpInvalid });
    address = xrp.address;
    tag = xrp.tag;
  }
  const [{ n } = { n: 0 }] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM withdrawal_addresses WHERE member_id = $1 AND deleted_at IS NULL',
    [who.memberId],
  );
  if (n >= ADDRESS_BOOK_MAX) throw new AppError('VALIDATION', R.tooMany, { address: R.tooMany });
  let row: WithdrawalAddressView | undefined;
  try {
    [row] = await q.query<WithdrawalAddressView>(
      `INSERT INTO withdrawal_addresses AS a (member_id, network, address, address_key, destination_tag, label,
         wallet_kind, exchange, usable_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9::double precision))
       RETURNING ${COLUMNS}`,
      [
        who.memberId,
        input.network,
        address,
        addressKey(input.network, address),
        tag,
        input.label,
        input.wallet_kind,
        input.wallet_kind === 'exchange' ? input.exchange : null,
        delayHours * 3600,
      ],
    );
  } catch (e) {
    if (isUniqueViolation(e, 'withdrawal_addresses_live_key')) {
      throw new AppError('VALIDATION', R.duplicate, { address: R.duplicate });
    }
    throw e;
  }
  await writeAudit(q, {
    actorId: who.memberId,
    actorUsername: who.username,
    action: 'member.withdrawal_address.registered',
    targetType: 'withdrawal_address',
    targetId: row!.id,
    after: {
      network: row!.network,
      address: row!.address,
      destination_tag: row!.destination_tag,
      usable_at: row!.usable_at,
    },
    ip: who.ip,
  });
  return row!;
}

/** Deletes (soft: sets deleted_at) one of the member's own live entries; effective at once. */
export async function deleteAddress(
  q: Queryable,
  who: { memberId: string; username: string; ip?: string },
  id: string,
): Promise<WithdrawalAddressView> {
  if (!UUID_PATTERN.test(id)) throw new AppError('NOT_FOUND', R.notFound);
  await lockMemberWithdrawals(q, who.memberId);
  const [row] = await q.query<WithdrawalAddressView>(
    `UPDATE withdrawal_addresses a SET deleted_at = now()
      WHERE a.id = $1 AND a.member_id = $2 AND a.deleted_at IS NULL RETURNING ${COLUMNS}`,
    [id, who.memberId],
  );
  if (!row) throw new AppError('NOT_FOUND', R.notFound);
  await writeAudit(q, {
    actorId: who.memberId,
    actorUsername: who.username,
    action: 'member.withdrawal_address.deleted',
    targetType: 'withdrawal_address',
    targetId: id,
    before: { network: row.network, address: row.address, destination_tag: row.destination_tag },
    ip: who.ip,
  });
  return row;
}

interface BookRow {
  id: string;
  network: NetworkCode;
  address: string;
  destination_tag: string | null;
  deleted: boolean;
  usable: boolean;
  usable_at: string;
  wallet_kind: 'own' | 'exchange';
  exchange: string | null;
}

/**
 * The address-book entry an external withdrawal goes to, under the member's lock: by id (must be the
 * member's, live, and the same network, address and tag as the request) or, without an id, by network,
 * address and tag. Refuses an unknown, deleted, other member's or not-yet-usable entry.
 */
export async function resolveBookEntry(
  q: Queryable,
  memberId: string,
  dest: { currency: string; network: string; address: string; tag: number | null; addressId?: string | null },
): Promise<BookRow> {
  const cols = `a.id::text AS id, a.network, a.address, a.destination_tag::text AS destination_tag,
    a.deleted_at IS NOT NULL AS deleted, a.usable_at <= clock_timestamp() AS usable, ${isoTime('a.usable_at')} AS usable_at,
    a.wallet_kind, a.exchange`;
  let row: BookRow | undefined;
  if (dest.addressId) {
    if (!UUID_PATTERN.test(dest.addressId)) {
      throw new AppError('VALIDATION', R.notFound, { address_id: R.notFound });
    }
    [row] = await q.query<BookRow>(
      `SELECT ${cols} FROM withdrawal_addresses a WHERE a.id = $1 AND a.member_id = $2`,
      [dest.addressId, memberId],
    );
    if (!row) throw new AppError('VALIDATION', R.notFound, { address_id: R.notFound });
    if (row.deleted) throw new AppError('VALIDATION', R.deletedAddress, { address_id: R.deletedAddress });
    const same =
      row.network === dest.network &&
      addressKey(row.network, row.address) === addressKey(dest.network, dest.address) &&
      (row.destination_tag ?? null) === (dest.tag === null ? null : String(dest.tag));
    if (!same) {
      const m = R.wrongNetwork(dest.currency);
      throw new AppError('VALIDATION', m, { address_id: m });
    }
  } else {
    [row] = await q.query<BookRow>(
      `SELECT ${cols} FROM withdrawal_addresses a
        WHERE a.member_id = $1 AND a.network = $2 AND a.address_key = $3
          AND COALESCE(a.destination_tag, -1) = COALESCE($4::bigint, -1) AND a.deleted_at IS NULL`,
      [memberId, dest.network, addressKey(dest.network, dest.address), dest.tag],
    );
    if (!row) throw new AppError('VALIDATION', R.notRegistered, { recipient_address: R.notRegistered });
  }
  return row;
}
