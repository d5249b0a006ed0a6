import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { answer } from '../http/declare-routes';
import { type ActOutcome, act, type Kind, type KindConfig } from '../proposals/registry';
import { actorOf } from './common';

/**
 * The answer of an administrator action (`act`): the action's own result (with the route's own status)
 * when one administrator may do it alone, 202 with the proposal when a second must confirm it.
 */
export function answerOutcome<Result>(o: ActOutcome<Result>) {
  if ('proposed' in o) return answer(202, o.proposed);
  if ('held' in o) throw new Error('an administrator action held as the system’s');
  return o.applied.result;
}

/**
 * An administrator route's action through the four-eyes registry: `act` on `kind` as the signed-in
 * administrator, answered by `answerOutcome`. Every such route reads the same, so each says only which
 * kind it acts on and with what.
 */
export const actAs =
  (db: Db, cfg: KindConfig) =>
  async <Input, Payload, Result>(req: FastifyRequest, kind: Kind<Input, Payload, Result>, input: Input) =>
    answerOutcome(await act(db, cfg, kind, input, actorOf(req)));
