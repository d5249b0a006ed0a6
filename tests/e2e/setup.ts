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
afterEach(() => {
  expect(takePageProblems(), 'what went wrong in the pages of this test').toEqual([]);
});
afterAll(() => {
  expect(takePageProblems(), 'what went wrong in the pages after the last test').toEqual([]);
});
