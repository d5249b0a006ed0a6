import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loginFully } from '../support/client';
import { enrolTotp } from '../support/totp';

/**
 * What `npm start` and `npm run serve` run: SIGTERM to the process they started (what a supervisor, a
 * container runtime or `kill` sends) stops the server, nothing is left behind answering /readyz; the quick
 * start on a fresh data folder starts again after its administrator enrolled a one-time code.
 */
const dirs: string[] = [];
const started: ChildProcess[] = [];
const root = path.resolve('.');

function newest(p: string): number {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
}

/**
 * An installation that ships only its build (package.json, scripts/start.mjs, dist/, node_modules): what
 * `npm start` and `npm run serve` run there is what they run everywhere, without `npm start` rebuilding
 * the client under the other tests' feet. The server build is made first when missing or stale.
 */
let install = '';
beforeAll(() => {
  const main = path.join(root, 'dist/server/main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < Math.max(newest('src/server'), newest('src/shared'))) {
    const r = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
    expect(r.status).toBe(0);
  }
  install = mkdtempSync(path.join(os.tmpdir(), 'wallet-install-'));
  dirs.push(install);
  copyFileSync(path.join(root, 'package.json'), path.join(install, 'package.json'));
  mkdirSync(path.join(install, 'scripts'));
  copyFileSync(path.join(root, 'scripts/start.mjs'), path.join(install, 'scripts/start.mjs'));
  symlinkSync(path.join(root, 'dist'), path.join(install, 'dist'));
  symlinkSync(path.join(root, 'node_modules'), path.join(install, 'node_modules'));
}, 120_000);
/** Every process found below npm: killed at the end whatever happened (a failing run leaves them). */
const spawnedBelow: number[] = [];
afterAll(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  for (const pid of spawnedBelow) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The status of GET url, or null when nothing accepts the connection. */
async function statusOf(url: string): Promise<number | null> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return null;
  }
}

/** The pids of every process below `pid`. */
function descendants(pid: number): number[] {
  const r = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const rows = r.stdout
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number) as [number, number]);
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of rows) {
      if (parent === p) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** `npm run <script>` in the install on the embedded data folder `dir`, once it answers /readyz. */
async function startInstall(script: string, dir: string, extra: Record<string, string> = {}) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PRICE_REFRESH: 'false',
    ...extra,
  };
  // What a newcomer's shell has: none of the settings the quick start does not give.
  for (const v of ['TOTP_ENCRYPTION_KEY', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_SECOND_PASSWORD']) {
    if (!(v in extra)) delete env[v];
  }
  const npm = spawn('npm', ['run', '--silent', script], {
    cwd: install,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm);
  let output = '';
  npm.stdout?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  npm.stderr?.on('data', (b: Buffer) => {
    output += b.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && (await statusOf(`${base}/readyz`)) !== 200; i++) await pause(100);
  expect(await statusOf(`${base}/readyz`), output).toBe(200);
  return { npm, base, output: () => output };
}

/** SIGTERM to the process npm started (its only child), as a supervisor sends it; waits for npm to end. */
async function stopInstall(npm: ChildProcess): Promise<number[]> {
  const below = descendants(npm.pid as number);
  spawnedBelow.push(...below);
  const [direct] = below;
  expect(direct).toBeDefined();
  process.kill(direct as number, 'SIGTERM');
  await new Promise<void>((r) =>
    npm.exitCode !== null || npm.signalCode !== null ? r() : npm.once('exit', () => r()),
  );
  return below;
}

async function stopsOnSigterm(script: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-signal-'));
  dirs.push(dir);
  const { npm, base } = await startInstall(script, dir, { ADMIN_TOTP_REQUIRED: 'false' });
  const below = await stopInstall(npm);
  // Every process that was below npm has ended, and nothing answers on the port.
  for (let i = 0; i < 300 && below.some(alive); i++) await pause(100);
  expect(below.filter(alive)).toEqual([]);
  expect(await statusOf(`${base}/readyz`)).toBeNull();
}

describe('SIGTERM', () => {
  it('to the process `npm start` started stops the server', async () => {
    await stopsOnSigterm('start');
  }, 120_000);

  it('to the process `npm run serve` started stops the server', async () => {
    await stopsOnSigterm('serve');
  }, 120_000);
});

describe('the quick start', () => {
  it('`npm start` on a fresh data folder starts again after the administrator enrolled a one-time code', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-quick-'));
    dirs.push(dir);
    const first = await startInstall('start', dir);
    // The administrator the first start printed, once.
    const printed = (label: string) => first.output().match(new RegExp(`${label}:\\s+(\\S+)`))?.[1] ?? '';
    const admin = {
      username: printed('아이디'),
      password: printed('  비밀번호'),
      pin: printed('2차 비밀번호'),
    };
    expect(admin.username, first.output()).not.toBe('');
    const client = new Client(first.base);
    await loginFully(client, admin);
    const { secret } = await enrolTotp(client);
    expect((await client.get('/api/admin/queue')).status).toBe(200);
    await stopInstall(first.npm);
    // The key the first start made, readable by its owner alone.
    expect(statSync(path.join(dir, 'totp-encryption.key')).mode & 0o777).toBe(0o600);

    const second = await startInstall('start', dir);
    const again = new Client(second.base);
    await loginFully(again, { ...admin, totpSecret: secret });
    expect((await again.get('/api/admin/queue')).status).toBe(200);
    await stopInstall(second.npm);
  }, 240_000);
});
