import { BALANCE_CURRENCIES } from '../../../src/shared/constants';
import { D } from '../../../src/shared/decimal';
import { confirmProposal } from '../actors';
import type { Rng } from '../cluster';
import { DECIMALS, type Kind, text } from './model';
import type { Workload } from './workload';

/**
 * The administrators' side: deciding deposits and withdrawals (alone, or two or three at the same moment)
 * and the asset form. Made after the actors exist (it reads them once).
 */
export function decisionOps(w: Workload) {
  const { http, db, model, servers, admins, members } = w;
  const { call, adminChange, expectReply, checkCode, fail, reason, readBalances, server } = w;

  async function decideDeposit(rng: Rng) {
    const taken = model.take(model.deposits, rng);
    if (!taken) return readBalances(rng);
    const [id, d] = taken;
    const decision = rng.chance(0.75) ? 'approve' : 'reject';
    // An approval that brings the member's deposits of 24 h to FOUR_EYES_DEPOSIT_KRW, or the administrator's
    // lone approvals to FOUR_EYES_ADMIN_DAILY_KRW, is a proposal another administrator confirms.
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'POST',
      `/api/admin/deposits/${id}/${decision}`,
      reason(rng, decision),
    );
    if (expectReply('decideDeposit', r, [200], decision)) {
      model.depositDecided(id, d, decision === 'approve' ? 'approved' : 'rejected');
    }
  }

  /** Two or three administrators decide one request at the same moment: exactly one decision wins. */
  async function race(
    kind: 'raceDeposit' | 'raceWithdrawal',
    rng: Rng,
    path: string,
  ): Promise<'approved' | 'rejected' | null> {
    const decisions = Array.from({ length: rng.int(2, 3) }, () => (rng.chance(0.5) ? 'approve' : 'reject'));
    const replies = await Promise.all(
      decisions.map((decision, i) =>
        http.call(servers[i % servers.length]!.url, 'POST', `${path}/${decision}`, {
          session: admins[i % admins.length]!.session,
          body: decision === 'reject' ? { reason: '동시성 시험' } : undefined,
        }),
      ),
    );
    // An approval past a four-eyes threshold (decision 0321) becomes a proposal (202; a second approval is
    // refused with CONFLICT while it waits), confirmed by another administrator: it wins if the request is
    // still pending then.
    for (const r of replies) expectReply(kind, r, [200, 202, 409]);
    for (const r of replies.filter((x) => x.status === 409)) {
      if (r.body?.error?.code !== 'CONFLICT') checkCode(kind, r, 'NOT_PENDING');
    }
    const confirmed = await Promise.all(
      replies.map(async (r, i) => {
        if (r.status !== 202) return r;
        const by = admins[(i + 1) % admins.length]!;
        const c = await confirmProposal(http, server(rng), db, by, r.body.data.proposal.id);
        expectReply(`${kind}Confirm`, c, [200, 409]);
        if (c.status === 409) checkCode(`${kind}Confirm`, c, 'NOT_PENDING');
        return c;
      }),
    );
    const winners = confirmed.flatMap((r, i) => (r.status === 200 ? [decisions[i]!] : []));
    if (winners.length !== 1) {
      fail(`${kind}: ${winners.length} decisions won on ${path}`);
      return null;
    }
    return winners[0] === 'approve' ? 'approved' : 'rejected';
  }

  async function raceDeposit(rng: Rng) {
    const taken = model.take(model.deposits, rng);
    if (!taken) return readBalances(rng);
    const [id, d] = taken;
    const outcome = await race('raceDeposit', rng, `/api/admin/deposits/${id}`);
    if (outcome) model.depositDecided(id, d, outcome);
  }

  async function decideWithdrawal(rng: Rng) {
    const taken = model.take(model.withdrawals, rng);
    if (!taken) return readBalances(rng);
    const [id, w] = taken;
    const decision = rng.chance(0.7) ? 'approve' : 'reject';
    const r = await adminChange(
      rng,
      rng.pick(admins),
      'POST',
      `/api/admin/withdrawals/${id}/${decision}`,
      reason(rng, decision),
    );
    // An approval is never short of funds: the pending request has held its amount all along.
    if (expectReply('decideWithdrawal', r, [200], decision)) {
      model.withdrawalDecided(id, w, decision === 'approve' ? 'approved' : 'rejected');
    }
  }

  async function raceWithdrawal(rng: Rng) {
    const taken = model.take(model.withdrawals, rng);
    if (!taken) return readBalances(rng);
    const [id, w] = taken;
    const outcome = await race('raceWithdrawal', rng, `/api/admin/withdrawals/${id}`);
    if (outcome) model.withdrawalDecided(id, w, outcome);
  }

  /** The administrator's asset form: read the totals, then send new values with the totals seen. */
  async function setBalances(rng: Rng, stale = false) {
    const kind: Kind = stale ? 'staleSetBalances' : 'setBalances';
    const m = rng.pick(members);
    const admin = rng.pick(admins);
    const detail = await call(rng, admin, 'GET', `/api/admin/members/${m.id}`);
    if (!expectReply('adminReadMember', detail, [200])) return;
    const totals = new Map<string, string>(
      (detail.body.data.balances as { currency: string; total: string }[]).map((b) => [b.currency, b.total]),
    );
    const body: Record<string, unknown> = {};
    const expected: Record<string, string> = {};
    const chosen = [...BALANCE_CURRENCIES].filter(() => rng.chance(0.4));
    if (chosen.length === 0) chosen.push(rng.pick(BALANCE_CURRENCIES));
    for (const c of chosen) {
      const total = new D(totals.get(c) ?? '0');
      const target = total.times(0.7 + rng.next() * 0.6).toDecimalPlaces(DECIMALS[c], D.ROUND_DOWN);
      body[c.toLowerCase()] = text(target);
      expected[c.toLowerCase()] = stale ? text(total.plus(1)) : text(total);
    }
    body.expected = expected;
    const r = await adminChange(rng, admin, 'PUT', `/api/admin/members/${m.id}/balances`, body);
    if (stale) {
      expectReply(kind, r, [409]);
      return;
    }
    if (!expectReply(kind, r, [200, 409])) return;
    if (r.status !== 200) return;
    for (const ch of r.body.data.changes as { currency: string; before: string; delta: string }[]) {
      const sent = expected[ch.currency.toLowerCase()];
      if (sent === undefined || !new D(ch.before).eq(sent)) {
        fail(`setBalances: ${ch.currency} changed from ${ch.before}, the form showed ${sent}`);
      }
      model.add(m.id, ch.currency, new D(ch.delta));
    }
  }

  return { decideDeposit, raceDeposit, decideWithdrawal, raceWithdrawal, setBalances, race };
}
