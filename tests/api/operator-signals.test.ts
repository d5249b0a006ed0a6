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

/**
 * SIGTERM to the process that `npm start` or `npm run serve` started (what a supervisor, a container
 * runtime or `kill` sends) stops the server: nothing is left behind answering /readyz.
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

async function stopsOnSigterm(script: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-signal-'));
  dirs.push(dir);
  const port = await freePort();
  const npm = spawn('npm', ['run', '--silent', script], {
    cwd: install,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PRICE_REFRESH: 'false',
      ADMIN_TOTP_REQUIRED: 'false',
    },
    stdio: 'ignore',
  });
  started.push(npm);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && (await statusOf(`${base}/readyz`)) !== 200; i++) await pause(100);
  expect(await statusOf(`${base}/readyz`)).toBe(200);
  const below = descendants(npm.pid as number);
  spawnedBelow.push(...below);
  // The process npm started: its only child.
  const [direct] = below;
  expect(direct).toBeDefined();
  process.kill(direct as number, 'SIGTERM');
  await new Promise<void>((r) =>
    npm.exitCode !== null || npm.signalCode !== null ? r() : npm.once('exit', () => r()),
  );
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
