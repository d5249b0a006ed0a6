import { z } from './zod';

/** `{ data, error: null }`: the success half of the API envelope. */
export const ok = <T>(data: T) => ({ data, error: null });

const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

const envelopes = new WeakMap<object, unknown>();
/**
 * Response schema of an envelope carrying `data`, for the OpenAPI document and the response writer: one
 * object per view, so the writer compiled from it (serializer.ts) is compiled once however many apps a
 * process builds.
 */
export const envelope = <T extends z.core.$ZodType>(data: T) => {
  let e = envelopes.get(data) as ReturnType<typeof makeEnvelope<T>> | undefined;
  if (!e) {
    e = makeEnvelope(data);
    envelopes.set(data, e);
  }
  return e;
};
const makeEnvelope = <T extends z.core.$ZodType>(data: T) => z.object({ data, error: z.null() });
export const errorEnvelope = z.object({ data: z.null(), error: errorSchema });

/** Error answers for the OpenAPI document: exactly the statuses named. */
export function errorsOnly<C extends number>(...codes: C[]): Record<C, typeof errorEnvelope> {
  return Object.fromEntries(codes.map((c) => [c, errorEnvelope])) as Record<C, typeof errorEnvelope>;
}

/** A route's error answers for the OpenAPI document: 400, 401, 403 and 409 always, and those named. */
export const errorResponses = <C extends number>(...codes: C[]) =>
  errorsOnly<400 | 401 | 403 | 409 | C>(400, 401, 403, 409, ...codes);
