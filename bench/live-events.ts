/**
 * Live events: 1,000 open `GET /api/events` streams on one instance (a server process on
 * PostgreSQL). Measured: the server's RSS and CPU idle (heartbeats only) and under a load of approvals, and
 * the latency of each approval's event to its member's stream, p50/p99. The latency is taken two ways on
 * one clock (client and server on this machine): from the approval's HTTP response (the commit happened
 * before it: a lower bound of commit → client) and from the approval's request start (an upper bound).
 */
import http from 'node:http';
import { openDb } from '../src/server/db';
import { migrate } from '../src/server/db/migrate';
import {
  cpuMsOf,
  type Percentiles,
  type Proc,
  percentiles,
  processTree,
  sleep,
  startBenchServer,
  waitForHttp,
} from './lib';
import { createBenchDatabase, pendingDeposits, seed } from './seed';

/** An event's latency, milliseconds to a tenth. */
type LatencyMs = Percentiles<50 | 99>;

export interface LiveResult {
  streams: number;
  approvals: number;
  lanes: number;
  rssIdleBeforeMb: number;
  rssStreamsMb: number;
  rssLoadMb: number;
  cpuIdlePct: number;
  idleSeconds: number;
  cpuLoadPct: number;
  approvalsPerSecond: number;
  fromResponse: LatencyMs;
  fromRequest: LatencyMs;
  delivered: number;
  misdelivered: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function openStream(port: number, cookie: string, onEvent: (requestId: string, at: number) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: { cookie, accept: 'text/event-stream' },
        agent,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        res.setEncoding('utf8');
        let buf = '';
        res.on('data', (chunk: string) => {
          const now = performance.now();
          buf += chunk;
          let at = buf.indexOf('\n\n');
          while (at >= 0) {
            const block = buf.slice(0, at);
            buf = buf.slice(at + 2);
            const m = /"request_id":"([0-9a-f-]{36})"/.exec(block);
            if (m) onEvent(m[1]!, now);
            at = buf.indexOf('\n\n');
          }
        });
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

function post(port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { cookie }, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const rssMb = async (pid: number) => (await processTree(pid)).reduce((s, p) => s + p.rssBytes, 0) / 2 ** 20;

export async function runLiveBench(opts: {
  baseUrl: string;
  serverCommand: [string, ...string[]];
  streams: number;
  approvals: number;
  lanes: number;
  idleSeconds: number;
  port?: number;
  log: (line: string) => void;
}): Promise<LiveResult> {
  const { log } = opts;
  const port = opts.port ?? 3193;
  const db = await createBenchDatabase(opts.baseUrl);
  let server: Proc | undefined;
  const reqs: http.ClientRequest[] = [];
  try {
    const m = await openDb({ databaseUrl: db.url });
    await migrate(m);
    await m.close();
    const s = await seed(db.url, { readers: 0, submitters: opts.streams, payees: 0 });
    const listeners = s.submitters;
    const deposits = await pendingDeposits(
      db.url,
      listeners.map((l) => l.id),
      opts.approvals,
    );
    const owner = new Map<string, number>();
    for (const [i, id] of deposits.entries()) owner.set(id, i % listeners.length);

    // The instance's stream cap (EVENTS_MAX_PER_INSTANCE, 500 by default) raised to the streams measured.
    server = startBenchServer(opts.serverCommand, db.url, port, {
      EVENTS_MAX_PER_INSTANCE: String(opts.streams),
    });
    await waitForHttp(`http://127.0.0.1:${port}/api/session`, server, 60_000);
    const pid = server.child.pid!;
    await sleep(2_000);
    const rssIdleBeforeMb = await rssMb(pid);

    const received = new Map<string, { at: number; stream: number }>();
    let misdelivered = 0;
    for (let i = 0; i < listeners.length; i += 50) {
      reqs.push(
        ...(await Promise.all(
          listeners.slice(i, i + 50).map((l, j) =>
            openStream(port, l.cookie, (requestId, at) => {
              if (owner.get(requestId) !== i + j) misdelivered++;
              else if (!received.has(requestId)) received.set(requestId, { at, stream: i + j });
            }),
          ),
        )),
      );
    }
    log(`live: ${reqs.length} streams open`);
    await sleep(2_000);
    const rssStreamsMb = await rssMb(pid);
    const cpu0 = await cpuMsOf(pid);
    const t0 = performance.now();
    await sleep(opts.idleSeconds * 1000);
    const cpuIdlePct = (((await cpuMsOf(pid)) - cpu0) / (performance.now() - t0)) * 100;
    log(`live: idle ${opts.idleSeconds} s with ${reqs.length} streams: CPU ${cpuIdlePct.toFixed(1)} %`);

    const sent = new Map<string, { start: number; done: number }>();
    let next = 0;
    let peakRss = 0;
    const sampler = setInterval(() => {
      void rssMb(pid).then((r) => {
        peakRss = Math.max(peakRss, r);
      });
    }, 500);
    const cpu1 = await cpuMsOf(pid);
    const l0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.lanes }, async () => {
        for (let i = next++; i < deposits.length; i = next++) {
          const id = deposits[i]!;
          const start = performance.now();
          const status = await post(port, `/api/admin/deposits/${id}/approve`, s.admin.cookie);
          if (status !== 200) throw new Error(`approve ${status}`);
          sent.set(id, { start, done: performance.now() });
        }
      }),
    );
    const loadMs = performance.now() - l0;
    const cpuLoadPct = (((await cpuMsOf(pid)) - cpu1) / loadMs) * 100;
    // Wait for the last events to arrive.
    const deadline = performance.now() + 10_000;
    while (received.size < deposits.length && performance.now() < deadline) await sleep(100);
    clearInterval(sampler);
    const fromResponse: number[] = [];
    const fromRequest: number[] = [];
    for (const [id, t] of sent) {
      const r = received.get(id);
      if (!r) continue;
      fromResponse.push(Math.max(0, r.at - t.done));
      fromRequest.push(r.at - t.start);
    }
    const round = (x: number) => Math.round(x * 10) / 10;
    return {
      streams: reqs.length,
      approvals: deposits.length,
      lanes: opts.lanes,
      rssIdleBeforeMb: Math.round(rssIdleBeforeMb),
      rssStreamsMb: Math.round(rssStreamsMb),
      rssLoadMb: Math.round(Math.max(peakRss, rssStreamsMb)),
      cpuIdlePct: round(cpuIdlePct),
      idleSeconds: opts.idleSeconds,
      cpuLoadPct: round(cpuLoadPct),
      approvalsPerSecond: Math.round(deposits.length / (loadMs / 1000)),
      // Rounding each value first is rounding the percentile (it is one of the values, and rounding keeps order).
      fromResponse: percentiles(fromResponse.map(round), 50, 99),
      fromRequest: percentiles(fromRequest.map(round), 50, 99),
      delivered: received.size,
      misdelivered,
    };
  } finally {
    for (const r of reqs) r.destroy();
    await server?.stop();
    await db.drop();
  }
}
