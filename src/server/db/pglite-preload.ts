/**
 * PGlite's WebAssembly (9 MB), compiled as the very first thing the server does: `main.ts` starts it before
 * it loads anything else, so V8 compiles it on background threads while the main thread loads the server's
 * code, and `createPglite` hands the compiled module to PGlite.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

let compiling: Promise<WebAssembly.Module> | null = null;

export function preloadPglite(): void {
  if (compiling) return;
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  compiling = readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes));
  // A failure here is PGlite's own to report: it then loads the file itself.
  compiling.catch(() => {});
}

/** The compiled module when `preloadPglite` ran and succeeded; otherwise PGlite loads it itself. */
export async function preloadedWasm(): Promise<WebAssembly.Module | undefined> {
  return compiling?.catch(() => undefined);
}
