import { randomUUID } from 'node:crypto';
import { adminClient, type Client, type MemberCreds, memberClient, type Res } from './client';
import { confirmAs, secondAdmin } from './four-eyes';
import { trc20Address, txid } from './money';

/**
 * A member whose screens show everything a member can see: balances in every currency, a lock, a
 * deposit address, a verified bank account, a published notice and a history of approved, rejected and
 * pending requests. Built only through the HTTP API (the member's own calls and the administrator API),
 * so it works against any running server: the end-to-end suite and `npm run screenshots` share it.
 */
export interface Showcase {
  member: MemberCreds & { id: string };
  /** The member's own API client (full session). */
  client: Client;
  /** The USDT deposit address the administrator assigned. */
  depositAddress: string;
}

async function must<T = unknown>(
  what: string,
  p: Promise<{ status: number; body: { data: unknown; error: unknown } }>,
): Promise<T> {
  const r = await p;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data as T;
}

const idem = () => ({ 'idempotency-key': randomUUID() });
/** The calendar date `offset` days from today (YYYY-MM-DD). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** `admin`: a client with a full administrator session. */
/**
 * The showcase member on `server`, seeded by `admin` (a new administrator when not given) and confirmed
 * by a second administrator.
 */
export async function showcaseOn(
  server: { url: string; db: { query(sql: string, params?: unknown[]): Promise<unknown[]> } },
  admin?: Client,
): Promise<Showcase> {
  const maker = admin ?? (await adminClient(server.url, server.db)).client;
  const checker = (await secondAdmin(server.url, server.db)).client;
  return seedShowcase(server.url, maker, {}, checker);
}

export async function seedShowcase(
  base: string,
  admin: Client,
  over: Partial<MemberCreds> = {},
  /** A second administrator: confirms the balance and lock proposals (two-person approval, decision 0160). */
  checker?: Client,
): Promise<Showcase> {
  const approved = async (p: Promise<Res>): Promise<Res> => {
    const r = await p;
    if (r.status !== 202) return r;
    if (!checker) throw new Error('seedShowcase: a proposal needs a second administrator (checker)');
    const c = await confirmAs(checker, (r.body.data as { proposal: { id: string } }).proposal.id);
    return c.status >= 300
      ? c
      : { ...c, body: { data: (c.body.data as { result: unknown }).result, error: null } };
  };
  const m = await memberClient(base, { fullName: '김민지', ...over });
  const member = m.client;
  const a = (path: string) => `/api/admin/members/${m.id}${path}`;

  await must('balances', approved(admin.call('PUT', a('/balances'), { krw: '1250000', usdt: '1520.5' })));
  const depositAddress = trc20Address();
  await must(
    'deposit address',
    approved(admin.call('PUT', a('/deposit-address'), { deposit_address: depositAddress })),
  );
  await must(
    'bank account',
    approved(
      admin.call('PUT', a('/bank-account'), {
        bank_name: '국민은행',
        account_number: '123456-01-234567',
        account_holder: m.creds.fullName,
        is_verified: true,
      }),
    ),
  );
  await must(
    'receiving account',
    approved(
      admin.call('PUT', '/api/admin/receiving-account', {
        bank_name: '우리은행',
        account_number: '1005-123-456789',
        account_holder: '(주)월렛',
      }),
    ),
  );
  await must(
    'lock',
    approved(
      admin.post(a('/locks'), {
        currency: 'usdt',
        locked_amount: '300',
        lock_start_date: day(-30),
        lock_end_date: day(180),
        reason: '이벤트 보상 잠금',
      }),
    ),
  );
  await must(
    'notice',
    admin.post('/api/admin/notices', {
      title: '서비스 점검 안내',
      body: '매주 화요일 오전 4시부터 30분간 입출금이 지연될 수 있습니다.',
      published: true,
    }),
  );

  // History: an approved KRW deposit, an approved crypto deposit (ETH comes in only by approval of a
  // balance edit, so it is set directly), a rejected and a pending withdrawal.
  const krwDeposit = await must<{ id: string }>(
    'krw deposit',
    member.post(
      '/api/deposits/krw',
      {
        bank_name: '국민은행',
        account_number: '123456-01-234567',
        account_holder: m.creds.fullName,
        amount: '500000',
        depositor_name: m.creds.fullName,
      },
      idem(),
    ),
  );
  await must('approve', admin.post(`/api/admin/deposits/${krwDeposit.id}/approve`));
  const usdtDeposit = await must<{ id: string }>(
    'usdt deposit',
    member.post(
      '/api/deposits/crypto',
      { amount: '200', txid: txid(), sender_address: trc20Address() },
      idem(),
    ),
  );
  await must('approve', admin.post(`/api/admin/deposits/${usdtDeposit.id}/approve`));
  const rejected = await must<{ id: string }>(
    'withdrawal',
    member.post(
      '/api/withdrawals/krw',
      // Won leaves only for the verified own account (the one recorded above).
      { amount: '50000', memo: '생활비' },
      idem(),
    ),
  );
  await must(
    'reject',
    admin.post(`/api/admin/withdrawals/${rejected.id}/reject`, { reason: '계좌 확인 필요' }),
  );
  await must(
    'withdrawal',
    member.post(
      '/api/withdrawals/crypto',
      {
        currency: 'USDT',
        amount: '120',
        method: 'external',
        recipient_address: trc20Address(),
        network: 'TRC20',
      },
      idem(),
    ),
  );
  await must('eth and xrp', approved(admin.call('PUT', a('/balances'), { eth: '0.8421', xrp: '2350.75' })));
  return { member: { ...m.creds, id: m.id }, client: member, depositAddress };
}
