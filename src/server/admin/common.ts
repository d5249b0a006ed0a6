import type { FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import type { App } from '../context';
import type { Queryable } from '../db';
import { UUID_PATTERN } from '../db/iso-time';
import { declareRoutes } from '../http/declare-routes';
import { errorResponses } from '../http/envelope';
import { AppError } from '../http/errors';
import { actingIn } from '../http/guards';
import { z } from '../http/zod';
import { adminSession } from './guard';

/**
 * Who does an administrator action, for its audit entry and ledger rows: the one Actor type.
 * `Actor<string | null>` also admits the system (CHAIN_AUTO_APPROVE's approvals, `actorId` null).
 */
export interface Actor<Id extends string | null = string> {
  actorId: Id;
  actorUsername: string;
  ip?: string;
  /** The acting administrator's own session, kept when they reset their own password. */
  tokenHash?: string;
  /** The administrator's browser, for the sign-in log's administrator resets. */
  userAgent?: string;
  /** Set when a confirmed proposal applies the action: both administrators' names go into the audit. */
  approval?: Approval;
}

/** Two-person approval (decision 0160): who proposed and who confirmed the action being applied. */
export interface Approval {
  proposal_id: string;
  proposed_by: string;
  confirmed_by: string;
}

/** The audit entry's part naming both administrators, when the action is a confirmed proposal. */
export const approvalOf = (a: { approval?: Approval }) => (a.approval ? { approval: a.approval } : {});

/** The acting administrator of a request of the /api/admin scope (the guard has checked the session). */
export const actorOf = (req: FastifyRequest): Actor => actingIn(req, adminSession(req));

export const isUuid = (s: string) => UUID_PATTERN.test(s);

/** Path parameters: any text; an id that is not a UUID is simply not found (404). */
export const memberParams = z.strictObject({ id: z.string().max(100) });
export const memberItemParams = z.strictObject({ id: z.string().max(100), itemId: z.string().max(100) });

export interface MemberRow {
  id: string;
  username: string;
  email: string;
  full_name: string;
  is_admin: boolean;
  deposit_address: string | null;
  closed: boolean;
}

/**
 * The member row, locked for the rest of the transaction; 404 when there is none.
 *
 * - 'no key update' (the default): concurrent administrator actions on one member wait for each other,
 *   but rows that merely reference the member (a new request, a ledger entry: their foreign-key check
 *   takes a KEY SHARE lock) do not. FOR UPDATE here deadlocked against any request that held a balance
 *   row and then inserted such a row, while this transaction waited for that balance row
 *   (reliability suite, docs/decisions/0070-member-row-lock.md).
 * - 'update' (closing only): also holds back new rows referencing the member until it is closed.
 */
export async function lockMember(
  q: Queryable,
  id: string,
  mode: 'no key update' | 'update' = 'no key update',
): Promise<MemberRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  const [row] = await q.query<MemberRow>(
    `SELECT id, username, email, full_name, is_admin, deposit_address, closed_at IS NOT NULL AS closed
       FROM members WHERE id = $1
        ${mode === 'update' ? 'FOR UPDATE' : 'FOR NO KEY UPDATE'}`,
    [id],
  );
  if (!row) throw new AppError('NOT_FOUND', MSG.admin.memberNotFound);
  // A closed account is read-only: every administrator change goes through this lock and stops here.
  if (row.closed) throw new AppError('CONFLICT', MSG.admin.memberClosed);
  return row;
}

/**
 * How an administrator module declares its routes (`declareRoutes`): tagged admin, with the error answers
 * every administrator route may give (401, 403 from the guard).
 */
export const adminApi = (app: App) => declareRoutes(app, { tags: ['admin'], errors: errorResponses(404) });
