// `npm run admin -- create <username> …` (decision 0160): runs the compiled command (dist/server/admin-cli.js)
// when there is a build, otherwise the TypeScript source with tsx (a development install).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/server/admin-cli.js');
const args = process.argv.slice(2);
const r = existsSync(built)
  ? spawnSync(process.execPath, [built, ...args], { stdio: 'inherit' })
  : spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/admin-cli.ts'), ...args], {
      stdio: 'inherit',
    });
process.exit(r.status ?? 1);
