import { randomUUID } from 'node:crypto';
import { D } from '../../../src/shared/decimal';
import { type NetworkCode, networkFee, networksFor } from '../../../src/shared/networks';
import { addressFor, erc20Address, trc20Address, txid } from '../../support/money';
import type { Actor } from '../actors';
import type { Reply, Rng } from '../cluster';
import { amountIn, book, CRYPTO, OWN_ACCOUNT, text, XRP_TAG } from './model';
import type { Workload } from './workload';

/**
 * The members' side of the workload: deposits, withdrawals, internal transfers, a TXID claimed twice at
 * once and a submission retried on the other server. Made after the actors exist (it reads them once).
 */
export function requestOps(w: Workload) {
  const { http, model, servers, members, call, withPin, expectReply, checkCode, fail } = w;

  async function krwDeposit(rng: Rng) {
    const m = rng.pick(members);
    const amount = new D(rng.int(10, 2_000) * 1_000);
    const r = await call(
      rng,
      m,
      'POST',
      '/api/deposits/krw',
      {
        ...OWN_ACCOUNT,
        amount: text(amount),
        depositor_name: '홍길동',
      },
      { 'idempotency-key': randomUUID() },
    );
    if (expectReply('krwDeposit', r, [201])) {
      model.depositCreated(r.body.data.id, { memberId: m.id, currency: 'KRW', amount });
    }
  }

  async function usdtDeposit(rng: Rng) {
    const m = rng.pick(members);
    const amount = amountIn(rng, 'USDT', 1, 800);
    // Every member has an address on both networks; each network has its own TXID and sender format.
    const erc = rng.chance(0.3);
    const r = await call(rng, m, 'POST', '/api/deposits/crypto', {
      amount: text(amount),
      network: erc ? 'ERC20' : 'TRC20',
      txid: erc ? `0x${txid()}` : txid(),
      sender_address: erc ? erc20Address() : trc20Address(),
    });
    if (expectReply('usdtDeposit', r, [201])) {
      model.depositCreated(r.body.data.id, { memberId: m.id, currency: 'USDT', amount });
    }
  }

  /** Two members claim one TXID at the same moment on the two servers: exactly one deposit exists. */
  async function txidRace(rng: Rng) {
    const a = rng.pick(members);
    let b = rng.pick(members);
    while (b === a) b = rng.pick(members);
    const shared = txid();
    const amount = amountIn(rng, 'USDT', 1, 300);
    const replies = await Promise.all(
      [a, b].map((m, i) =>
        http.call(servers[i % servers.length]!.url, 'POST', '/api/deposits/crypto', {
          session: m.session,
          body: { amount: text(amount), txid: shared, sender_address: trc20Address() },
        }),
      ),
    );
    for (const r of replies) expectReply('txidRace', r, [201, 409]);
    for (const r of replies.filter((x) => x.status === 409)) checkCode('txidRace', r, 'CONFLICT');
    const won = replies.filter((r) => r.status === 201);
    if (won.length !== 1) fail(`txidRace: ${won.length} deposits for one TXID`);
    replies.forEach((r, i) => {
      if (r.status === 201) {
        model.depositCreated(r.body.data.id, { memberId: [a, b][i]!.id, currency: 'USDT', amount });
      }
    });
  }

  function krwWithdrawalBody(rng: Rng) {
    return {
      amount: text(new D(rng.int(10, 600) * 1_000)),
      // Won leaves only to the member's verified own-name account (OWN_ACCOUNT, set up below).
      ...OWN_ACCOUNT,
    };
  }

  async function krwWithdrawal(rng: Rng) {
    const m = rng.pick(members);
    const body = krwWithdrawalBody(rng);
    const r = await call(rng, m, 'POST', '/api/withdrawals/krw', body);
    if (expectReply('krwWithdrawal', r, [201, 409]) && r.status === 201) {
      created(r, m, null);
    } else if (r.status === 409) checkCode('krwWithdrawal', r, 'INSUFFICIENT_FUNDS');
  }

  function created(r: Reply, m: Actor, recipientId: string | null) {
    const v = r.body.data;
    model.withdrawalCreated(v.id, {
      memberId: m.id,
      currency: v.currency,
      amount: new D(v.amount),
      finalAmount: new D(v.final_amount),
      recipientId,
    });
  }

  async function cryptoWithdrawal(rng: Rng) {
    const m = rng.pick(members);
    const currency = rng.pick(CRYPTO);
    const network = rng.pick([...networksFor(currency)]);
    const fee = networkFee(currency, network)!;
    const max = { USDT: 900, ETH: 9, XRP: 3_000 }[currency];
    const amount = amountIn(rng, currency, Number(fee) * 2, max);
    const tag = network === 'XRPL' && rng.chance(0.5) ? XRP_TAG : undefined;
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', {
      currency,
      amount: text(amount),
      method: 'external',
      network,
      recipient_address: book.get(`${m.id}|${network}`)!,
      ...(tag === undefined ? {} : { destination_tag: tag }),
    });
    if (expectReply('cryptoWithdrawal', r, [201, 409]) && r.status === 201) {
      created(r, m, null);
      if (!new D(r.body.data.fee).eq(fee)) fail(`cryptoWithdrawal: fee ${r.body.data.fee}`);
      if (r.body.data.network !== network || r.body.data.destination_tag !== (tag ?? null))
        fail(`cryptoWithdrawal: network/tag ${JSON.stringify(r.body.data)}`);
    } else if (r.status === 409) checkCode('cryptoWithdrawal', r, 'INSUFFICIENT_FUNDS');
  }

  /** A currency sent over a network that cannot carry it (XRP or ETH over TRC20 …): refused, nothing held. */
  async function wrongNetwork(rng: Rng) {
    const m = rng.pick(members);
    const currency = rng.pick(CRYPTO);
    const others = (['TRC20', 'ERC20', 'XRPL', 'BTC'] as NetworkCode[]).filter(
      (n) => !networksFor(currency).includes(n),
    );
    const network = rng.pick(others);
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', {
      currency,
      amount: text(amountIn(rng, currency, 1, 5)),
      method: 'external',
      network,
      recipient_address: addressFor(network),
    });
    if (expectReply('wrongNetwork', r, [400])) checkCode('wrongNetwork', r, 'VALIDATION');
  }

  function transferBody(rng: Rng, from: Actor) {
    let to = rng.pick(members);
    while (to === from) to = rng.pick(members);
    const currency = rng.pick(CRYPTO);
    const max = { USDT: 900, ETH: 9, XRP: 3_000 }[currency];
    return {
      to,
      body: {
        currency,
        amount: text(amountIn(rng, currency, 0.01, max)),
        method: 'internal',
        recipient_id: to.username,
      },
    };
  }

  async function internalTransfer(rng: Rng) {
    const m = rng.pick(members);
    const { to, body } = transferBody(rng, m);
    const r = await call(rng, m, 'POST', '/api/withdrawals/crypto', body);
    if (expectReply('internalTransfer', r, [201, 409]) && r.status === 201) created(r, m, to.id);
    else if (r.status === 409) checkCode('internalTransfer', r, 'INSUFFICIENT_FUNDS');
  }

  /** A submission retried with its Idempotency-Key on the other server at the same moment: one request. */
  async function idempotentRetry(rng: Rng) {
    const m = rng.pick(members);
    const krw = rng.chance(0.5);
    const t = transferBody(rng, m);
    const path = krw ? '/api/withdrawals/krw' : '/api/withdrawals/crypto';
    const body = krw ? krwWithdrawalBody(rng) : t.body;
    const headers = { 'idempotency-key': randomUUID() };
    const replies = await Promise.all(
      servers.map((s) =>
        http.call(s.url, 'POST', path, { session: m.session, body: withPin(m, path, body), headers }),
      ),
    );
    for (const r of replies) expectReply('idempotentRetry', r, [201, 409]);
    for (const r of replies.filter((x) => x.status === 409))
      checkCode('idempotentRetry', r, 'INSUFFICIENT_FUNDS');
    const ids = new Set(replies.filter((r) => r.status === 201).map((r) => r.body.data.id as string));
    if (ids.size > 1) fail(`idempotentRetry: one key created ${ids.size} withdrawals`);
    const first = replies.find((r) => r.status === 201);
    if (first) created(first, m, krw ? null : t.to.id);
  }

  return {
    krwDeposit,
    usdtDeposit,
    txidRace,
    krwWithdrawal,
    cryptoWithdrawal,
    wrongNetwork,
    internalTransfer,
    idempotentRetry,
  };
}
