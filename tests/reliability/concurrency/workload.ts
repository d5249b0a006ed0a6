import type { Db } from '../../../src/server/db';
import { D } from '../../../src/shared/decimal';
import { type Actor, confirmProposal } from '../actors';
import { Http, type Instance, type Reply, type Rng } from '../cluster';
import { Model, type Stats } from './model';

/**
 * What the concurrency workload shares: the two servers, the actors, the model of what was accepted, the
 * tally of replies and the failures seen. The actors are set by the test file's setup;
 * the operations (requests.ts, decisions.ts, locks.ts, flood.ts) are made after it.
 */
export function workload(servers: Instance[], db: Db) {
  const http = new Http(20_000);
  const model = new Model();
  const stats = new Map<string, Stats>();
  const failures: string[] = [];
  const busyFloods = new Set<string>();
  const floodFigures = { floods: 0, requests: 0, accepted: 0 };
  const actors = {
    servers,
    db,
    admins: [] as Actor[],
    members: [] as Actor[],
    floods: [] as Actor[],
  };

  const stat = (kind: string) => {
    let s = stats.get(kind);
    if (!s) {
      s = { sent: 0, accepted: 0, refused: {} };
      stats.set(kind, s);
    }
    return s;
  };
  const fail = (msg: string) => {
    if (failures.length < 40) failures.push(msg);
  };
  /** Records a reply; a status outside `allowed` (a 5xx, a hang, a cut connection…) is a failure. */
  const expectReply = (kind: string, r: Reply, allowed: number[], what = ''): boolean => {
    const s = stat(kind);
    s.sent++;
    if (r.status >= 200 && r.status < 300) s.accepted++;
    else {
      const label = r.failure ?? `${r.status} ${r.body?.error?.code ?? ''}`.trim();
      s.refused[label] = (s.refused[label] ?? 0) + 1;
    }
    if (!allowed.includes(r.status)) {
      fail(
        `${kind}${what ? ` ${what}` : ''}: ${r.failure ?? r.status} ${JSON.stringify(r.body).slice(0, 300)}`,
      );
      return false;
    }
    return true;
  };

  const server = (rng: Rng) => rng.pick(actors.servers).url;
  const call = (
    rng: Rng,
    actor: Actor,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) =>
    http.call(server(rng), method, path, {
      session: actor.session,
      body: withPin(actor, path, body),
      headers,
    });
  /** A withdrawal carries the member's second password (the PIN pad). */
  const withPin = (actor: Actor, path: string, body: unknown) =>
    path.startsWith('/api/withdrawals/') && body && typeof body === 'object'
      ? { ...body, second_password: actor.creds.pin }
      : body;

  /**
   * An administrator's action under two-person approval (decisions 0160, 0321): when it is a proposal
   * (202), another administrator confirms it with a fresh one-time code; answers like the one-step action
   * did.
   */
  const adminChange = async (
    rng: Rng,
    admin: Actor,
    method: string,
    path: string,
    body?: unknown,
    at?: string,
  ) => {
    const r = await http.call(at ?? server(rng), method, path, { session: admin.session, body });
    if (r.status !== 202) return r;
    const by = rng.pick(actors.admins.filter((a) => a !== admin));
    const c = await confirmProposal(http, server(rng), actors.db, by, r.body.data.proposal.id);
    if (c.status >= 300) return c;
    return { ...c, body: { data: c.body.data.result, error: null } } as Reply;
  };
  function checkCode(kind: string, r: Reply, code: string) {
    if (r.body?.error?.code !== code) fail(`${kind}: expected ${code}, got ${JSON.stringify(r.body)}`);
  }

  /** A rejection always says why (the server refuses one without a reason); an approval sometimes does. */
  const reason = (rng: Rng, decision: string) =>
    decision === 'reject' || rng.chance(0.3) ? { reason: '동시성 시험' } : undefined;

  /** What a member sees: available = total − locked − held, and never more is held than there is. */
  async function readBalances(rng: Rng) {
    const m = rng.pick(actors.members);
    const r = await call(rng, m, 'GET', '/api/balances');
    if (!expectReply('readBalances', r, [200])) return;
    for (const b of r.body.data.items as {
      currency: string;
      total: string;
      locked: string;
      held: string;
      available: string;
    }[]) {
      const free = new D(b.total).minus(b.locked).minus(b.held);
      if (free.isNegative() || !free.eq(b.available)) fail(`readBalances: ${JSON.stringify(b)}`);
    }
  }

  return Object.assign(actors, {
    http,
    model,
    stats,
    failures,
    busyFloods,
    floodFigures,
    stat,
    fail,
    expectReply,
    server,
    call,
    withPin,
    adminChange,
    checkCode,
    reason,
    readBalances,
  });
}

export type Workload = ReturnType<typeof workload>;
