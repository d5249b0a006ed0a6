import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { takePageProblems } from './support';

/**
 * Every browser test fails on what a member must never meet in any page it drove (support.ts
 * `watchContext`): an uncaught error, a failed request it did not declare, the error screen. What a file's
 * `beforeAll` met fails its first test's check; what came after the last test, the file's.
 */
beforeAll(() => {
  takePageProblems();
});
afterEach((ctx) => {
  const problems = takePageProblems();
  // Written at once as well: a long run's summary may never be reached.
  if (problems.length) console.error(`page problems in "${ctx.task.name}":\n  ${problems.join('\n  ')}`);
  expect(problems, 'what went wrong in the pages of this test').toEqual([]);
});
afterAll(() => {
  expect(takePageProblems(), 'what went wrong in the pages after the last test').toEqual([]);
});
