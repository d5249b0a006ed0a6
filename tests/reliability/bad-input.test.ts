import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toChecksumAddress } from '../../src/shared/address';
import { networksFor } from '../../src/shared/networks';
import { newTrc20Address } from '../support/addresses';
import { adminClient, type Client, memberClient } from '../support/client';
import {
  addressFor,
  adjustBalance,
  btcAddress,
  erc20Address,
  setDepositAddress,
  trc20Address,
  txid,
  xrpAddress,
} from '../support/money';
import { startTestServer, type TestServer } from '../support/server';
import { snapshot } from './db-snapshot';
import { fillPath, type JsonSchema, loadOperations, type Operation, pathParamNames, typeOf } from './openapi';
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

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await adminClient(server.url, server.db)).client;
  // a second member, so that ids of real rows exist to be guessed at
  await memberClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

const CONTROL = fc.string({ minLength: 1, maxLength: 20 }).map((s) => `${s}\u0000\u0007\u001b[31m\u202e`);
/** Values that are wrong for most fields, typed or not. */
const NASTY_STRING = fc.oneof(
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
function badBody(given: JsonSchema): fc.Arbitrary<unknown> {
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

// ---------------------------------------------------------------------------------------------
// Crafted bytes: NUL, control, bidi and invisible characters placed inside an otherwise valid
// body or query: without the character each body below passes its schema (most would change the database).

/** Characters no field accepts; line breaks only where a field is multi-line (notice body, memo). */
const CRAFTED = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009b',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u2028',
  '\u2029',
  '\ud800',
  '\udfff',
  '\ue000',
  '\uffff',
  '\u115f',
  '\u1160',
  '\u3164',
  '\uffa0',
  '\u2800',
];
const LINE_BREAKS = ['\n', '\r', '\r\n', '\t', '\u200d'];
const MULTILINE = new Set(['body', 'memo']);

/** Valid bodies (the administrator's client sends them; ids are real members'). */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  signup: () => ({
    email: 'crafted@example.com',
    password: 'passw0rd123',
    options: {
      data: {
        username: 'craftedname',
        full_name: '홍길동',
        contact: '010-1234-5678',
        second_password: '246810',
        marketing_consent: false,
        terms_agreed: true,
        privacy_agreed: true,
        age_confirmed: true,
      },
    },
  }),
  login: () => ({ email: 'crafted@example.com', password: 'passw0rd123' }),
  verifySecondPassword: () => ({ second_password: '246810' }),
  adminSetBalances: () => ({ krw: '1000', usdt: '5' }),
  adminCreateLock: () => ({
    currency: 'usdt',
    locked_amount: '1',
    lock_start_date: '2030-01-01',
    reason: '사유',
  }),
  adminUpdateLock: () => ({
    currency: 'usdt',
    locked_amount: '1',
    lock_end_date: '2030-01-02',
    reason: '사유',
  }),
  adminSaveBankAccount: () => ({
    bank_name: '국민은행',
    account_number: '123456-01-234567',
    account_holder: '홍길동',
  }),
  adminSetDepositAddress: () => ({ deposit_address: newTrc20Address() }),
  adminResetPassword: () => ({ new_password: 'abcd12345', confirm_password: 'abcd12345' }),
  adminResetSecondPassword: () => ({ new_second_password: '13579', confirm_second_password: '13579' }),
  adminCreateNotice: () => ({ title: '공지', body: '본문\n둘째 줄', published: true }),
  adminUpdateNotice: () => ({ title: '공지', body: '본문', published: true }),
  updateContact: () => ({ contact: '010-9876-5432' }),
  requestEmailChange: () => ({ email: 'crafted-new@example.com' }),
  confirmEmailChange: () => ({ token: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ' }),
  changePassword: () => ({
    current_password: 'passw0rd123',
    new_password: 'newpassw0rd1',
    new_password_confirm: 'newpassw0rd1',
  }),
  setSecondPassword: () => ({
    mode: 'change',
    current_second_password: '246810',
    second_password: '13579',
    second_password_confirm: '13579',
  }),
  createCryptoDeposit: () => ({ amount: '10', txid: 'a'.repeat(64), sender_address: newTrc20Address() }),
  createKrwDeposit: () => ({
    bank_name: '국민은행',
    account_number: '1234567890',
    account_holder: '홍길동',
    amount: '10000',
    depositor_name: '홍길동',
  }),
  adminApproveDeposit: () => ({ reason: '확인' }),
  adminRejectDeposit: () => ({ reason: '확인' }),
  createCryptoWithdrawal: () => ({
    currency: 'USDT',
    amount: '5',
    method: 'internal',
    recipient_id: 'someone',
  }),
  createKrwWithdrawal: () => ({
    amount: '10000',
    bank_name: '신한은행',
    account_number: '110-123-456789',
    account_holder: '홍길동',
    memo: '생활비\n메모',
  }),
  adminApproveWithdrawal: () => ({ reason: '확인' }),
  adminRejectWithdrawal: () => ({ reason: '확인' }),
  // withdrawal rules (address book, delays, daily limits, travel rule)
  registerWithdrawalAddress: () => ({
    network: 'TRC20',
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    label: '내 지갑',
    wallet_kind: 'exchange',
    exchange: 'upbit',
    second_password: '123456',
  }),
  adminSetWithdrawalLimits: () => ({ crypto_krw: '1000000', krw: '2000000' }),
};
/** Valid query values. */
const VALID_QUERY: Record<string, string> = {
  username: 'craftedname',
  q: '홍길동',
  status: 'pending',
  page: '1',
  pageSize: '10',
  targetId: 'member',
  limit: '5',
  type: 'all',
};

/** Paths (key lists) of every string in a body. */
function stringPaths(v: unknown, at: string[] = []): string[][] {
  if (typeof v === 'string') return [at];
  if (v && typeof v === 'object' && !Array.isArray(v))
    return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]));
  return [];
}

function withCharAt(body: Record<string, unknown>, path: string[], ch: string, where: number) {
  const copy = structuredClone(body);
  let o: Record<string, unknown> = copy;
  for (const k of path.slice(0, -1)) o = o[k] as Record<string, unknown>;
  const key = path[path.length - 1]!;
  const s = o[key] as string;
  const at = Math.min(s.length, Math.floor((where * (s.length + 1)) / 100));
  o[key] = s.slice(0, at) + ch + s.slice(at);
  return copy;
}

/** A crafted character inside one string field of a valid body (line breaks too where single-line). */
function craftedBody(op: Operation): fc.Arbitrary<string> | null {
  const make = VALID_BODIES[op.operationId];
  if (!make) return null;
  const paths = stringPaths(make());
  if (!paths.length) return null;
  return fc
    .tuple(fc.constantFrom(...paths), fc.integer({ min: 0, max: 100 }), fc.nat())
    .chain(([path, where, n]) => {
      const multiline = MULTILINE.has(path[path.length - 1]!);
      const chars = multiline ? CRAFTED : [...CRAFTED, ...LINE_BREAKS];
      return fc
        .constantFrom(...chars)
        .map((ch) => JSON.stringify(withCharAt(make(), path, ch, (where + n) % 101)));
    });
}

/** A crafted character inside one otherwise valid query value. */
function craftedQuery(op: Operation): fc.Arbitrary<string> | null {
  const names = op.params.filter((p) => p.in === 'query' && VALID_QUERY[p.name]).map((p) => p.name);
  if (!names.length) return null;
  const inUrl = [...CRAFTED, ...LINE_BREAKS].filter((c) => !/[\ud800-\udfff]/.test(c));
  return fc.tuple(fc.constantFrom(...names), fc.constantFrom(...inUrl)).map(([name, ch]) => {
    const values: Record<string, string> = {};
    for (const n of names) values[n] = VALID_QUERY[n]!;
    values[name] = `${values[name]}${ch}`;
    return new URLSearchParams(values).toString();
  });
}

interface Req {
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

function requestsFor(op: Operation, ids: string[]): fc.Arbitrary<Req> {
  const pathNames = pathParamNames(op.path);
  const query = op.params.filter((p) => p.in === 'query');
  const pathValue = fc.oneof(
    fc.constantFrom(...ids),
    fc.uuid(),
    fc.constantFrom('abc', '0', '-1', '1e309', "'; DROP TABLE members; --", 'x'.repeat(500), '%ZZ', '..'),
  );
  const pathArb = fc.record(Object.fromEntries(pathNames.map((name) => [name, pathValue])));
  const kinds: fc.Arbitrary<Req>[] = [];
  const mutating = op.method !== 'GET' && op.method !== 'HEAD';
  if (op.body) {
    kinds.push(
      fc.tuple(pathArb, badBody(op.body)).map(([p, body]) => ({
        method: op.method,
        url: fillPath(op.path, p as Record<string, string>),
        body: JSON.stringify(body, (_k, v) => (typeof v === 'symbol' ? 'unknown' : v)).replace(
          /"__num:([^"]+)"/g,
          '$1',
        ),
        headers: { 'content-type': 'application/json' },
        kind: 'body',
      })),
    );
  }
  if (mutating) {
    kinds.push(
      fc.tuple(pathArb, RAW_BODIES).map(([p, raw]) => ({
        method: op.method,
        url: fillPath(op.path, p as Record<string, string>),
        body: raw,
        headers: { 'content-type': 'application/json' },
        kind: 'invalid-json',
      })),
    );
    if (op.body) {
      kinds.push(
        fc
          .tuple(
            pathArb,
            fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/xml',
            ),
          )
          .map(([p, type]) => ({
            method: op.method,
            url: fillPath(op.path, p as Record<string, string>),
            body: '{"a":1}',
            headers: { 'content-type': type },
            kind: 'content-type',
          })),
        fc.tuple(pathArb, fc.integer({ min: 70_000, max: 1_100_000 })).map(([p, size]) => ({
          method: op.method,
          url: fillPath(op.path, p as Record<string, string>),
          body: JSON.stringify({ x: 'a'.repeat(size) }),
          headers: { 'content-type': 'application/json' },
          kind: 'oversize',
        })),
      );
    }
  }
  const crafted = craftedBody(op);
  if (crafted) {
    kinds.push(
      fc.tuple(pathArb, crafted).map(([p, body]) => ({
        method: op.method,
        url: fillPath(op.path, p as Record<string, string>),
        body,
        headers: { 'content-type': 'application/json' },
        kind: 'crafted-body',
      })),
    );
  }
  const craftedQs = craftedQuery(op);
  if (craftedQs) {
    kinds.push(
      fc.tuple(pathArb, craftedQs).map(([p, qs]) => ({
        method: op.method,
        url: `${fillPath(op.path, p as Record<string, string>)}?${qs}`,
        headers: {},
        kind: 'crafted-query',
      })),
    );
  }
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
        const res = await admin.raw(r.method, r.url, { body: r.body, headers: r.headers });
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

/**
 * Networks: requests that are well-formed except for one network fault — a currency on a network that
 * cannot carry it, an address of another network or with a broken checksum, a bad or conflicting XRP
 * destination tag, a deposit TXID or sender of the other network. The member holds enough of everything,
 * so only the fault can refuse them: each must be a 400 naming the field, in Korean, and change nothing.
 */
const X_ADDRESS_WITH_TAG = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';
const NETWORKS = ['TRC20', 'ERC20', 'XRPL', 'BTC'] as const;
/** A valid address of `network` with its checksum broken: one character changed (EIP-55: one letter's case). */
function brokenAddress(network: (typeof NETWORKS)[number]): string {
  if (network === 'ERC20') {
    const a = toChecksumAddress(`0x${'ab'.repeat(20)}`);
    const i = 2 + [...a.slice(2)].findIndex((ch) => /[a-f]/i.test(ch));
    const ch = a[i]!;
    return `${a.slice(0, i)}${ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()}${a.slice(i + 1)}`;
  }
  const a = addressFor(network);
  const i = a.length - 2;
  return `${a.slice(0, i)}${a[i] === 'a' ? 'c' : 'a'}${a.slice(i + 1)}`;
}

function networkFaults(): fc.Arbitrary<{ path: string; body: Record<string, unknown>; field: string }> {
  const currency = fc.constantFrom('USDT', 'ETH', 'XRP', 'BTC');
  const pair = currency.chain((c) =>
    fc.constantFrom(...NETWORKS.filter((n) => !networksFor(c).includes(n))).map((network) => ({
      path: '/api/withdrawals/crypto',
      body: { currency: c, amount: '1', method: 'external', network, recipient_address: addressFor(network) },
      field: 'network',
    })),
  );
  const address = currency.chain((c) =>
    fc.tuple(fc.constantFrom(...networksFor(c)), fc.constantFrom(...NETWORKS)).map(([network, other]) => ({
      path: '/api/withdrawals/crypto',
      body: {
        currency: c,
        amount: '1',
        method: 'external',
        network,
        recipient_address: other === network ? brokenAddress(network) : addressFor(other),
      },
      field: 'recipient_address',
    })),
  );
  const tag = fc
    .oneof(
      fc
        .constantFrom('4294967296', '-1', '1.5', '1e3', ' ', 'x', '99999999999')
        .map((t) => [xrpAddress(), t] as const),
      fc.integer({ min: 0, max: 4_294_967_294 }).map((t) => [X_ADDRESS_WITH_TAG, String(t)] as const),
    )
    .map(([recipient, t]) => ({
      path: '/api/withdrawals/crypto',
      body: {
        currency: 'XRP',
        amount: '1',
        method: 'external',
        network: 'XRPL',
        recipient_address: recipient,
        destination_tag: t,
      },
      field: 'destination_tag',
    }))
    .filter((f) => f.body.destination_tag.trim() !== '');
  const tagElsewhere = fc.constantFrom('USDT', 'ETH', 'BTC').map((c) => {
    const network = networksFor(c)[0]!;
    return {
      path: '/api/withdrawals/crypto',
      body: {
        currency: c,
        amount: '1',
        method: 'external',
        network,
        recipient_address: addressFor(network),
        destination_tag: '7',
      },
      field: 'destination_tag',
    };
  });
  const deposit = fc.constantFrom(
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'TRC20', txid: `0x${txid()}`, sender_address: trc20Address() },
      field: 'txid',
    },
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'ERC20', txid: txid(), sender_address: erc20Address() },
      field: 'txid',
    },
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'TRC20', txid: txid(), sender_address: erc20Address() },
      field: 'sender_address',
    },
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'ERC20', txid: `0x${txid()}`, sender_address: trc20Address() },
      field: 'sender_address',
    },
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'BTC', txid: txid(), sender_address: btcAddress() },
      field: 'network',
    },
    // An XRP claim (a payment sent without the member's tag): its hash has no 0x, its sender is an XRP
    // address, its amount at most 6 decimals; refused before the ledger is asked.
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'XRPL', txid: `0x${txid()}`, sender_address: xrpAddress() },
      field: 'txid',
    },
    {
      path: '/api/deposits/crypto',
      body: { amount: '1', network: 'XRPL', txid: txid(), sender_address: trc20Address() },
      field: 'sender_address',
    },
    {
      path: '/api/deposits/crypto',
      body: { amount: '1.0000001', network: 'XRPL', txid: txid(), sender_address: xrpAddress() },
      field: 'amount',
    },
  );
  return fc.oneof(pair, address, tag, tagElsewhere, deposit);
}

describe('bad network input', () => {
  it('refuses every wrong network, address, tag or TXID with a Korean 400 at its field and changes nothing', async () => {
    const m = await memberClient(server.url);
    // Nothing is registered on the member's behalf first (tests/support/client.ts): a bad request alone.
    m.client.addressBookPin = null;
    for (const c of ['USDT', 'ETH', 'XRP'] as const) await adjustBalance(server.db, m.id, c, '1000');
    await setDepositAddress(server.db, m.id, trc20Address());
    await setDepositAddress(server.db, m.id, erc20Address());
    const cases = fc.sample(networkFaults(), { seed: SEED, numRuns: Math.max(200, Math.ceil(TOTAL / 20)) });
    const before = await snapshot(server.db);
    const failures: string[] = [];
    for (const f of cases) {
      const r = await m.client.post(f.path, f.body);
      const message = r.body?.error?.fields?.[f.field] ?? '';
      if (r.status !== 400 || !HANGUL.test(message)) {
        if (failures.length < 20)
          failures.push(`${JSON.stringify(f)} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(await snapshot(server.db)).toEqual(before);
  });
});
