import { afterAll } from 'vitest';
import { BASE_DATABASE_URL, createOwnDatabase, dropOwnDatabase } from './own-database';

/**
 * A setup file: with DATABASE_URL, every test file of the project runs on a PostgreSQL database of its own,
 * a copy of the migrated template (`<base>_f_<random>`, dropped after the file), so files run side by side
 * without seeing each other's rows: the reliability files fingerprint every table, the browser files count
 * what their screens list. Run before the test file is imported, so what reads DATABASE_URL at import sees
 * this database; put back afterwards for the next file of the same worker.
 */
const base = BASE_DATABASE_URL;
if (base) {
  const own = await createOwnDatabase(base, `${new URL(base).pathname.slice(1)}_f`, { migrated: true });
  process.env.DATABASE_URL = own.url;
  afterAll(async () => {
    process.env.DATABASE_URL = base;
    await dropOwnDatabase(base, own.name);
  });
}
