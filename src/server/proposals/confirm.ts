/** Two-person approval (decision 0160): confirming (applying once, under the row lock) and cancelling. */
import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../shared/constants';
import { formatExact } from '../../shared/fees';
import { MSG } from '../../shared/messages';
import { keyOf } from '../../shared/schemas/admin';
import type { Actor, Approval } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import type { Db, Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { ADMIN_CHANGE_LOCK } from '../members/close-member';
import { lockMember } from '../members/lock-member';
import { createLockIn, deleteLockIn, readLock, updateLockIn } from '../members/locks';
import { setBalancesIn } from '../members/set-balances';
import { lockBalances, readBalanceStates } from '../wallet/balance-state';
import { decideWithdrawalIn } from '../withdrawals/decide-withdrawal';
import { assertRoleChange } from './propose';
import {
  type BalancesBody,
  type FourEyes,
  type LockBody,
  markExpired,
  P,
  type ProposalRow,
  publishProposal,
  readProposal,
  refuseDecided,
  view,
} from './store';

// ——— Deciding ———

/** The acting administrator, read inside the transaction: one whose role was revoked a moment ago acts no more. */
async function assertOpenAdmin(q: Queryable, id: string) {
  const [row] = await q.query<{ ok: boolean }>(
    'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
    [id],
  );
  if (!row?.ok) throw new AppError('FORBIDDEN', MSG.common.adminOnly);
}

/**
 * Confirms a proposal: the row is locked, so of any number of confirmations in parallel exactly one finds
 * it pending and applies it, in the same transaction; the others wait and then find it applied. The
 * proposer cannot confirm (whatever session); an expired or cancelled proposal cannot be confirmed.
 */
export async function confirmProposal(db: Db, cfg: FourEyes, id: string, actor: Actor) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', P.notFound);
  const out = await db.tx(async (q) => {
    const [head] = await q.query<{ kind: string }>('SELECT kind FROM admin_proposals WHERE id = $1', [id]);
    if (!head) throw new AppError('NOT_FOUND', P.notFound);
    // Role changes: the administrators' lock first, as closing an account takes it (decision 0112).
    if (head.kind.startsWith('admin.'))
      await q.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_CHANGE_LOCK]);
    const p = (await readProposal(q, id, true))!;
    refuseDecided(p, cfg);
    if (p.proposed_by === actor.actorId) throw new AppError('FORBIDDEN', P.selfConfirm);
    await assertOpenAdmin(q, actor.actorId);
    if (p.expired_now) {
      await markExpired(q, id);
      return { expired: true as const };
    }
    const approval: Approval = {
      proposal_id: id,
      proposed_by: p.proposed_by_username,
      confirmed_by: actor.actorUsername ?? '',
    };
    // The proposer still an administrator: a revoked or closed one's proposals lapse.
    const [author] = await q.query<{ ok: boolean }>(
      'SELECT is_admin AND closed_at IS NULL AS ok FROM members WHERE id = $1',
      [p.proposed_by],
    );
    if (!author?.ok) throw new AppError('CONFLICT', P.proposerGone);
    // The action is recorded as its author's (ledger and audit actor: the proposer, as in one step),
    // with `approval` naming both administrators.
    const { result, status } = await apply(q, p, {
      ...actor,
      actorId: p.proposed_by,
      actorUsername: p.proposed_by_username,
      approval,
    });
    await q.query(
      `UPDATE admin_proposals SET status = 'applied', decided_by = $2, decided_by_username = $3, decided_at = now(),
              result = $4::jsonb
        WHERE id = $1`,
      [id, actor.actorId, actor.actorUsername ?? '', JSON.stringify(result ?? null)],
    );
    await publishProposal(q, p, 'applied', actor.actorUsername ?? '');
    const done = (await readProposal(q, id, false))!;
    return { proposal: view(done, actor.actorId), result, status, message: P.applied };
  });
  if ('expired' in out) throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
  return out;
}

async function apply(
  q: Queryable,
  p: ProposalRow,
  actor: Actor,
): Promise<{ result: unknown; status: number }> {
  switch (p.kind) {
    case 'balances.set': {
      const payload = p.payload as Record<BalanceCurrency, string>;
      const basis = (p.basis ?? {}) as Record<BalanceCurrency, string>;
      await lockMember(q, p.member_id);
      await lockBalances(
        q,
        BALANCE_CURRENCIES.map((currency) => ({ memberId: p.member_id, currency })),
      );
      const states = await readBalanceStates(q, p.member_id, [...BALANCE_CURRENCIES]);
      const stale = states
        .filter((s) => basis[s.currency as BalanceCurrency] !== undefined)
        .filter((s) => !s.total.eq(basis[s.currency as BalanceCurrency]))
        .map((s) =>
          P.staleBalanceItem(
            s.currency,
            formatExact(basis[s.currency as BalanceCurrency]),
            formatExact(s.total),
          ),
        );
      if (stale.length) throw new AppError('CONFLICT', P.staleBalances(stale.join(', ')));
      const body = Object.fromEntries(
        Object.entries(payload).map(([c, v]) => [keyOf(c as BalanceCurrency), v]),
      ) as BalancesBody;
      return { result: await setBalancesIn(q, p.member_id, body, actor), status: 200 };
    }
    case 'lock.create':
      return { result: await createLockIn(q, p.member_id, p.payload as LockBody, actor), status: 201 };
    case 'lock.update':
    case 'lock.delete': {
      const lockId = p.target_id!;
      await lockMember(q, p.member_id);
      const now = await readLock(q, p.member_id, lockId, true);
      if (!now) throw new AppError('CONFLICT', P.lockGone);
      if (now.updated_at !== (p.basis as { updated_at?: string } | null)?.updated_at) {
        throw new AppError('CONFLICT', MSG.proposals.lockChanged);
      }
      const result =
        p.kind === 'lock.update'
          ? await updateLockIn(q, p.member_id, lockId, p.payload as LockBody, actor)
          : await deleteLockIn(q, p.member_id, lockId, actor);
      return { result, status: 200 };
    }
    case 'withdrawal.approve': {
      return { result: await decideWithdrawalIn(q, actor, p.target_id!, 'approve'), status: 200 };
    }
    case 'admin.grant':
    case 'admin.revoke': {
      const admin = p.kind === 'admin.grant';
      const m = await lockMember(q, p.member_id);
      await assertRoleChange(q, m, admin);
      await q.query('UPDATE members SET is_admin = $2 WHERE id = $1', [p.member_id, admin]);
      await writeAudit(q, {
        actorId: actor.actorId,
        actorUsername: actor.actorUsername,
        action: admin ? 'member.admin.grant' : 'member.admin.revoke',
        targetType: 'member',
        targetId: p.member_id,
        before: { is_admin: !admin },
        after: { is_admin: admin, approval: actor.approval },
        ip: actor.ip,
      });
      return { result: { member_id: p.member_id, username: m.username, is_admin: admin }, status: 200 };
    }
  }
}

/** Cancels a pending proposal: its proposer or any other administrator. Recorded on the proposal. */
export async function cancelProposal(db: Db, cfg: FourEyes, id: string, actor: Actor) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', P.notFound);
  const out = await db.tx(async (q) => {
    const p = await readProposal(q, id, true);
    if (!p) throw new AppError('NOT_FOUND', P.notFound);
    refuseDecided(p, cfg);
    await assertOpenAdmin(q, actor.actorId);
    if (p.expired_now) {
      await markExpired(q, id);
      return { expired: true as const };
    }
    await q.query(
      `UPDATE admin_proposals SET status = 'cancelled', decided_by = $2, decided_by_username = $3, decided_at = now()
        WHERE id = $1`,
      [id, actor.actorId, actor.actorUsername ?? ''],
    );
    await publishProposal(q, p, 'cancelled', actor.actorUsername ?? '');
    return { proposal: view((await readProposal(q, id, false))!, actor.actorId), message: P.cancelled };
  });
  if ('expired' in out) throw new AppError('CONFLICT', P.expired(cfg.proposalTtlHours));
  return out;
}
