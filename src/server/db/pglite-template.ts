// Writes the cached copies of a PGlite cluster that new embedded databases start from
// (src/server/db/pglite-open.ts). Run in its own process:
//   pglite-template KIND FILE   one copy (`empty` or `migrated`), as a first open does when it is missing
//   pglite-template --ensure [DIR]  both copies, tar and unpacked, when missing (`npm run build` does this)
import { pgliteDb } from './index';
import { migrate } from './migrate';
import { ensureTemplateFolder, writeMigratedTemplate, writeTemplate } from './pglite-open';

const [kind, file] = process.argv.slice(2);
if (kind === '--ensure') {
  for (const k of ['empty', 'migrated'] as const) {
    if (!(await ensureTemplateFolder(k, file ?? null)))
      throw new Error(`the ${k} PGlite template could not be written`);
  }
} else if (kind === 'empty' && file) {
  await writeTemplate(file);
} else if (kind === 'migrated' && file) {
  await writeMigratedTemplate(file, (pg) => migrate(pgliteDb(pg)));
} else {
  throw new Error('usage: pglite-template (empty|migrated) FILE | --ensure [DIR]');
}
