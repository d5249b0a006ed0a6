// What the test needs before it starts: a build it can run, PostgreSQL, nginx and openssl (Debian's, with
// apt-get, when missing).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { check, Failure, log, PG_ADMIN_URL, root, which } from './harness.mjs';

export function aptInstall(pkg) {
  log(`installing Debian's ${pkg} with apt-get`);
  if (!which('apt-get')) throw new Failure(`${pkg} is missing and apt-get is not available: install ${pkg}`);
  if (process.getuid?.() !== 0)
    throw new Failure(`${pkg} is missing: run as root, or apt-get install ${pkg}`);
  // A package's maintainer scripts must not start the system's service (policy-rc.d 101 = "not now").
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', '--no-install-recommends', pkg],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      check(r.status === 0, `apt-get ${args.join(' ')} failed (exit ${r.status})`);
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

/** Whether the development tools are installed (a pruned production install has none). */
function canBuild() {
  try {
    import.meta.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/**
 * Everything the test needs that it does not install itself, checked before anything is installed: a
 * build it can run (a pruned production install has only dist/, and no esbuild to make it again) and
 * PostgreSQL. Returns what to do about the build.
 */
export async function checkPrerequisites() {
  const built = ['dist/server/main.js', 'dist/client/index.html'].every((f) =>
    existsSync(path.join(root, f)),
  );
  const build = canBuild() ? 'rebuild' : 'as-is';
  check(
    build === 'rebuild' || built,
    'no build in dist/ and no development tools to make one: run `npm ci && npm run build` (then `npm prune --omit=dev` if wanted) first',
  );
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new Failure(
      `PostgreSQL is not reachable at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//…@')}: ${err.message}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return build;
}

export function ensureBuilt(build) {
  // A production install (`npm ci && npm run build && npm prune --omit=dev`) runs the build it has, as
  // the service would. A development install rebuilds the server bundle (a second), so the test never runs
  // a stale one; the client only when it is missing (CI has just built it).
  if (build === 'as-is') {
    log('no development tools (a pruned production install): running the build in dist/ as it is');
    return;
  }
  const run = (script) => {
    const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    check(r.status === 0, `npm run ${script} failed`);
  };
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    log('no built client in dist/: npm run build');
    run('build');
  } else run('build:server');
}
