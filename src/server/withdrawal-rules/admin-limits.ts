import { MSG } from '../../shared/messages';
import type { AdminLimitsView } from '../../shared/schemas/withdrawal-rules';
import { type Actor, approvalOf } from '../audit/actor';
import { writeAudit } from '../audit/write-audit';
import type { WithdrawalRulesConfig } from '../config';
import type { Db, Queryable } from '../db';
import { isUuid } from '../db/iso-time';
import { AppError } from '../http/errors';
import { lockMember } from '../members/lock-member';
import { lockMemberWithdrawals } from './member-lock';

export async function readLimits(
  q: Queryable,
  memberId: string,
  cfg: WithdrawalRulesConfig,
): Promise<AdminLimitsView> {
  const [row] = await q.query<{ crypto_krw: string | null; krw: string | null }>(
    'SELECT crypto_krw::text AS crypto_krw, krw::text AS krw FROM member_withdrawal_limits WHERE member_id = $1',
    [memberId],
  );
  return {
    crypto_krw: row?.crypto_krw ?? null,
    krw: row?.krw ?? null,
    default_crypto_krw: String(cfg.dailyLimitCryptoKrw),
    default_krw: String(cfg.dailyLimitKrw),
  };
}

/** The member's own daily limits and the defaults (administrator). */
export async function getMemberLimits(db: Db, memberId: string, cfg: WithdrawalRulesConfig) {
  if (!isUuid(memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  const [m] = await db.query('SELECT 1 FROM members WHERE id = $1', [memberId]);
  if (!m) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  return readLimits(db, memberId, cfg);
}

/**
 * Sets a member's own daily limits (null: back to the default), audited with before and after. The
 * member's withdrawal lock is taken, so a limit change and a withdrawal of that member never interleave.
 */
export async function setMemberLimitsIn(
  q: Queryable,
  memberId: string,
  body: { crypto_krw: string | null; krw: string | null },
  actor: Actor,
  cfg: WithdrawalRulesConfig,
): Promise<AdminLimitsView> {
  if (!isUuid(memberId)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  await lockMemberWithdrawals(q, memberId);
  await lockMember(q, memberId);
  const before = await readLimits(q, memberId, cfg);
  await q.query(
    `INSERT INTO member_withdrawal_limits (member_id, crypto_krw, krw, updated_by, updated_at)
     VALUES ($1, $2::numeric, $3::numeric, $4, now())
     ON CONFLICT (member_id) DO UPDATE SET crypto_krw = EXCLUDED.crypto_krw, krw = EXCLUDED.krw,
       updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [memberId, body.crypto_krw, body.krw, actor.actorId],
  );
  const after = await readLimits(q, memberId, cfg);
  await writeAudit(q, {
    actorId: actor.actorId,
    actorUsername: actor.actorUsername,
    action: 'member.withdrawal_limits.set',
    targetType: 'member',
    targetId: memberId,
    before: { crypto_krw: before.crypto_krw, krw: before.krw },
    after: { crypto_krw: after.crypto_krw, krw: after.krw, ...approvalOf(actor) },
    ip: actor.ip,
  });
  return after;
}
