/**
 * Responses are written by Fastify's own serializer, fast-json-stringify, compiled once per view from the
 * JSON Schema of the route's zod view. zod closes every object of an output schema
 * (`additionalProperties: false`), so only the declared properties are written: a row's other columns
 * never reach the wire. A view JSON Schema cannot express (a transform) keeps fastify-type-provider-zod's
 * serializer, which encodes the answer through zod.
 *
 * fast-json-stringify coerces a value of the wrong type (a number where a string is declared, null in a
 * required string) instead of refusing it. Outside production (tests, development) every answer is first
 * checked against its view with zod, and a mismatch is a 500 that fails the test that met it (decision
 * 0471). Production skips that check: a 100-row history answer costs 0.21 ms written here against 1.17 ms
 * through the zod check and encode (one process, 3,000 answers each), the CPU gap that kept `listHistory`
 * under 0.85 × the bare baseline (0.81–0.83 ×, decision 0395).
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from './zod';

const CHECK_ANSWERS = process.env.NODE_ENV !== 'production';

/**
 * The writer of each view schema, compiled once per process: a server compiles ~800 (a route and status
 * each), 60 % of building the app, and a process that builds the app again (each test file starts its own
 * server) reuses them. null: a schema JSON Schema cannot express.
 */
const writers = new WeakMap<object, ReturnType<typeof fastJson> | null>();

function writerOf(schema: z.ZodType): ReturnType<typeof fastJson> | null {
  const known = writers.get(schema);
  if (known !== undefined) return known;
  let json: object | null = null;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    // A view JSON Schema cannot express (a transform): zod's own serializer writes it.
  }
  const write = json ? fastJson(json) : null;
  writers.set(schema, write);
  return write;
}

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const write = writerOf(route.schema);
  if (!write) return zodSerializerCompiler(route);
  if (!CHECK_ANSWERS) return write;
  return (data: unknown) => {
    const checked = z.safeEncode(route.schema, data);
    if (checked.error)
      throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
    return write(data);
  };
};
