import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongFirst from './tests/long-first';

/**
 * Test layout (docs/decisions/0300-test-layout.md):
 * - without DATABASE_URL every project runs on the embedded PGlite, as on a fresh machine;
 * - with DATABASE_URL the API suite runs once, on PostgreSQL, and `api-pglite` runs the files about what
 *   differs on PGlite (the database adapter, migrations, rows, the embedded backup and shutdown paths) there.
 * The browser suite and the reliability suite give every file a database of its own: on PostgreSQL a copy
 * of a migrated template (tests/support/file-database.ts), without DATABASE_URL an in-memory PGlite.
 */
const PG = Boolean(process.env.DATABASE_URL);

/** What only PGlite can show: the adapter and its rows, migrations on it, the embedded data folder. */
const PGLITE_SUBSET = [
  'tests/api/db-rows.test.ts',
  'tests/api/migration-010.test.ts',
  'tests/api/permanent-records.test.ts',
  'tests/api/permanent-records-upgrade.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/sigterm-burst.test.ts',
  'tests/api/four-eyes.test.ts',
  'tests/api/four-eyes-roles.test.ts',
  'tests/api/ledger-core.test.ts',
  'tests/api/auth.test.ts',
];

/** Parallel files per project: `TEST_WORKERS` overrides (2 fits the 2-core CI machine). */
const WORKERS = Number(process.env.TEST_WORKERS ?? 2);

const api = (name: string, include: string[], env: Record<string, string> = {}) =>
  ({
    test: {
      name,
      include,
      env,
      environment: 'node',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers: WORKERS,
      // Each file starts its own server and database, so files need no fresh module graph of their own:
      // sharing one per worker cut the suite's module loading from 72 s to 9 s (136 s against about 200 s).
      isolate: false,
    },
  }) satisfies TestProjectInlineConfiguration;

const e2e = (name: string, include: string[]) =>
  ({
    test: {
      name,
      include,
      environment: 'node',
      // A database per file (file-database.ts); every test fails on a page error, an undeclared failed
      // request or the error screen (support.ts).
      setupFiles: ['tests/support/file-database.ts', 'tests/e2e/setup.ts'],
      // Two files share the 2 cores: one screen of a walk once took 50 s alone on a busy host.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // expect.poll waits 1 s by default: too short for a browser's first lazy chunk on a busy
      // 2-core CI machine (a signup check once took longer and failed on PostgreSQL).
      expect: { poll: { timeout: 10_000 } },
      maxWorkers: WORKERS,
      // As for the API files: module loading 37 s → 13 s of the suite's time.
      isolate: false,
    },
  }) satisfies TestProjectInlineConfiguration;

export default defineConfig({
  test: {
    // The longest files first when vitest has no durations of its own yet (tests/long-first.ts).
    sequence: { sequencer: LongFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // Pure code: one module graph per worker, two workers. A process per file took 13.9 s, this 4.5 s.
          maxWorkers: WORKERS,
          isolate: false,
        },
      },
      api('api', ['tests/api/**/*.test.ts']),
      ...(PG ? [api('api-pglite', PGLITE_SUBSET, { DATABASE_URL: '' })] : []),
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          // Two files side by side, each on a database of its own (the crash test on a cluster of its own).
          setupFiles: ['tests/support/file-database.ts'],
          maxWorkers: WORKERS,
        },
      },
      e2e('e2e', ['tests/e2e/**/*.test.ts']),
    ],
  },
});
