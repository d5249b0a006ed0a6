// `npm run build:server`: compiles the server to plain JavaScript in dist/server.
// esbuild bundles our own TypeScript (src/server and the src/shared it imports) and the packages it uses
// into ES modules: resolving and loading ~900 files from node_modules took ~0.7 s of every start.
// Packages that load files of their own at run time (PGlite's WebAssembly, argon2's
// native addon) stay ordinary imports from node_modules, so a production install still needs the
// dependencies, never TypeScript or tsx. The migrations, read at run time from the folder beside the
// running file, are copied next to it; then the PGlite copies new data folders start from are written.
import { spawnSync } from 'node:child_process';
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
    // `npm run backup` / `npm run restore`.
    backup: path.join(root, 'src/server/ops/backup-cli.ts'),
    restore: path.join(root, 'src/server/ops/restore-cli.ts'),
    'admin-cli': path.join(root, 'src/server/admin-cli.ts'),
  },
  outdir: out,
  bundle: true,
  // Shared code in chunks beside the entry points; what main.js imports dynamically (the routes, while
  // PGlite opens; nodemailer at the first mail; pg with DATABASE_URL) is read only when needed.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'pg-native'],
  // Bundled CommonJS packages call require(): one made for each output file.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
  outExtension: { '.js': '.js' },
});
cpSync(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
// The empty cluster and the one with this build's migrations (decision 0196), unless they are cached.
const t = spawnSync(process.execPath, [path.join(out, 'pglite-template.js'), '--ensure'], {
  stdio: 'inherit',
});
if (t.status !== 0) process.exit(t.status ?? 1);
console.log('dist/server: main.js, pglite-template.js, backup.js, restore.js, admin-cli.js, migrations/');
