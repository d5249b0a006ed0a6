import { D } from '../../../src/shared/decimal';
import { trc20Address } from '../../support/money';
import type { Rng } from '../cluster';
import { decisionOps } from './decisions';
import { amountIn, book, bookEntry, OWN_ACCOUNT, type PendingWithdrawal, text } from './model';
import type { Workload } from './workload';

/** One member's withdrawals sent all at once, the address book and the rules a member reads. */
export function floodOps(w: Workload) {
  const { http, model, servers, admins, members, floods, busyFloods, floodFigures } = w;
  const { call, adminChange, expectReply, checkCode, fail, reason, readBalances, withPin } = w;
  const { race } = decisionOps(w);

  /**
   * Many withdrawal requests of one member at once, half on each server (the Flexcoin/Poloniex attack).
   * A flood member is touched by nothing else, so the model knows its balance exactly and the number of
   * requests that fit is known in advance: exactly that many must be accepted. Then every accepted
   * request is approved or rejected, some by two administrators at once.
   */
  async function flood(rng: Rng) {
    const m = floods.find((f) => !busyFloods.has(f.id));
    if (!m) return readBalances(rng);
    busyFloods.add(m.id);
    try {
      const currency = rng.chance(0.5) ? 'KRW' : 'USDT';
      const admin = rng.pick(admins);
      let total = model.balance(m.id, currency);
      const n = rng.int(20, 40);
      const minimum = currency === 'KRW' ? new D(10_000 * n) : new D(2 * n);
      if (total.lt(minimum)) {
        const target =
          currency === 'KRW' ? new D(rng.int(500, 3_000) * 1_000) : amountIn(rng, 'USDT', 200, 2_000);
        const r = await adminChange(rng, admin, 'PUT', `/api/admin/members/${m.id}/balances`, {
          [currency.toLowerCase()]: text(target),
          expected: { [currency.toLowerCase()]: text(total) },
        });
        if (!expectReply('floodTopUp', r, [200])) return;
        for (const ch of r.body.data.changes) model.add(m.id, ch.currency, new D(ch.delta));
        total = model.balance(m.id, currency);
      }
      const fits = rng.int(1, n - 1);
      const amount =
        currency === 'KRW'
          ? D.max(
              10_000,
              total
                .div(fits + 0.5)
                .div(1_000)
                .floor()
                .times(1_000),
            )
          : D.max(2, total.div(fits + 0.5).toDecimalPlaces(2, D.ROUND_DOWN));
      const expected = Math.min(n, total.div(amount).floor().toNumber());
      const body =
        currency === 'KRW'
          ? {
              amount: text(amount),
              ...OWN_ACCOUNT,
            }
          : {
              currency,
              amount: text(amount),
              method: 'external',
              network: 'TRC20',
              recipient_address: book.get(`${m.id}|TRC20`)!,
            };
      const path = currency === 'KRW' ? '/api/withdrawals/krw' : '/api/withdrawals/crypto';
      const replies = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          http.call(servers[i % servers.length]!.url, 'POST', path, {
            session: m.session,
            body: withPin(m, path, body),
          }),
        ),
      );
      for (const r of replies) expectReply('flood', r, [201, 409]);
      for (const r of replies.filter((x) => x.status === 409)) checkCode('flood', r, 'INSUFFICIENT_FUNDS');
      const accepted = replies.filter((r) => r.status === 201);
      floodFigures.floods++;
      floodFigures.requests += n;
      floodFigures.accepted += accepted.length;
      if (accepted.length !== expected) {
        fail(
          `flood: ${accepted.length} of ${n} withdrawals of ${amount} ${currency} accepted on ${total}; ${expected} fit`,
        );
      }
      await Promise.all(
        accepted.map(async (r) => {
          const w: PendingWithdrawal = {
            memberId: m.id,
            currency,
            amount,
            finalAmount: new D(r.body.data.final_amount),
            recipientId: null,
          };
          model.withdrawalStatus.set(r.body.data.id, 'pending');
          const path = `/api/admin/withdrawals/${r.body.data.id}`;
          if (rng.chance(0.3)) {
            const outcome = await race('raceWithdrawal', rng, path);
            if (outcome) model.withdrawalDecided(r.body.data.id, w, outcome);
            return;
          }
          const decision = rng.chance(0.6) ? 'approve' : 'reject';
          const d = await adminChange(rng, admin, 'POST', `${path}/${decision}`, reason(rng, decision));
          if (expectReply('decideWithdrawal', d, [200], decision)) {
            model.withdrawalDecided(r.body.data.id, w, decision === 'approve' ? 'approved' : 'rejected');
          }
        }),
      );
      const after = await call(rng, m, 'GET', '/api/balances');
      if (expectReply('floodCheck', after, [200])) {
        const b = (
          after.body.data.items as { currency: string; total: string; held: string; available: string }[]
        ).find((x) => x.currency === currency)!;
        const want = model.balance(m.id, currency);
        if (!new D(b.total).eq(want) || !new D(b.held).isZero() || !new D(b.available).eq(want)) {
          fail(`flood: ${currency} after the flood ${JSON.stringify(b)}, model ${want}`);
        }
      }
    } finally {
      busyFloods.delete(m.id);
    }
  }

  /** Address book: register an address, delete it, and a withdrawal to it is refused (nothing held). */
  async function addressBook(rng: Rng) {
    const m = rng.pick(members);
    const address = trc20Address();
    const reg = await call(rng, m, 'POST', '/api/withdrawal-addresses', bookEntry(m, 'TRC20', address));
    if (!expectReply('addressBook', reg, [201])) return;
    const del = await call(rng, m, 'DELETE', `/api/withdrawal-addresses/${reg.body.data.id}`);
    if (!expectReply('addressBookDelete', del, [200])) return;
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', {
      currency: 'USDT',
      amount: '5',
      method: 'external',
      network: 'TRC20',
      recipient_address: address,
      address_id: reg.body.data.id,
    });
    // The balance is checked before the address book (insert-withdrawal.ts), so a member whose
    // available USDT is below 5 at that moment is refused for the funds instead: refused either way.
    if (expectReply('deletedAddress', r, [400, 409])) {
      checkCode('deletedAddress', r, r.status === 400 ? 'VALIDATION' : 'INSUFFICIENT_FUNDS');
    }
  }
  async function readRules(rng: Rng) {
    const m = rng.pick(members);
    const r = await call(rng, m, 'GET', '/api/withdrawals/rules');
    expectReply('readRules', r, [200]);
  }

  return { flood, addressBook, readRules };
}
