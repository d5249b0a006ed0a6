// `npm run admin -- create <username> …`: runs the TypeScript source with tsx on a
// development install (so it is never a stale build), otherwise the compiled command
// (dist/server/admin-cli.js) of a production install, where tsx is pruned away.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
const args = process.argv.slice(2);
const r =
  existsSync(source) && hasTsx
    ? spawnSync(process.execPath, ['--import', 'tsx', source, ...args], { stdio: 'inherit' })
    : spawnSync(process.execPath, [built, ...args], { stdio: 'inherit' });
process.exit(r.status ?? 1);
