import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (measured: the screen walks run up to four axe-core scans a
 * screen; the PGlite administrator-CLI case starts seven processes on a data folder; the 500-decision
 * stream; the backup under load). Without recorded durations (a fresh clone, as in CI) vitest starts the
 * larger files first, and the walks are five-line files: they started last and one worker ran a 90 s
 * file alone while the other had nothing left.
 */
const LONGEST = [
  'e2e:tests/e2e/screens-member.test.ts',
  'e2e:tests/e2e/screens-member-2.test.ts',
  'e2e:tests/e2e/screens-visitor.test.ts',
  'e2e:tests/e2e/a11y.test.ts',
  'e2e:tests/e2e/profile.test.ts',
  // On PGlite the administrator-command case runs seven processes that each open the data folder.
  'api-pglite:tests/api/four-eyes-roles.test.ts',
  'api:tests/api/operator-signals.test.ts',
  'api-pglite:tests/api/backup-restore.test.ts',
  'api:tests/api/withdrawal-rules.test.ts',
  'api:tests/api/four-eyes-roles.test.ts',
  'api:tests/api/totp-checks.test.ts',
  'api-pglite:tests/api/sigterm-burst.test.ts',
  'api:tests/api/withdrawal-limits.test.ts',
  'api:tests/api/live-events-streams.test.ts',
  'reliability:tests/reliability/concurrency.test.ts',
  'reliability:tests/reliability/crash.test.ts',
];

/**
 * vitest's order (files with a recorded duration longest first, the rest largest first), except that
 * without recorded durations the LONGEST files (named with their project) go first. One list across the
 * projects, which run side by side: the API suite's PGlite subset starts its long files with the
 * PostgreSQL ones instead of after them, and no worker is left waiting on one of them at the end.
 */
export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(root, f.moduleId)}`;
    if (sorted.every((f) => this.ctx.cache.getFileTestResults(key(f)))) return sorted;
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(key(f));
      return i < 0 ? LONGEST.length : i;
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
