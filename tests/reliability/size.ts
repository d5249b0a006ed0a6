/**
 * The reliability suite's size. Full by default (`npm run test:reliability`); CI runs it reduced
 * (`npm run test:reliability:reduced`, RELIABILITY_SIZE=reduced): the same tests and assertions on fewer
 * operations, requests and kills. A knob's own variable (OPERATIONS, BAD_INPUT_REQUESTS, KILLS) wins over both.
 */
export function reliabilitySize(sizes: { full: number; reduced: number }): number {
  const size = process.env.RELIABILITY_SIZE ?? 'full';
  if (size !== 'full' && size !== 'reduced') throw new Error(`RELIABILITY_SIZE=${size}: full or reduced`);
  return sizes[size];
}
