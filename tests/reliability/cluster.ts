import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';

/**
 * Real server processes for the reliability suite, as `npm start` runs them (SERVER_ARGS below), several
 * of them sharing one PostgreSQL database. Each can be killed with SIGKILL and
 * restarted on the same port.
 */
export const DATABASE_URL = process.env.DATABASE_URL;

/** A free TCP port on 127.0.0.1 (the operating system's choice, released at once for the server). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Every process started here, killed when the test process ends however it ends (no server is left behind). */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newestMtime(path.join(p, e))));
}

/**
 * What `npm start` runs: the compiled server when dist/ holds a build newer than its sources (as after
 * `npm run build`; it starts in a fraction of the time), else the sources through tsx.
 */
const BUILT = path.resolve('dist/server/main.js');
const SERVER_ARGS =
  existsSync(BUILT) && statSync(BUILT).mtimeMs >= Math.max(...['src/server', 'src/shared'].map(newestMtime))
    ? [BUILT]
    : ['--import', 'tsx', path.resolve('src/server/main.ts')];

const ADMIN_ENV = {
  ADMIN_USERNAME: `seed_${randomBytes(4).toString('hex')}`,
  ADMIN_PASSWORD: 'seedpass1234',
  ADMIN_SECOND_PASSWORD: '135790',
};

export class Instance {
  proc: ChildProcess | null = null;
  starts = 0;
  /** The process's output since its last start (printed when it fails to start). */
  output = '';
  readonly url: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Started and answering (false from the kill until the restarted process answers). */
  ready = false;

  get running() {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Starts the process and waits until it answers HTTP (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<number> {
    const t0 = performance.now();
    this.output = '';
    const proc = spawn(process.execPath, SERVER_ARGS, {
      env: {
        ...process.env,
        ...ADMIN_ENV,
        DATABASE_URL: DATABASE_URL ?? '',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        PRICE_REFRESH: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_ADDRESS: '1000000',
        STATIC_DIR: path.resolve('dist/client'),
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    this.starts++;
    live.add(proc);
    proc.once('exit', () => live.delete(proc));
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    while (performance.now() - t0 < timeoutMs) {
      if (proc.exitCode !== null || proc.signalCode !== null) break;
      try {
        const res = await fetch(`${this.url}/api/session`, { signal: AbortSignal.timeout(1_000) });
        await res.arrayBuffer();
        if (res.status === 401) {
          this.ready = true;
          return performance.now() - t0;
        }
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${this.name} did not start (exit ${proc.exitCode ?? proc.signalCode}):\n${this.output}`);
  }

  /** kill -9: no cleanup of any kind, open transactions are cut off mid-way. */
  async kill9(): Promise<void> {
    const proc = this.proc;
    this.ready = false;
    if (!proc || !this.running) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await exited;
  }

  /** A normal stop (SIGTERM: the server closes its connections), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const proc = this.proc;
    this.ready = false;
    if (!proc || !this.running) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Starts `n` instances one after the other (the first one migrates the database). */
export async function startInstances(n: number, env: Record<string, string> = {}): Promise<Instance[]> {
  const out: Instance[] = [];
  for (let i = 0; i < n; i++) {
    const inst = new Instance(`server${i + 1}`, await freePort(), env);
    await inst.start();
    out.push(inst);
  }
  return out;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seeded pseudo-random numbers (mulberry32): the same seed gives the same sequence of choices. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** A choice by weight: `{ a: 3, b: 1 }` gives `a` three times as often. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return entries[entries.length - 1]![0];
  }
}

export const seedFromEnv = () => Number(process.env.SEED ?? Date.now() % 1_000_000_000);

export interface Reply {
  status: number;
  body: any;
  /** Set when no HTTP answer came: the connection failed or was cut, or the client's timeout hit. */
  failure?: 'timeout' | 'connection';
  ms: number;
}

/**
 * The HTTP client of the reliability tests: every request has a timeout (a hang is a failure the tests
 * count and assert on), and a failed connection is reported, not thrown.
 */
export class Http {
  timeouts = 0;
  connectionFailures = 0;
  requests = 0;
  /** Requests sent and not answered yet, per server address. */
  inFlight = new Map<string, number>();
  constructor(readonly timeoutMs = 20_000) {}

  async call(
    base: string,
    method: string,
    pathname: string,
    opts: { session?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.session) headers.cookie = `${SESSION_COOKIE}=${opts.session}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    this.requests++;
    this.inFlight.set(base, (this.inFlight.get(base) ?? 0) + 1);
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${pathname}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { nonJson: text.slice(0, 200) };
      }
      return { status: res.status, body: parsed, ms: performance.now() - t0 };
    } catch (err) {
      const name = (err as Error).name;
      const failure = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection';
      if (failure === 'timeout') this.timeouts++;
      else this.connectionFailures++;
      return { status: 0, body: null, failure, ms: performance.now() - t0 };
    } finally {
      this.inFlight.set(base, (this.inFlight.get(base) ?? 1) - 1);
    }
  }
}

/** The session token from a response's Set-Cookie headers. */
export function sessionFrom(res: Response): string | null {
  for (const c of res.headers.getSetCookie()) {
    const m = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(c);
    if (m?.[1]) return m[1];
  }
  return null;
}

/** Runs `worker` on `concurrency` parallel lanes until `next()` returns null. */
export async function runLanes<T>(
  concurrency: number,
  next: () => T | null,
  worker: (item: T) => Promise<void>,
): Promise<void> {
  const lane = async () => {
    for (let item = next(); item !== null; item = next()) await worker(item);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}
