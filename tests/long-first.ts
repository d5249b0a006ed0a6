import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (measured: the screen walks run six axe-core scans a
 * screen; the PGlite administrator-CLI case starts seven processes on a data folder; the 500-decision
 * stream; the backup under load). Without recorded durations (a fresh clone, as in CI) vitest starts the
 * larger files first, and the walks are five-line files: they started last and one worker ran a 90 s
 * file alone while the other had nothing left.
 */
const LONGEST = [
  'tests/e2e/screens-member.test.ts',
  'tests/e2e/screens-member-2.test.ts',
  'tests/e2e/screens-visitor.test.ts',
  'tests/e2e/a11y.test.ts',
  'tests/e2e/profile.test.ts',
  'tests/api/four-eyes-roles.test.ts',
  'tests/api/backup-restore.test.ts',
  'tests/api/sigterm-burst.test.ts',
  'tests/api/live-events-streams.test.ts',
  'tests/api/withdrawal-limits.test.ts',
];

/**
 * vitest's order (projects one after another; within one, files with a recorded duration longest first,
 * the rest largest first), except that in a project with files of no recorded duration the LONGEST
 * files go first, so no worker is left waiting on one of them at the end.
 */
export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (f: TestSpecification) => relative(root, f.moduleId);
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(path(f));
      return i < 0 ? LONGEST.length : i;
    };
    const projects = new Map<string, TestSpecification[]>();
    for (const f of sorted) projects.set(f.project.name, [...(projects.get(f.project.name) ?? []), f]);
    return [...projects.values()].flatMap((group) =>
      group.every((f) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path(f)}`))
        ? group
        : [...group].sort((a, b) => rank(a) - rank(b)),
    );
  }
}
