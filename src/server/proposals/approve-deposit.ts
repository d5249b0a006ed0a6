import type { Actor } from '../audit/actor';
import type { Db } from '../db';
import { depositApproval } from './kinds-money';
import { act, type KindConfig } from './registry';

/**
 * Approves a pending deposit by id: the one entry for an administrator's approval and the chain checker's
 * automatic one (actor `system:chain`, id null). Under the deposit thresholds it is credited at once; from
 * them it becomes a proposal a second administrator confirms, and the system never proposes: such a
 * deposit stays pending for the administrators (`held`).
 */
export const approveDeposit = (
  db: Db,
  cfg: KindConfig,
  actor: Actor<string | null>,
  id: string,
  opts: { reason?: string; override?: boolean } = {},
) => act(db, cfg, depositApproval, { id, ...opts }, actor);
