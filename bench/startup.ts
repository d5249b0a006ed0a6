/**
 * The embedded default: time from `npm start` (client already built) to the first HTTP 200 of the
 * login page, and the resident memory of the server process (the node that runs dist/server/main.js) and
 * of the whole process tree then (npm, its shell, scripts/start.mjs, the server), with PGlite in a fresh
 * data folder (first start: migrations and the administrator) and again on that folder (a restart).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, processTree, ROOT, sleep, startProcess } from './lib';

export interface StartupRun {
  ms: number;
  /** The server process alone. */
  serverMb: number;
  /** npm, its shell, the start script and the server. */
  treeMb: number;
}
export interface StartupResult {
  first: StartupRun[];
  restart: StartupRun[];
  command: string;
}

async function once(dataDir: string, port: number, command: string[]): Promise<StartupRun> {
  const t0 = performance.now();
  const [cmd, ...args] = command;
  const p = startProcess(cmd!, args, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    NODE_ENV: 'production',
    // As `npm run serve` and `npm start` run it (decisions 0126, 0206): glibc maps 128 kB blocks on their own.
    MALLOC_MMAP_THRESHOLD_: '131072',
    PRICE_REFRESH: 'false',
    ADMIN_USERNAME: 'benchadmin',
    ADMIN_PASSWORD: 'benchadmin123',
    ADMIN_SECOND_PASSWORD: '123456',
  });
  try {
    for (;;) {
      if (p.child.exitCode !== null) throw new Error(`npm start exited:\n${p.output()}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/login`);
        await r.arrayBuffer();
        if (r.status === 200) break;
      } catch {
        // not yet
      }
      if (performance.now() - t0 > 60_000) throw new Error(`no answer in 60 s:\n${p.output()}`);
      await sleep(10);
    }
    const ms = performance.now() - t0;
    // The first API answers (database round trips) too, then let the heap settle a moment.
    for (const u of ['/api/notices', '/api/prices', '/api/session']) {
      await (await fetch(`http://127.0.0.1:${port}${u}`)).arrayBuffer();
    }
    await sleep(1000);
    const tree = await processTree(p.child.pid!);
    const server = tree.find((t) => /src\/server\/main\.ts|dist\/server\/main\.js/.test(t.cmd));
    if (!server) throw new Error(`no server process in ${JSON.stringify(tree)}`);
    const mb = (b: number) => b / 2 ** 20;
    return { ms, serverMb: mb(server.rssBytes), treeMb: mb(tree.reduce((n, t) => n + t.rssBytes, 0)) };
  } finally {
    // npm does not always pass SIGTERM on: the whole tree is ended, the server first.
    const tree = await processTree(p.child.pid!).catch(() => []);
    for (const t of tree.reverse()) {
      try {
        process.kill(t.pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
    await p.stop();
    for (const t of tree) {
      for (let i = 0; i < 50; i++) {
        try {
          process.kill(t.pid, 0);
        } catch {
          break; // gone
        }
        await sleep(100);
      }
    }
  }
}

export async function runStartupBench(runs: number, port: number, command: string[]): Promise<StartupResult> {
  const first: StartupRun[] = [];
  const restart: StartupRun[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-data-'));
    try {
      first.push(await once(dir, port, command));
      restart.push(await once(dir, port, command));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const shown = command.map((c) => (c === process.execPath ? 'node' : c.replace(`${ROOT}/`, '')));
  return { first, restart, command: shown.join(' ') };
}

export const summarize = (xs: StartupRun[]) => ({
  ms: median(xs.map((x) => x.ms)),
  maxMs: Math.max(...xs.map((x) => x.ms)),
  serverMb: median(xs.map((x) => x.serverMb)),
  treeMb: median(xs.map((x) => x.treeMb)),
  maxServerMb: Math.max(...xs.map((x) => x.serverMb)),
});
