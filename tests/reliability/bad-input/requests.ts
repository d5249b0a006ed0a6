import fc from 'fast-check';
import { fillPath, type Operation, pathParamNames } from '../openapi';
import { craftedBody, craftedQuery } from './crafted';
import { badBody, NASTY_STRING } from './values';

/** One faulty request for an operation: a broken body, a wrong field, a crafted character, a bad path or query. */
export interface Req {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
  kind: string;
}

const RAW_BODIES = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,2',
    '{"amount": NaN}',
    '{"amount": Infinity}',
    "{'a':1}",
    '{"a":1}}',
    '\u0000',
    'undefined',
  ),
  fc.string({ maxLength: 50 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

export function requestsFor(op: Operation, ids: string[]): fc.Arbitrary<Req> {
  const pathNames = pathParamNames(op.path);
  const query = op.params.filter((p) => p.in === 'query');
  const pathValue = fc.oneof(
    fc.constantFrom(...ids),
    fc.uuid(),
    fc.constantFrom('abc', '0', '-1', '1e309', "'; DROP TABLE members; --", 'x'.repeat(500), '%ZZ', '..'),
  );
  const pathArb = fc.record(Object.fromEntries(pathNames.map((name) => [name, pathValue])));
  const kinds: fc.Arbitrary<Req>[] = [];
  /** A request of this operation at a generated path, the rest made from `arb`'s value. */
  const at = <T>(arb: fc.Arbitrary<T>, make: (url: string, v: T) => Omit<Req, 'method'>) =>
    fc.tuple(pathArb, arb).map(([p, v]) => ({
      method: op.method,
      ...make(fillPath(op.path, p as Record<string, string>), v),
    }));
  const JSON_TYPE = { 'content-type': 'application/json' };
  const mutating = op.method !== 'GET' && op.method !== 'HEAD';
  if (op.body) {
    kinds.push(
      at(badBody(op.body), (url, body) => ({
        url,
        body: JSON.stringify(body, (_k, v) => (typeof v === 'symbol' ? 'unknown' : v)).replace(
          /"__num:([^"]+)"/g,
          '$1',
        ),
        headers: JSON_TYPE,
        kind: 'body',
      })),
    );
  }
  if (mutating) {
    kinds.push(at(RAW_BODIES, (url, raw) => ({ url, body: raw, headers: JSON_TYPE, kind: 'invalid-json' })));
    if (op.body) {
      const types = fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      );
      kinds.push(
        at(types, (url, type) => ({
          url,
          body: '{"a":1}',
          headers: { 'content-type': type },
          kind: 'content-type',
        })),
        at(fc.integer({ min: 70_000, max: 1_100_000 }), (url, size) => ({
          url,
          body: JSON.stringify({ x: 'a'.repeat(size) }),
          headers: JSON_TYPE,
          kind: 'oversize',
        })),
      );
    }
  }
  const crafted = craftedBody(op);
  if (crafted)
    kinds.push(at(crafted, (url, body) => ({ url, body, headers: JSON_TYPE, kind: 'crafted-body' })));
  const craftedQs = craftedQuery(op);
  if (craftedQs)
    kinds.push(at(craftedQs, (url, qs) => ({ url: `${url}?${qs}`, headers: {}, kind: 'crafted-query' })));
  if (query.length) {
    const queryValue = fc.oneof(NASTY_STRING, fc.constantFrom('-1', '0', '1e309', 'NaN', '999999999999'));
    kinds.push(
      fc
        .tuple(
          pathArb,
          fc.record(Object.fromEntries(query.map((q) => [q.name, queryValue])), { requiredKeys: [] }),
          fc.stringMatching(/^[a-z]{1,8}$/).filter((k) => !query.some((q) => q.name === k)),
        )
        .map(([p, values, extra]) => {
          const qs = new URLSearchParams({ ...(values as Record<string, string>), [extra]: 'x' });
          return {
            method: op.method,
            url: `${fillPath(op.path, p as Record<string, string>)}?${qs}`,
            headers: {},
            kind: 'query',
          };
        }),
    );
  }
  if (!kinds.length && pathNames.length) {
    kinds.push(
      pathArb
        .filter((p) => Object.values(p as Record<string, string>).every((v) => !ids.includes(v)))
        .map((p) => ({
          method: op.method,
          url: fillPath(op.path, p as Record<string, string>),
          headers: {},
          kind: 'path',
        })),
    );
  }
  return kinds.length
    ? fc.oneof(...kinds)
    : fc.constant({ method: 'SKIP', url: '', headers: {}, kind: 'none' });
}
