// `npm run admin -- create <username> …`: runs the compiled command (dist/server/admin-cli.js) when the
// build is newer than every source file it comes from (as after `npm run build`, and on a production
// install, where tsx is pruned away), otherwise the TypeScript source with tsx, so it is never a stale
// build. The compiled command starts in a sixth of the time (1.2 s against 7.7 s on a busy 2-core host).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/server/admin-cli.js');
const source = path.join(root, 'src/server/admin-cli.ts');
const hasTsx = (() => {
  try {
    import.meta.resolve('tsx');
    return true;
  } catch {
    return false;
  }
})();
/** The newest modification time under `p` (0 when it does not exist). */
const newest = (p) => {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
};
const fresh = () =>
  existsSync(built) &&
  statSync(built).mtimeMs >=
    Math.max(newest(path.join(root, 'src/server')), newest(path.join(root, 'src/shared')));
const args = process.argv.slice(2);
const r =
  existsSync(source) && hasTsx && !fresh()
    ? spawnSync(process.execPath, ['--import', 'tsx', source, ...args], { stdio: 'inherit' })
    : spawnSync(process.execPath, [built, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
