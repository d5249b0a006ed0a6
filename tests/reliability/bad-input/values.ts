import fc from 'fast-check';
import { type JsonSchema, typeOf } from '../openapi';

/** Generated values that are wrong for a field of the OpenAPI document: wrong type, nasty strings, broken bodies. */
const CONTROL = fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u0000\u0007\u001b[31m\u202e`);
/** Values that are wrong for most fields, typed or not. */
export const NASTY_STRING = fc.oneof(
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-1',
    '-0.5',
    '0',
    '1e3',
    '0x10',
    '1,000',
    ' 1',
    '１２３',
    '0.000000001',
    '123456789012345678901234567890',
    '99999999999999999999.999999999',
    '',
    ' ',
    '\t',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    `$${'{'}jndi:ldap://x}`,
    'null',
    'true',
  ),
  CONTROL,
  fc.string({ minLength: 300, maxLength: 2000 }),
  fc.constant('가'.repeat(20_000)),
);
const NON_STRING = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 0.1, 2 ** 53 + 1, [], {}, [1, 2], { $gt: '' }),
  fc.double(),
  fc.integer(),
);
/** Numbers written raw into the JSON text: exponents, overflow to Infinity, absurd precision. */
const RAW_NUMBER = fc
  .constantFrom(
    '1e309',
    '-1e309',
    '1E+2',
    '1e-9',
    '0.000000000000000000001',
    '123456789012345678901234567890',
    '-0',
  )
  .map((n) => `__num:${n}`);
const ANY_NASTY = fc.oneof(NASTY_STRING, NON_STRING, RAW_NUMBER);

/** Whether a schema admits null (`type: [.., 'null']` or an `anyOf`/`oneOf` alternative). */
const acceptsNull = (s: JsonSchema | undefined): boolean =>
  !!s &&
  ((Array.isArray(s.type) ? s.type.includes('null') : s.type === 'null') ||
    !!(s.anyOf ?? s.oneOf)?.some((a) => acceptsNull(a)));
/** null, and the numbers JSON writes as null. */
const isNullish = (v: unknown) => v === null || (typeof v === 'number' && !Number.isFinite(v));

/** A value that can never satisfy a schema of this type (never null where the field may be null). */
function wrongFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const wrong = wrongForType(schema);
  return acceptsNull(schema) ? wrong.filter((v) => !isNullish(v)) : wrong;
}

function wrongForType(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      return NON_STRING.filter((v) => typeof v !== 'string');
    case 'number':
    case 'integer':
      return fc.oneof(fc.constantFrom('1', 'NaN', '1e309', null, true, [], {}), fc.string());
    case 'boolean':
      return fc.constantFrom('true', 'false', 1, 0, null, [], {}, 'yes');
    case 'array':
      return fc.constantFrom('[]', 1, null, {}, true);
    case 'object':
      return fc.constantFrom('{}', 1, null, [], true);
    default:
      return fc.constant(Symbol.for('unknown-field'));
  }
}

/** An object body with at least one certain fault: an unknown field, or a required field of the wrong type. */
export function badBody(given: JsonSchema): fc.Arbitrary<unknown> {
  const alternatives = given.anyOf ?? given.oneOf;
  const nullable = !!alternatives?.some((a) => a.type === 'null');
  const schema = alternatives?.find((a) => a.type === 'object') ?? given;
  const props = Object.entries(schema.properties ?? {});
  const required = schema.required ?? [];
  const filled = fc.record(
    Object.fromEntries(
      props.map(([k, s]) => [
        k,
        typeOf(s) === 'object' && s.properties ? fc.oneof(badBody(s), ANY_NASTY) : ANY_NASTY,
      ]),
    ),
    { requiredKeys: [] },
  );
  const withUnknown = fc
    .tuple(filled, fc.stringMatching(/^[a-z_]{1,12}$/), ANY_NASTY)
    .filter(([, key]) => !(schema.properties && key in schema.properties))
    .map(([o, k, v]) => ({ ...o, [k]: v }));
  const faults: fc.Arbitrary<unknown>[] = [withUnknown];
  if (required.length) {
    faults.push(
      fc
        .tuple(filled, fc.constantFrom(...required))
        .chain(([o, key]) => wrongFor(schema.properties?.[key]).map((v) => ({ ...o, [key]: v }))),
      fc.tuple(filled, fc.constantFrom(...required)).map(([o, key]) => {
        const copy: Record<string, unknown> = { ...o };
        delete copy[key];
        return copy;
      }),
    );
  }
  // Not an object at all. Where the body may be null, null (and NaN or Infinity, which JSON writes as null) is no fault.
  faults.push(
    fc
      .oneof(NON_STRING, NASTY_STRING)
      .filter(
        (v) => (typeof v !== 'object' || v === null || Array.isArray(v)) && !(nullable && isNullish(v)),
      ),
  );
  return fc.oneof(...faults);
}
