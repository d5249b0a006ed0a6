import { BALANCE_CURRENCIES, type BalanceCurrency } from '../../../src/shared/constants';
import { D } from '../../../src/shared/decimal';
import { confirmProposal } from '../actors';
import type { Rng } from '../cluster';
import { amountIn, DECIMALS, type ModelLock, text } from './model';
import type { Workload } from './workload';

/**
 * Asset locks made, changed and deleted (once by two administrators at once), and one two-person
 * proposal confirmed by every administrator on both servers at the same moment.
 */
export function lockOps(w: Workload) {
  const { http, db, model, servers, admins, members, call, adminChange, expectReply, checkCode, fail } = w;

  const isoDay = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  function lockBody(rng: Rng) {
    const currency = rng.pick(BALANCE_CURRENCIES);
    const max = { KRW: 800_000, USDT: 600, ETH: 6, XRP: 2_500 }[currency];
    const roll = rng.next();
    return {
      currency: currency.toLowerCase(),
      locked_amount: text(amountIn(rng, currency, 1, max)),
      lock_start_date: rng.chance(0.5) ? isoDay(-10) : null,
      // mostly active; some end in the future, a few ended already (they hold nothing)
      lock_end_date: roll < 0.5 ? null : roll < 0.9 ? isoDay(rng.int(2, 90)) : isoDay(-2),
      reason: rng.chance(0.5) ? '동시성 시험 잠금' : null,
    };
  }

  function trackLock(memberId: string, view: { id: string; currency: string; locked_amount: string }) {
    model.locks.set(view.id, {
      memberId,
      currency: view.currency.toUpperCase() as BalanceCurrency,
      amount: new D(view.locked_amount),
    });
  }

  async function lockCreate(rng: Rng) {
    const m = rng.pick(members);
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'POST',
      `/api/admin/members/${m.id}/locks`,
      lockBody(rng),
    );
    if (expectReply('lockCreate', r, [201, 409]) && r.status === 201) {
      trackLock(m.id, r.body.data);
      model.idleLocks.add(r.body.data.id);
    } else if (r.status === 409) checkCode('lockCreate', r, 'INSUFFICIENT_FUNDS');
  }

  function takeLock(rng: Rng): [string, ModelLock] | null {
    if (model.idleLocks.size === 0) return null;
    const ids = [...model.idleLocks];
    const id = rng.pick(ids);
    model.idleLocks.delete(id);
    return [id, model.locks.get(id)!];
  }

  /** Takes an idle lock and sends an administrator's change of it; null when no lock is idle. */
  async function changeIdleLock(rng: Rng, method: 'PUT' | 'DELETE', body?: (rng: Rng) => unknown) {
    const taken = takeLock(rng);
    if (!taken) return null;
    const [id, lock] = taken;
    const admin = rng.pick(admins);
    const path = `/api/admin/members/${lock.memberId}/locks/${id}`;
    return { id, lock, r: await adminChange(rng, admin, method, path, body?.(rng)) };
  }

  async function lockUpdate(rng: Rng) {
    const changed = await changeIdleLock(rng, 'PUT', lockBody);
    if (!changed) return lockCreate(rng);
    const { id, lock, r } = changed;
    if (expectReply('lockUpdate', r, [200, 409]) && r.status === 200) trackLock(lock.memberId, r.body.data);
    else if (r.status === 409) checkCode('lockUpdate', r, 'INSUFFICIENT_FUNDS');
    model.idleLocks.add(id);
  }

  async function lockDelete(rng: Rng) {
    const deleted = await changeIdleLock(rng, 'DELETE');
    if (!deleted) return lockCreate(rng);
    if (expectReply('lockDelete', deleted.r, [200])) model.locks.delete(deleted.id);
    else model.idleLocks.add(deleted.id);
  }

  async function lockDeleteRace(rng: Rng) {
    const taken = takeLock(rng);
    if (!taken) return lockCreate(rng);
    const [id, lock] = taken;
    const replies = await Promise.all(
      servers.map((s, i) =>
        adminChange(
          rng,
          admins[i % admins.length]!,
          'DELETE',
          `/api/admin/members/${lock.memberId}/locks/${id}`,
          undefined,
          s.url,
        ),
      ),
    );
    // 409: both were proposed, and the second confirmation found the lock gone (two-person approval).
    for (const r of replies) expectReply('lockDeleteRace', r, [200, 404, 409]);
    const won = replies.filter((r) => r.status === 200).length;
    if (won !== 1) fail(`lockDeleteRace: ${won} deletions of one lock succeeded`);
    model.locks.delete(id);
  }

  /**
   * Two-person approval: one proposal confirmed at once by every administrator on both servers (the
   * proposer too). At most one applies; the proposer is refused; the rest find it applied, or all find the
   * balance changed since the proposal (another operation got there first).
   */
  async function confirmRace(rng: Rng) {
    const m = rng.pick(members);
    const proposer = rng.pick(admins);
    const detail = await call(rng, proposer, 'GET', `/api/admin/members/${m.id}`);
    if (!expectReply('adminReadMember', detail, [200])) return;
    const c = rng.pick(BALANCE_CURRENCIES);
    const total = new D(
      (detail.body.data.balances as { currency: string; total: string }[]).find((b) => b.currency === c)!
        .total,
    );
    const target = total.times(1.01).plus(1).toDecimalPlaces(DECIMALS[c], D.ROUND_DOWN);
    const p = await call(rng, proposer, 'PUT', `/api/admin/members/${m.id}/balances`, {
      [c.toLowerCase()]: text(target),
      expected: { [c.toLowerCase()]: text(total) },
    });
    if (!expectReply('confirmRace', p, [202, 409])) return;
    if (p.status !== 202) return;
    const id = p.body.data.proposal.id as string;
    const replies = await Promise.all(
      servers.flatMap((s) => admins.map((a) => confirmProposal(http, s.url, db, a, id))),
    );
    const won = replies.filter((r) => r.status === 200);
    for (const r of replies) expectReply('confirmRace', r, [200, 403, 409]);
    if (won.length > 1) fail(`confirmRace: ${won.length} confirmations of one proposal applied`);
    replies.forEach((r, i) => {
      const mine = admins[i % admins.length] === proposer;
      if (mine && r.status === 200) fail('confirmRace: the proposer confirmed their own proposal');
    });
    for (const ch of (won[0]?.body.data.result.changes ?? []) as { currency: string; delta: string }[]) {
      model.add(m.id, ch.currency, new D(ch.delta));
    }
  }

  return { lockCreate, lockUpdate, lockDelete, lockDeleteRace, confirmRace };
}
