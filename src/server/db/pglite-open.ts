/**
 * Opens PGlite, starting a new database from a cached copy of an empty cluster instead of running initdb
 * (decision 0085). initdb in WebAssembly takes ~3 s and leaves ~700 MB resident in the process that ran it;
 * loading the copy takes ~0.5 s. The first open on a machine runs initdb in a short-lived child process,
 * which writes the copy (node_modules/.cache/wallet-pglite/, one per PGlite version) and exits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';

/**
 * One embedded connection needs no large buffer pool: 16 MB instead of PostgreSQL's 128 MB default keeps
 * the server's resident memory down (decision 0085).
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * The extensions every database opens with: pg_trgm backs the member search's trigram index (migration
 * 012, decision 0141). An extension's files are loaded at each open; `CREATE EXTENSION` lives in the
 * database's own catalogue, so the cached empty cluster (written without it) stays valid.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

const require_ = createRequire(import.meta.url);
const pgliteVersion = (): string => {
  const pkg = path.join(path.dirname(require_.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
};
const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Run from the sources (src/server/db) or from the build (dist/server, decision 0120). */
const BUILT = !import.meta.url.endsWith('.ts');
const ROOT = path.resolve(HERE, BUILT ? '../..' : '../../..');

function templatePath(): string {
  const dir = process.env.PGLITE_TEMPLATE_DIR ?? path.join(ROOT, 'node_modules/.cache/wallet-pglite');
  return path.join(dir, `empty-cluster-${pgliteVersion()}.tar`);
}

/** Writes the copy of an empty cluster (run in its own process: see `ensureTemplate`). */
export async function writeTemplate(file: string): Promise<void> {
  const db = await PGlite.create({ postgresqlconf: PGLITE_CONF });
  // Uncompressed: loading it takes half the time of the gzip form (~0.5 s against ~1.1 s) for 40 MB on disk.
  const blob = await db.dumpDataDir('none');
  await db.close();
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then renamed: parallel first opens never read half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
}

/** The copy's file, made first in a child process when missing; null when it cannot be made. */
function ensureTemplateFile(): string | null {
  const file = templatePath();
  if (!existsSync(file)) {
    // The build runs its compiled copy with plain node; the sources need tsx (a development dependency).
    const args = BUILT
      ? [path.join(HERE, 'pglite-template.js'), file]
      : ['--import', 'tsx', path.join(ROOT, 'src/server/db/pglite-template.ts'), file];
    const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(file)) return null;
  }
  return file;
}

/** The copy in memory (an in-memory database), or null. */
function ensureTemplate(): Buffer | null {
  const file = ensureTemplateFile();
  try {
    return file ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

const hasCluster = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/** PGlite in `dataDir` (created when new) or in memory. */
export async function createPglite(dataDir: string | undefined): Promise<PGlite> {
  const opts: PGliteOptions = { postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS };
  const useTemplate = process.env.PGLITE_TEMPLATE !== 'off';
  if (dataDir && !hasCluster(dataDir) && useTemplate) {
    // A new folder: the copy is unpacked on disk (node-tar) and opened like any existing cluster. Loading
    // it through PGlite's loadDataDir instead passes 40 MB through the process's memory three times and
    // kept ~140 MB more resident after a first start than after a restart (decision 0123).
    const file = ensureTemplateFile();
    if (file) await unpackTemplate(file, dataDir);
  } else if (!dataDir && useTemplate) {
    const template = ensureTemplate();
    if (template) opts.loadDataDir = new Blob([new Uint8Array(template)]);
  }
  return dataDir ? PGlite.create(dataDir, opts) : PGlite.create(opts);
}

/** Unpacks the copy into `dataDir` (aside, then renamed, so a crash midway leaves no half cluster). */
async function unpackTemplate(file: string, dataDir: string): Promise<void> {
  const tmp = `${dataDir.replace(/[\\/]+$/, '')}.unpack-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await tar.x({ file, cwd: tmp });
  // PG_VERSION last: its presence is what marks a complete cluster (hasCluster).
  for (const entry of readdirSync(tmp)) {
    if (entry !== 'PG_VERSION') renameSync(path.join(tmp, entry), path.join(dataDir, entry));
  }
  renameSync(path.join(tmp, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  rmSync(tmp, { recursive: true, force: true });
}
