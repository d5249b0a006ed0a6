import { describe, expect, it } from 'vitest';
import { serializerCompiler } from './serializer';
import { z } from './zod';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' }) as (data: unknown) => string;

describe('response serializer', () => {
  it('writes the declared properties only, in nested objects and arrays too', () => {
    const write = compile(
      z.object({
        data: z.object({ items: z.array(z.object({ id: z.string(), note: z.string().nullable() })) }),
      }),
    );
    const row = { id: 'a', note: null, password_hash: '$argon2id$secret' };
    expect(JSON.parse(write({ data: { items: [row], internal: 1 }, extra: true }))).toEqual({
      data: { items: [{ id: 'a', note: null }] },
    });
  });

  it('a view JSON Schema cannot express is still written through zod, which strips what it does not declare', () => {
    const write = compile(z.object({ at: z.date() }));
    const at = new Date('2026-11-27T00:00:00Z');
    expect(JSON.parse(write({ at, secret: 'x' }))).toEqual({ at: '2026-11-27T00:00:00.000Z' });
  });
});

describe('answers checked against their view (tests and development)', () => {
  it('a value of the wrong type is refused, not coerced', () => {
    const write = compile(z.object({ data: z.object({ amount: z.string(), at: z.string().nullable() }) }));
    expect(JSON.parse(write({ data: { amount: '1.5', at: null } }))).toEqual({
      data: { amount: '1.5', at: null },
    });
    expect(() => write({ data: { amount: 1.5, at: null } })).toThrow(/Response doesn't match the schema/);
    expect(() => write({ data: { at: null } })).toThrow(/Response doesn't match the schema/);
  });
});
