import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberClient } from '../support/client';
import { fileAdmin, fileServer } from '../support/fixture';
import { type Req, requestsFor } from './bad-input/requests';
import { snapshot } from './db-snapshot';
import { loadOperations } from './openapi';
import { reliabilitySize } from './size';

/**
 * Part 3 of the reliability suite: for every operation of /api/openapi.json, generated requests that are
 * each wrong in at least one way. Every answer must be a 4xx envelope with a Korean message, never a 5xx,
 * and the database must be left exactly unchanged.
 */
const TOTAL = Number(process.env.BAD_INPUT_REQUESTS ?? reliabilitySize({ full: 10_000, reduced: 2_500 }));
const SEED = Number(process.env.SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = 12;
const HANGUL = /[가-힣]/;

const server = fileServer();
const admin = fileAdmin(server);
beforeAll(async () => {
  // a second member, so that ids of real rows exist to be guessed at
  await memberClient(server.url);
});

describe('bad input to every operation', () => {
  it(`answers ${TOTAL} faulty requests with Korean 4xx errors and changes nothing`, async () => {
    const ops = await loadOperations(server.url);
    const memberIds = (
      await server.db.query<{ id: string }>('SELECT id::text AS id FROM members LIMIT 5')
    ).map((r) => r.id);
    // Operations without any input (a bare GET) cannot be given bad input; the rest share the total.
    const fuzzable = ops.filter((op) => fc.sample(requestsFor(op, memberIds), 1)[0]?.method !== 'SKIP');
    const perOp = Math.ceil(TOTAL / fuzzable.length);
    const requests: (Req & { op: string })[] = [];
    fuzzable.forEach((op, i) => {
      const sample = fc.sample(requestsFor(op, memberIds), { seed: SEED + i, numRuns: perOp });
      for (const r of sample) if (r.method !== 'SKIP') requests.push({ ...r, op: op.operationId });
    });

    const before = await snapshot(server.db);
    const failures: string[] = [];
    const byStatus = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const r = requests[next++]!;
        const res = await admin.client.raw(r.method, r.url, { body: r.body, headers: r.headers });
        byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
        const text = await res.text();
        let message = '';
        try {
          message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? '';
        } catch {
          message = '';
        }
        if (res.status < 400 || res.status >= 500 || !HANGUL.test(message)) {
          if (failures.length < 30) {
            failures.push(
              `${r.op} [${r.kind}] ${r.method} ${r.url.slice(0, 120)} ${r.body?.slice(0, 160) ?? ''} → ${res.status} ${text.slice(0, 160)}`,
            );
          } else failures.push('…');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const after = await snapshot(server.db);

    console.log(
      `bad-input: seed=${SEED} operations=${ops.length} fuzzed=${fuzzable.length} requests=${requests.length} statuses=${JSON.stringify(Object.fromEntries(byStatus))}`,
    );
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(after).toEqual(before);
    expect(requests.length).toBeGreaterThanOrEqual(TOTAL);
  });
});
