/**
 * What one response costs to serialize: fastify-type-provider-zod's zod serializer (a full zod encode,
 * then JSON.stringify) against the compiled one (src/server/http/serializer.ts), for the 100-row
 * `listHistory` answer and the `getBalances` answer. In-process, no I/O: `npx tsx bench/serializer-cost.ts`.
 */
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { envelope } from '../src/server/http/envelope';
import { compiledSerializerCompiler } from '../src/server/http/serializer';
import { historyViewSchema } from '../src/shared/schemas/history';
import { median } from './lib';

const items = Array.from({ length: 100 }, (_, i) => ({
  id: `0b0c8a6e-1f3a-4c8e-9d1e-${String(i).padStart(12, '0')}`,
  source: i % 2 ? 'deposit' : 'withdrawal',
  type: i % 2 ? 'deposit' : 'withdraw',
  currency: i % 2 ? 'KRW' : 'USDT',
  amount: String(10000 + i),
  fee: i % 2 ? '0' : '1',
  status: 'approved',
  memo: null,
  counterparty: null,
  created_at: new Date(1_700_000_000_000 - i * 3600_000).toISOString(),
}));
const schema = envelope(historyViewSchema);
const route = { schema, method: 'GET', url: '/api/history', httpStatus: '200' };
const data = { data: { items, limit: 100 }, error: null };
const zodFn = zodSerializerCompiler(route as never) as (d: unknown) => string;
const fjsFn = compiledSerializerCompiler(route as never);
if (JSON.parse(zodFn(data)).data.items.length !== 100 || zodFn(data) !== fjsFn(data)) {
  throw new Error(
    `the two serializers disagree:\n${zodFn(data).slice(0, 300)}\n${fjsFn(data).slice(0, 300)}`,
  );
}
for (const [name, fn] of [
  ['zod encode + JSON.stringify', zodFn],
  ['fast-json-stringify (compiled)', fjsFn],
  ['JSON.stringify alone (no filtering: the baseline)', (d: unknown) => JSON.stringify(d)],
] as const) {
  for (let i = 0; i < 2000; i++) fn(data);
  const runs: number[] = [];
  for (let r = 0; r < 15; r++) {
    const t = performance.now();
    for (let i = 0; i < 1000; i++) fn(data);
    runs.push((performance.now() - t) / 1000);
  }
  console.log(
    `${name}: ${(median(runs) * 1000).toFixed(1)} µs per 100-row history answer (median of 15 × 1,000)`,
  );
}
