/**
 * The embedded default: time from `npm start` (client already built) to the first HTTP 200 of the
 * login page and of the API, and the resident memory of the process tree then, with PGlite in a fresh
 * data folder (first start: migrations and the administrator) and again on that folder (a restart).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, rssOf, sleep, startProcess } from './lib';

export interface StartupRun {
  ms: number;
  rssMb: number;
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
    // The first API answer (a database round trip) too, then let the heap settle a moment.
    await (await fetch(`http://127.0.0.1:${port}/api/notices`)).arrayBuffer();
    await sleep(500);
    return { ms, rssMb: (await rssOf(p.child.pid!)) / 2 ** 20 };
  } finally {
    await p.stop();
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
  return { first, restart, command: command.join(' ') };
}

export const summarize = (xs: StartupRun[]) => ({
  ms: median(xs.map((x) => x.ms)),
  rssMb: median(xs.map((x) => x.rssMb)),
  maxMs: Math.max(...xs.map((x) => x.ms)),
  maxRssMb: Math.max(...xs.map((x) => x.rssMb)),
});
