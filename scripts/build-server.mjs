// `npm run build:server`: compiles the server to plain JavaScript in dist/server (decision 0120).
// esbuild bundles our own TypeScript (src/server and the src/shared it imports) into one ES module per
// entry point; every package stays an ordinary import from node_modules (`packages: 'external'`), so a
// production install needs only the dependencies, never TypeScript or tsx. The migrations, read at run
// time from the folder beside the running file, are copied next to it.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/server');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  entryPoints: {
    main: path.join(root, 'src/server/main.ts'),
    'pglite-template': path.join(root, 'src/server/db/pglite-template.ts'),
    // `npm run backup` / `npm run restore` (decision 0124).
    backup: path.join(root, 'src/server/ops/backup-cli.ts'),
    restore: path.join(root, 'src/server/ops/restore-cli.ts'),
    'admin-cli': path.join(root, 'src/server/admin-cli.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  outExtension: { '.js': '.js' },
});
cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
console.log('dist/server: main.js, pglite-template.js, backup.js, restore.js, admin-cli.js, migrations/');
