/**
 * Opens PGlite, starting a new database from a cached copy of an empty cluster instead of running initdb
 *. initdb in WebAssembly takes ~3 s and leaves ~700 MB resident in the process that ran it;
 * loading the copy takes ~0.5 s. The first open on a machine runs initdb in a short-lived child process,
 * which writes the copy (node_modules/.cache/wallet-pglite/, one per PGlite version) and exits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { migrationsHash } from './migrate';
import { preloadedWasm } from './pglite-preload';

/**
 * One embedded connection needs no large buffer pool: 16 MB instead of PostgreSQL's 128 MB default keeps
 * the server's resident memory down.
 */
const PGLITE_CONF = ['shared_buffers=16MB'];

/**
 * The extensions every database opens with: pg_trgm backs the member search's trigram index (migration
 * 012). An extension's files are loaded at each open; `CREATE EXTENSION` lives in the
 * database's own catalogue, so the cached empty cluster (written without it) stays valid.
 */
const PGLITE_EXTENSIONS = { pg_trgm };

const require_ = createRequire(import.meta.url);
const pgliteVersion = (): string => {
  const pkg = path.join(path.dirname(require_.resolve('@electric-sql/pglite')), '..', 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
};
const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Run from the sources (src/server/db) or from the build (dist/server). */
const BUILT = !import.meta.url.endsWith('.ts');
const ROOT = path.resolve(HERE, BUILT ? '../..' : '../../..');

/**
 * Two copies are kept: `empty` (initdb only; in-memory databases and every new folder but the server's)
 * and `migrated` (the same cluster with every migration of this build applied; a server's new data folder,
 * so it starts with nothing to apply). The migrated copy's name carries a hash of the migration files,
 * so a build with other migrations makes and uses its own.
 */
export type TemplateKind = 'empty' | 'migrated';

/** Whether new clusters start from the cached copies, and where those are kept (PGLITE_TEMPLATE, _DIR). */
export interface TemplateCache {
  use: boolean;
  /** null: `node_modules/.cache/wallet-pglite` of this checkout. */
  dir: string | null;
}

const DEFAULT_CACHE: TemplateCache = { use: true, dir: null };

function templatePath(kind: TemplateKind, dir: string | null): string {
  const name =
    kind === 'empty'
      ? `empty-cluster-${pgliteVersion()}.tar`
      : `migrated-cluster-${pgliteVersion()}-${migrationsHash()}.tar`;
  return path.join(dir ?? path.join(ROOT, 'node_modules/.cache/wallet-pglite'), name);
}

/** Writes `blob` to `file` aside, then renames it: parallel first opens never read half a file. */
async function writeAtomically(file: string, blob: Blob): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  renameSync(tmp, file);
}

/** Writes the copy of an empty cluster (run in its own process: see `ensureTemplate`). */
export async function writeTemplate(file: string): Promise<void> {
  const db = await PGlite.create({ postgresqlconf: PGLITE_CONF });
  // Uncompressed: loading it takes half the time of the gzip form (~0.5 s against ~1.1 s) for 40 MB on disk.
  const blob = await db.dumpDataDir('none');
  await db.close();
  await writeAtomically(file, blob);
}

/**
 * Writes the migrated copy: the empty copy loaded in memory, `migrate` run on it, the result dumped.
 * Copies of older migration sets in the same folder are removed.
 */
export async function writeMigratedTemplate(
  file: string,
  migrate: (db: PGlite) => Promise<unknown>,
): Promise<void> {
  const empty = ensureTemplate('empty', path.dirname(file));
  const db = await PGlite.create({
    postgresqlconf: PGLITE_CONF,
    extensions: PGLITE_EXTENSIONS,
    ...(empty ? { loadDataDir: new Blob([new Uint8Array(empty)]) } : {}),
  });
  await migrate(db);
  // A clean shutdown checkpoint: the copy starts without replaying the migrations' WAL.
  await db.exec('CHECKPOINT');
  const blob = await db.dumpDataDir('none');
  await db.close();
  await writeAtomically(file, blob);
  // Older copies: their tar and the folder unpacked from it.
  const stem = path.basename(file, '.tar');
  for (const old of readdirSync(path.dirname(file))) {
    if (old.startsWith('migrated-cluster-') && !old.startsWith(stem)) {
      rmSync(path.join(path.dirname(file), old), { recursive: true, force: true });
    }
  }
}

/** The copy's file, made first in a child process when missing; null when it cannot be made. */
function ensureTemplateFile(kind: TemplateKind, dir: string | null): string | null {
  const file = templatePath(kind, dir);
  if (!existsSync(file)) {
    // The build runs its compiled copy with plain node; the sources need tsx (a development dependency).
    const script = BUILT
      ? [path.join(HERE, 'pglite-template.js')]
      : ['--import', 'tsx', path.join(ROOT, 'src/server/db/pglite-template.ts')];
    const r = spawnSync(process.execPath, [...script, kind, file], { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(file)) return null;
  }
  return file;
}

/** The copy in memory (an in-memory database), or null. */
function ensureTemplate(kind: TemplateKind, dir: string | null): Buffer | null {
  const file = ensureTemplateFile(kind, dir);
  try {
    return file ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

const hasCluster = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * PGlite in `dataDir` (created when new) or in memory. `template: 'migrated'` starts a new folder with the
 * migrations already applied (the server's own data folder: its first start then opens PGlite once and
 * applies nothing).
 */
export async function createPglite(
  dataDir: string | undefined,
  template: TemplateKind = 'empty',
  cache: TemplateCache = DEFAULT_CACHE,
): Promise<PGlite> {
  const opts: PGliteOptions = { postgresqlconf: PGLITE_CONF, extensions: PGLITE_EXTENSIONS };
  const wasm = await preloadedWasm();
  if (wasm) opts.pgliteWasmModule = wasm;
  const useTemplate = cache.use;
  if (dataDir && !hasCluster(dataDir) && useTemplate) {
    // A new folder: the copy's files are copied in and opened like any existing cluster. Loading it
    // through PGlite's loadDataDir instead passes 40 MB through the process's memory three times and kept
    // ~140 MB more resident after a first start than after a restart. The copy is kept
    // unpacked beside its tar: copying the folder takes 0.15–1.5 s (the disk), unpacking the tar with
    // node-tar ~1.2 s.
    const source =
      (await ensureTemplateFolder(template, cache.dir)) ?? (await ensureTemplateFolder('empty', cache.dir));
    if (source) await placeCluster(dataDir, (to) => copyCluster(source, to));
  } else if (!dataDir && useTemplate) {
    const copy = ensureTemplate(template, cache.dir);
    if (copy) opts.loadDataDir = new Blob([new Uint8Array(copy)]);
  }
  return dataDir ? PGlite.create(dataDir, opts) : PGlite.create(opts);
}

/**
 * Fills `dataDir` with a cluster written into a folder beside it by `write` (so a crash midway leaves no
 * half cluster): PG_VERSION moves last, and its presence is what marks a complete cluster (hasCluster).
 */
async function placeCluster(dataDir: string, write: (to: string) => Promise<void>): Promise<void> {
  const tmp = `${dataDir.replace(/[\\/]+$/, '')}.unpack-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await write(tmp);
  for (const entry of readdirSync(tmp)) {
    if (entry !== 'PG_VERSION') renameSync(path.join(tmp, entry), path.join(dataDir, entry));
  }
  renameSync(path.join(tmp, 'PG_VERSION'), path.join(dataDir, 'PG_VERSION'));
  rmSync(tmp, { recursive: true, force: true });
}

/**
 * Copies the cluster folder `from` to `to` with `cpSync` on two worker threads: each database folder under
 * base/ (~300 to ~460 files) and the rest are shared out by file count. Creating ~1,100 files is the
 * slowest part of a first start on a slow disk (0.2–1.5 s measured), and it ran on the main thread, which
 * could not load the routes meanwhile. fs.promises.cp copies file by file in JavaScript, 2×
 * slower than cpSync.
 */
async function copyCluster(from: string, to: string): Promise<void> {
  const units = [
    ...readdirSync(from).filter((e) => e !== 'base'),
    ...readdirSync(path.join(from, 'base')).map((db) => path.join('base', db)),
  ].map((unit) => ({ unit, files: unit.startsWith('base') ? readdirSync(path.join(from, unit)).length : 1 }));
  const shares: { units: string[]; files: number }[] = [
    { units: [], files: 0 },
    { units: [], files: 0 },
  ];
  for (const { unit, files } of units.sort((a, b) => b.files - a.files)) {
    const share = shares[0]!.files <= shares[1]!.files ? shares[0]! : shares[1]!;
    share.units.push(unit);
    share.files += files;
  }
  mkdirSync(path.join(to, 'base'), { recursive: true });
  await Promise.all(shares.map((share) => copyOnWorker(from, to, share.units)));
}

function copyOnWorker(from: string, to: string, units: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `const { cpSync } = require('node:fs');
       const path = require('node:path');
       const { from, to, units } = require('node:worker_threads').workerData;
       for (const u of units) cpSync(path.join(from, u), path.join(to, u), { recursive: true });`,
      { eval: true, workerData: { from, to, units } },
    );
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`template copy exited with ${code}`)),
    );
  });
}

/**
 * The copy unpacked in a folder beside its tar (made from the tar when missing), or null. Unpacked aside
 * and renamed whole, so parallel first opens see either no folder or a complete one.
 */
export async function ensureTemplateFolder(kind: TemplateKind, dir: string | null): Promise<string | null> {
  const file = ensureTemplateFile(kind, dir);
  if (!file) return null;
  const folder = file.replace(/\.tar$/, '');
  if (hasCluster(folder)) return folder;
  const tmp = `${folder}.unpack-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await tar.x({ file, cwd: tmp });
  try {
    renameSync(tmp, folder);
  } catch {
    // Another process placed it first.
    rmSync(tmp, { recursive: true, force: true });
  }
  return hasCluster(folder) ? folder : null;
}
