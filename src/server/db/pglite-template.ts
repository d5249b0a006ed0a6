// `node --import tsx src/server/db/pglite-template.ts FILE`: writes the copy of an empty PGlite cluster
// that new embedded databases start from (src/server/db/pglite-open.ts).
import { writeTemplate } from './pglite-open';

const file = process.argv[2];
if (!file) throw new Error('usage: pglite-template.ts FILE');
await writeTemplate(file);
