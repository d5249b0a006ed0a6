import fc from 'fast-check';
import { newTrc20Address } from '../../support/addresses';
import { FORMAT_CHARS } from '../../support/crafted-chars';
import { krwWithdrawalBody } from '../../support/money';
import type { Operation } from '../openapi';

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
  ...FORMAT_CHARS,
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
  createKrwWithdrawal: () => krwWithdrawalBody({ memo: '생활비\n메모' }),
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
export function craftedBody(op: Operation): fc.Arbitrary<string> | null {
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
export function craftedQuery(op: Operation): fc.Arbitrary<string> | null {
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
