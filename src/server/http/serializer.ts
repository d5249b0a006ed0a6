/**
 * Response serialization compiled from the route's zod response schema (decision 0142): the schema is
 * converted once, at the route's first answer, to JSON Schema (zod's own `z.toJSONSchema`, output side) and compiled by
 * fast-json-stringify, Fastify's own serializer. Only the declared properties are written
 * (`additionalProperties: false` on every object), so a field that is not in the schema never leaves
 * the server, as with the zod serializer it replaces — without a full zod parse of every answer.
 *
 * A schema that JSON Schema cannot express (a transform or codec, a custom check) keeps the zod
 * serializer of fastify-type-provider-zod: behaviour first, speed where it is safe.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

function zodSchemaOf(maybe: unknown): z.ZodType | null {
  if (maybe instanceof z.ZodType) return maybe;
  const props = (maybe as { properties?: unknown } | null)?.properties;
  return props instanceof z.ZodType ? props : null;
}

/** Every object in the JSON Schema closed (`additionalProperties` false or a schema), so nothing extra is written. */
function closed(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(closed);
  if (node === null || typeof node !== 'object') return true;
  const o = node as Record<string, unknown>;
  if ('$ref' in o) return false;
  if (o.type === 'object' || 'properties' in o) {
    if (o.additionalProperties === undefined || o.additionalProperties === true) return false;
  }
  return Object.entries(o).every(([k, v]) => k === 'enum' || k === 'const' || k === 'default' || closed(v));
}

/** The JSON Schema of a response, or null when it must stay with zod. */
function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as Record<string, unknown>;
    delete json.$schema;
    return closed(json) ? json : null;
  } catch {
    return null;
  }
}

/** The serializer of one route and status, built from its schema. */
function compile(route: RouteSchema): (data: unknown) => string {
  const schema = zodSchemaOf(route.schema);
  const json = schema ? responseJsonSchema(schema) : null;
  if (json) {
    try {
      return fastJson(json as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
    } catch {
      // falls back to zod below
    }
  }
  return zodSerializerCompiler(route) as (data: unknown) => string;
}

/**
 * Built at a route's first answer with that status, not at start-up: compiling every route's serializer
 * took ~0.5 s of the embedded start (fast-json-stringify builds an Ajv instance per schema; issue 14,
 * decision 0195). The first answer of a route pays a few milliseconds once.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  let fn: ((data: unknown) => string) | null = null;
  return (data: unknown) => {
    fn ??= compile(route as RouteSchema);
    return fn(data);
  };
};
