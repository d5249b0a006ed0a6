/**
 * Several pending requests approved in one call (decision 0441): each is its own decision, in its own
 * transaction, through the same entry as its single approval (`approveDeposit`, `act` with
 * `withdrawalApproval`), so every threshold, chain gate and lock applies as it does one at a time. The
 * answer says, per request, whether it was applied, became a proposal, or was refused and why.
 */
import { MSG } from '../../shared/messages';
import type { BulkApproveBody, BulkApproveView, BulkItem } from '../../shared/schemas/desk-work';
import type { Actor } from '../audit/actor';
import type { Db } from '../db';
import { isAppError } from '../http/errors';
import { approveDeposit } from './approve-deposit';
import { withdrawalApproval } from './kinds-money';
import { act, type KindConfig } from './registry';

const W = MSG.deskWork;

export async function approveMany(
  db: Db,
  cfg: KindConfig,
  actor: Actor,
  body: BulkApproveBody,
): Promise<BulkApproveView> {
  const items: BulkItem[] = [];
  // One after another: an administrator's 24 h total counts each approval before the next.
  for (const { kind, id } of body.items) {
    const base = { kind, id, proposal_id: null, code: null };
    try {
      const o =
        kind === 'deposit'
          ? await approveDeposit(db, cfg, actor, id)
          : await act(db, cfg, withdrawalApproval, { id }, actor);
      if ('proposed' in o)
        items.push({
          ...base,
          outcome: 'proposed',
          proposal_id: o.proposed.proposal.id,
          message: W.bulkProposed,
        });
      else items.push({ ...base, outcome: 'approved', message: W.bulkApproved });
    } catch (err) {
      if (!isAppError(err)) throw err;
      items.push({ ...base, outcome: 'refused', message: err.message, code: err.code });
    }
  }
  const count = (o: BulkItem['outcome']) => items.filter((i) => i.outcome === o).length;
  return { items, approved: count('approved'), proposed: count('proposed'), refused: count('refused') };
}
