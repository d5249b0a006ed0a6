/** Small helpers of the benchmarks: child processes, waiting for a port, medians and percentiles. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export const median = (xs: number[]) => percentile(xs, 50);

/**
 * A distribution-free 95 % confidence interval of the median: the k-th smallest and k-th largest of the
 * values, k the largest for which the chance that fewer than k of n values fall below the true median
 * (Binomial(n, ½)) is at most 2.5 %. Too few values (n < 6) give no interval: [NaN, NaN].
 */
export function medianInterval(xs: number[]): [number, number] {
  const n = xs.length;
  const s = [...xs].sort((a, b) => a - b);
  // P(X <= j) for X ~ Binomial(n, 1/2), summed term by term.
  let term = 0.5 ** n;
  let cdf = term;
  let k = 0;
  for (let j = 0; j < n && cdf <= 0.025; j++) {
    k = j + 1;
    term = (term * (n - j)) / (j + 1);
    cdf += term;
  }
  return k === 0 ? [Number.NaN, Number.NaN] : [s[k - 1]!, s[n - k]!];
}

/** Nearest-rank percentile. */
function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Percentiles by name: `Percentiles<50 | 95>` is `{ p50: number; p95: number }`. */
export type Percentiles<P extends number> = Record<`p${P}`, number>;

/** Nearest-rank percentiles `ps` of `xs`: `percentiles(xs, 50, 95)` is `{ p50, p95 }`. */
export function percentiles<P extends number>(xs: number[], ...ps: P[]): Percentiles<P> {
  return Object.fromEntries(ps.map((p) => [`p${p}`, percentile(xs, p)])) as Percentiles<P>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Proc {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

const BENCH_TOTP_KEY = '42'.repeat(32);

/**
 * Four-eyes thresholds (won) no run reaches: minutes of ~3,000 approvals/s of ~10,000–20,000 won each come
 * to some 10¹⁰ won for the one administrator, the seed's opening balances (recorded as that administrator's
 * adjustments) to another 10¹⁰. The bench times the one-administrator approval; the proposal path is the
 * API suite's. Every bench process and the same-SQL check read them.
 */
export const BENCH_FOUR_EYES = {
  FOUR_EYES_DEPOSIT_KRW: '1000000000000000',
  FOUR_EYES_ADMIN_DAILY_KRW: '1000000000000000',
};

/** Starts a child process, keeping its output for error messages. */
export function startProcess(
  cmd: string,
  args: string[],
  env: Record<string, string | undefined>,
  cwd = ROOT,
): Proc {
  // An undefined value removes the variable (e.g. DATABASE_URL for the embedded database). Production mode
  // refuses to start without an OTP encryption key once an administrator has enrolled (the seeds enrol one),
  // so every bench process gets a fixed throwaway key unless the caller names one; and the bench's
  // four-eyes thresholds.
  const merged = Object.fromEntries(
    Object.entries({
      ...process.env,
      TOTP_ENCRYPTION_KEY: BENCH_TOTP_KEY,
      ...BENCH_FOUR_EYES,
      ...env,
    }).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const child = spawn(cmd, args, { cwd, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The server under test (`command`: the production build) on a bench database, listening at `port`. */
export const startBenchServer = (
  command: [string, ...string[]],
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
) =>
  startProcess(command[0], command.slice(1), {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    PRICE_REFRESH: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...env,
  });

/** Polls `url` until it answers with `status` (any status when omitted). */
export async function waitForHttp(url: string, proc: Proc, timeoutMs = 60_000, status?: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (proc.child.exitCode !== null) throw new Error(`process exited early:\n${proc.output()}`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (status === undefined || r.status === status) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${proc.output()}`);
}

export interface ProcInfo {
  pid: number;
  cmd: string;
  rssBytes: number;
}

/** A process and all its descendants (Linux /proc), with their command lines and resident memory. */
export async function processTree(pid: number): Promise<ProcInfo[]> {
  const { readFile, readdir } = await import('node:fs/promises');
  const parent = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, ppid] of parent) if (ppid === tree[i]) tree.push(child);
  }
  const out: ProcInfo[] = [];
  for (const p of tree) {
    try {
      const status = await readFile(`/proc/${p}/status`, 'utf8');
      const cmd = (await readFile(`/proc/${p}/cmdline`, 'utf8')).split('\0').join(' ').trim();
      const m = /VmRSS:\s+(\d+) kB/.exec(status);
      out.push({ pid: p, cmd, rssBytes: m ? Number(m[1]) * 1024 : 0 });
    } catch {
      // gone
    }
  }
  return out;
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}; ${hostProbe()}`;
}

/**
 * Two costs of the host that move every figure of a run, measured in a child process: touching new
 * memory (a page fault per 4 kB page: a fresh Chromium, a starting server, a growing heap) and a plain
 * JavaScript loop (the CPU itself). On a quiet host a page costs about 0.1–0.3 µs.
 */
function hostProbe(): string {
  const script = `const t0=process.hrtime.bigint();const b=Buffer.allocUnsafeSlow(256*2**20);for(let i=0;i<b.length;i+=4096)b[i]=1;
const t1=process.hrtime.bigint();let s=0;for(let i=0;i<1e8;i++)s+=i%7;const t2=process.hrtime.bigint();
console.log(JSON.stringify({page:Number(t1-t0)/1e3/65536,loop:Number(t2-t1)/1e6,s}))`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 });
  try {
    const { page, loop } = JSON.parse(r.stdout) as { page: number; loop: number };
    return `new memory ${page.toFixed(2)} µs per 4 kB page, a 10⁸-step JS loop ${loop.toFixed(0)} ms`;
  } catch {
    return 'host probe failed';
  }
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

/** Fields after the `)` of /proc/<pid>/stat: utime, stime, cutime, cstime are at index 11–14 (clock ticks). */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
const TICK_MS = 1000 / 100;

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc). */
export async function cpuMsOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const f = statFields(await readFile(`/proc/${pid}/stat`, 'utf8'));
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

/**
 * CPU time (user + system, ms) the local PostgreSQL server has used so far: every process named `postgres`
 * (postmaster, backends, WAL writer, checkpointer, autovacuum), with the time of the backends that have
 * exited, which the postmaster collects as its children's. NaN when no such process runs here (a remote
 * server): the bench then leaves the column out.
 */
export async function postgresCpuMs(): Promise<number> {
  const { readdir, readFile } = await import('node:fs/promises');
  let total = 0;
  let found = false;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    found = true;
    const f = statFields(stat);
    total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS;
  }
  return found ? total : Number.NaN;
}

/** CPU time (ms) of this process's child processes that have ended (pgbench), from /proc/self/stat. */
export async function endedChildrenCpuMs(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const f = statFields(await readFile('/proc/self/stat', 'utf8'));
  return (Number(f[13]) + Number(f[14])) * TICK_MS;
}
