import { answer } from '../http/declare-routes';
import type { ActOutcome } from '../proposals/registry';

/**
 * The answer of an administrator action (`act`): the action's own result (with the route's own status)
 * when one administrator may do it alone, 202 with the proposal when a second must confirm it.
 */
export function answerOutcome<Result>(o: ActOutcome<Result>) {
  if ('proposed' in o) return answer(202, o.proposed);
  if ('held' in o) throw new Error('an administrator action held as the system’s');
  return o.applied.result;
}
