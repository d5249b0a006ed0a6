/**
 * Four-eyes registry entries that decide where money goes or who may move it: asset locks, administrator
 * roles, deposit addresses, other administrators' credentials, daily withdrawal limits.
 */
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import { DEPOSIT_NETWORKS } from '../../shared/networks';
import { lockBodySchema } from '../../shared/schemas/admin';
import { adminLimitsBodySchema } from '../../shared/schemas/withdrawal-rules';
import { writeAudit } from '../audit/write-audit';
import type { Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { z } from '../http/zod';
import { ADMIN_CHANGE_LOCK } from '../members/close-member';
import {
  addressTaken,
  clearDepositAddressIn,
  readDepositAddresses,
  setDepositAddressIn,
} from '../members/deposit-address';
import { lockMember } from '../members/lock-member';
import { createLockIn, deleteLockIn, readLock, updateLockIn } from '../members/locks';
import {
  PASSWORD_RESET,
  type Reset,
  refuseOwn,
  resetIn,
  SECOND_PASSWORD_RESET,
} from '../members/reset-passwords';
import { readLimits, setMemberLimitsIn } from '../withdrawal-rules/admin-limits';
import { assertGrantBasis, grantBasis, refuseResetDuringGrant } from './grant-guard';
import { adminOf, defineKind, type Plan } from './registry';
import { type LockBody, P } from './store';

const plain = <Payload>(
  memberId: string,
  needsSecond: boolean,
  payload: Payload,
  lines: string[],
  extra: Partial<Plan<Payload>> = {},
): Plan<Payload> => ({
  needsSecond,
  memberId,
  targetId: null,
  payload,
  basis: null,
  secretHash: null,
  lines,
  ...extra,
});

// ——— Asset locks (with FOUR_EYES_ADMIN_EDITS) ———

interface LockFields {
  currency: string;
  locked_amount: string;
  lock_start_date: string | null;
  lock_end_date: string | null;
  reason: string | null;
}

const lockLines = (b: LockFields) => [
  P.lockLine(
    b.currency.toUpperCase(),
    formatExact(b.locked_amount),
    b.lock_start_date ?? '',
    b.lock_end_date ?? '',
  ),
  ...(b.reason ? [P.lockReason(b.reason)] : []),
];

export const lockCreate = defineKind({
  kind: 'lock.create',
  payload: lockBodySchema,
  async plan(q, cfg, input: { memberId: string; body: LockBody }) {
    await lockMember(q, input.memberId);
    return plain(input.memberId, cfg.fourEyes.adminEdits, input.body, lockLines(input.body));
  },
  async apply(q, _cfg, s, actor) {
    return { result: await createLockIn(q, s.memberId, s.payload, adminOf(actor)), status: 201 };
  },
});

/** The lock as the proposal saw it: gone or edited since → refused (the checker approved that picture). */
async function currentLock(
  q: Queryable,
  memberId: string,
  lockId: string,
  basis: Record<string, unknown> | null,
) {
  await lockMember(q, memberId);
  const now = await readLock(q, memberId, lockId, true);
  if (!now) throw new AppError('CONFLICT', P.lockGone);
  if (now.updated_at !== basis?.updated_at) throw new AppError('CONFLICT', MSG.proposals.lockChanged);
}

async function lockPlan(q: Queryable, memberId: string, lockId: string) {
  await lockMember(q, memberId);
  const before = await readLock(q, memberId, lockId, false);
  if (!before) throw new AppError('NOT_FOUND', MSG.admin.lockNotFound);
  return before;
}

export const lockUpdate = defineKind({
  kind: 'lock.update',
  payload: lockBodySchema,
  async plan(q, cfg, input: { memberId: string; lockId: string; body: LockBody }) {
    const before = await lockPlan(q, input.memberId, input.lockId);
    return plain(
      input.memberId,
      cfg.fourEyes.adminEdits,
      input.body,
      [...lockLines(before).map(P.lockBefore), ...lockLines(input.body).map(P.lockAfter)],
      { targetId: input.lockId, basis: { updated_at: before.updated_at } },
    );
  },
  async apply(q, _cfg, s, actor) {
    const lockId = s.targetId ?? '';
    await currentLock(q, s.memberId, lockId, s.basis);
    return { result: await updateLockIn(q, s.memberId, lockId, s.payload, adminOf(actor)), status: 200 };
  },
});

export const lockDelete = defineKind({
  kind: 'lock.delete',
  payload: z.object({ lock_id: z.string() }),
  async plan(q, cfg, input: { memberId: string; lockId: string }) {
    const before = await lockPlan(q, input.memberId, input.lockId);
    return plain(input.memberId, cfg.fourEyes.adminEdits, { lock_id: input.lockId }, lockLines(before), {
      targetId: input.lockId,
      basis: { updated_at: before.updated_at },
    });
  },
  async apply(q, _cfg, s, actor) {
    await currentLock(q, s.memberId, s.payload.lock_id, s.basis);
    return { result: await deleteLockIn(q, s.memberId, s.payload.lock_id, adminOf(actor)), status: 200 };
  },
});

// ——— Administrator roles (always two people; the last administrator stays) ———

async function assertRoleChange(q: Queryable, m: { id: string; is_admin: boolean }, admin: boolean) {
  if (admin && m.is_admin) throw new AppError('CONFLICT', P.alreadyAdmin);
  if (!admin && !m.is_admin) throw new AppError('CONFLICT', P.notAdmin);
  if (!admin) {
    const [others] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE is_admin AND closed_at IS NULL AND id <> $1',
      [m.id],
    );
    if ((others?.n ?? 0) < 1) throw new AppError('CONFLICT', P.lastAdmin);
  }
}

const role = (admin: boolean) =>
  defineKind({
    kind: admin ? 'admin.grant' : 'admin.revoke',
    payload: z.object({ admin: z.boolean() }),
    async plan(q, _cfg, input: { memberId: string }) {
      await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
      const m = await lockMember(q, input.memberId);
      await assertRoleChange(q, m, admin);
      const grant = admin ? await grantBasis(q, input.memberId) : null;
      const lines = [`${admin ? P.roleGrant : P.roleRevoke}: ${m.username}`, ...(grant ? [grant.line] : [])];
      return plain(input.memberId, true, { admin }, lines, { basis: grant?.basis ?? null });
    },
    async apply(q, _cfg, s, actor) {
      const m = await lockMember(q, s.memberId);
      await assertRoleChange(q, m, admin);
      if (admin) await assertGrantBasis(q, s.memberId, s.basis);
      await q.query('UPDATE members SET is_admin = $2 WHERE id = $1', [s.memberId, admin]);
      await writeAudit(q, {
        actorId: actor.actorId,
        actorUsername: actor.actorUsername,
        action: admin ? 'member.admin.grant' : 'member.admin.revoke',
        targetType: 'member',
        targetId: s.memberId,
        before: { is_admin: !admin },
        after: { is_admin: admin, approval: actor.approval },
        ip: actor.ip,
      });
      return { result: { member_id: s.memberId, username: m.username, is_admin: admin }, status: 200 };
    },
  });
export const roleGrant = role(true);
export const roleRevoke = role(false);

// ——— Deposit addresses: where a member's money lands (always two people) ———

const networkSchema = z.enum(DEPOSIT_NETWORKS);

export const addressSet = defineKind({
  kind: 'deposit_address.set',
  payload: z.object({ network: networkSchema, address: z.string() }),
  async plan(
    q,
    _cfg,
    input: { memberId: string; network: (typeof DEPOSIT_NETWORKS)[number]; address: string },
  ) {
    const { memberId, network, address } = input;
    await lockMember(q, memberId);
    if (await addressTaken(q, memberId, network, address))
      throw new AppError('CONFLICT', MSG.admin.addressTaken);
    const before = (await readDepositAddresses(q, memberId))[network];
    return plain(memberId, before !== address, { network, address }, [
      P.addressSetLine(network, before, address),
    ]);
  },
  async apply(q, _cfg, s, actor) {
    const r = await setDepositAddressIn(q, s.memberId, s.payload.network, s.payload.address, adminOf(actor));
    return { result: r, status: 200 };
  },
});

export const addressClear = defineKind({
  kind: 'deposit_address.clear',
  payload: z.object({ network: networkSchema.nullable() }),
  async plan(q, _cfg, input: { memberId: string; network?: (typeof DEPOSIT_NETWORKS)[number] }) {
    await lockMember(q, input.memberId);
    const current = await readDepositAddresses(q, input.memberId);
    const lines = (input.network ? [input.network] : DEPOSIT_NETWORKS).flatMap((n) => {
      const a = current[n];
      return a === null ? [] : [P.addressClearLine(n, a)];
    });
    return plain(input.memberId, lines.length > 0, { network: input.network ?? null }, lines);
  },
  async apply(q, _cfg, s, actor) {
    const r = await clearDepositAddressIn(q, s.memberId, s.payload.network ?? undefined, adminOf(actor));
    return { result: r, status: 200 };
  },
});

// ——— Credentials of another administrator (two people). A member's are never set by an administrator:
// the member recovers them by e-mail (`kinds-recovery.ts`, decision 0400). ———

/** Only another administrator's secrets are reset by administrators. */
function refuseMemberSecret(m: { is_admin: boolean }) {
  if (!m.is_admin) throw new AppError('FORBIDDEN', MSG.accountTrust.memberSecretRefused);
}

const credential = (kind: 'password.reset' | 'second_password.reset', reset: (id: string) => Reset) =>
  defineKind({
    kind,
    payload: z.object({ username: z.string() }),
    async plan(q, _cfg, input: { memberId: string; hash: string }, actor) {
      const admin = adminOf(actor);
      refuseOwn(input.memberId, admin);
      if (!isUuid(input.memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
      const m = await lockMember(q, input.memberId);
      refuseMemberSecret(m);
      await refuseResetDuringGrant(q, input.memberId);
      const line = kind === 'password.reset' ? P.passwordLine(m.username) : P.secondPasswordLine(m.username);
      return plain(input.memberId, true, { username: m.username }, [line], { secretHash: input.hash });
    },
    async apply(q, _cfg, s, actor) {
      if (!s.secretHash) throw new AppError('CONFLICT', P.alreadyApplied);
      refuseMemberSecret(await lockMember(q, s.memberId));
      const r = await resetIn(q, s.memberId, s.secretHash, adminOf(actor), reset(s.memberId));
      return { result: r, status: 200 };
    },
  });
export const passwordReset = credential('password.reset', PASSWORD_RESET);
export const secondPasswordReset = credential('second_password.reset', SECOND_PASSWORD_RESET);

// ——— Daily withdrawal limits (always two people) ———

const limitText = (v: string | null, d: string) =>
  v === null ? `${P.limitDefault}(${formatExact(d)})` : formatExact(v);

export const limitsSet = defineKind({
  kind: 'withdrawal_limits.set',
  payload: adminLimitsBodySchema,
  async plan(q, cfg, input: { memberId: string; body: { crypto_krw: string | null; krw: string | null } }) {
    if (!isUuid(input.memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
    await lockMember(q, input.memberId);
    const before = await readLimits(q, input.memberId, cfg.withdrawalRules);
    const b = input.body;
    const changed = before.crypto_krw !== b.crypto_krw || before.krw !== b.krw;
    return plain(input.memberId, changed, b, [
      P.limitsLine(
        P.limitCrypto,
        limitText(before.crypto_krw, before.default_crypto_krw),
        limitText(b.crypto_krw, before.default_crypto_krw),
      ),
      P.limitsLine(
        P.limitKrw,
        limitText(before.krw, before.default_krw),
        limitText(b.krw, before.default_krw),
      ),
    ]);
  },
  async apply(q, cfg, s, actor) {
    const r = await setMemberLimitsIn(q, s.memberId, s.payload, adminOf(actor), cfg.withdrawalRules);
    return { result: r, status: 200 };
  },
});
