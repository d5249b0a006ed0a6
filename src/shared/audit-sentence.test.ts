import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_KINDS, type AuditAction } from './audit-actions';
import { describeChange } from './audit-change';
import { auditSentence, hasSentence, objectParticle, type SentenceEntry } from './audit-sentence';

const ISO = /\d{4}-\d{2}-\d{2}T\d{2}/;
const SNAKE = /\b[a-z]+_[a-z_]+\b/;
const APPROVAL = {
  proposal_id: '3f1e0c2a-9d7b-4c1e-8f00-0a1b2c3d4e5f',
  proposed_by: 'kim',
  confirmed_by: 'park',
};
const T = '2026-12-01T11:16:11.666Z';

/** Every source file of the server. */
function serverSources(dir = 'src/server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return serverSources(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** An entry of each kind as the server writes it (its writer's before and after). */
const SAMPLES: Record<AuditAction, Partial<SentenceEntry>> = {
  'deposit.approve': {
    after: { status: 'approved', member_id: 'm', currency: 'KRW', amount: '50000', balance_after: '1250000' },
  },
  'deposit.reject': { after: { status: 'rejected', currency: 'USDT', amount: '12.5', reason: '중복' } },
  'withdrawal.approve': {
    after: {
      status: 'approved',
      currency: 'XRP',
      method: 'external',
      amount: '30',
      fee: '0.2',
      final_amount: '29.8',
      balance_after: '1000',
      approval: APPROVAL,
    },
  },
  'withdrawal.reject': {
    after: { status: 'rejected', currency: 'KRW', method: 'bank', amount: '1234567', reason: '계좌 불일치' },
  },
  'member.balances.set': {
    before: { KRW: '0', USDT: '1' },
    after: { KRW: '1000', USDT: '2', approval: APPROVAL },
  },
  'member.balance.adjust': {
    before: { currency: 'KRW', balance: '100000' },
    after: { currency: 'KRW', delta: '-30000', balance: '70000', reason: '오입금 회수' },
  },
  'member.withdrawal_limits.set': {
    before: { crypto_krw: null, krw: '5000000' },
    after: { crypto_krw: '10000000', krw: '5000000' },
  },
  'member.admin.grant': { before: { is_admin: false }, after: { is_admin: true, approval: APPROVAL } },
  'member.admin.revoke': { before: { is_admin: true }, after: { is_admin: false, approval: APPROVAL } },
  'member.admin.create': {
    actor_id: null,
    actor_username: 'npm run admin',
    after: { username: 'ops', email: 'ops@example.com', is_admin: true, additional: false },
  },
  'member.bank_account.save': {
    before: null,
    after: {
      bank_name: '국민은행',
      account_number: '123456789012',
      account_holder: '김하루',
      is_verified: true,
    },
  },
  'member.bank_account.delete': {
    before: {
      bank_name: '국민은행',
      account_number: '123456789012',
      account_holder: '김하루',
      is_verified: true,
    },
  },
  'member.bank_account.verify': { before: { is_verified: false }, after: { is_verified: true } },
  'settings.receiving_account.set': {
    member_username: null,
    before: null,
    after: {
      bank_name: '우리은행',
      account_number: '1005123456789',
      account_holder: '(주)월렛',
      updated_at: T,
      approval: APPROVAL,
    },
  },
  'member.deposit_address.set': {
    before: { network: 'TRC20', deposit_address: null },
    after: { network: 'TRC20', deposit_address: 'TXYZ', approval: APPROVAL },
  },
  'member.deposit_address.clear': {
    before: { network: 'ERC20', deposit_address: '0xabc' },
    after: { network: 'ERC20', deposit_address: null },
  },
  'member.password.reset': { after: { sessions_ended: 2, approval: APPROVAL } },
  'member.second_password.reset': { after: { sessions_ended: 0 } },
  'member.recovery.send': {
    after: { secret: 'second_password', sent_to: 'l***@example.com', approval: APPROVAL },
  },
  'member.password.recovered': {
    actor_username: 'lee',
    after: { sessions_ended: 1, recovery_id: '3f1e0c2a-9d7b-4c1e-8f00-0a1b2c3d4e5f' },
  },
  'member.second_password.recovered': { actor_username: 'lee', after: { sessions_ended: 1 } },
  'member.close': {
    before: { status: 'active', username: 'lee', is_admin: false, email: 'l***@e.com' },
    after: {
      status: 'closed',
      username: 'lee',
      closed_at: T,
      full_name: '김*루',
      bank_account: null,
      sessions_ended: 1,
      kept: [
        'username (reserved: nobody can register it again)',
        'ledger_entries',
        'bank_accounts.bank_name',
        'deposit_address (reserved: a late deposit to it still identifies this account)',
      ],
      masked: [
        'full_name',
        'email',
        'contact',
        'bank_accounts.account_number',
        'bank_accounts.account_holder',
      ],
      removed: ['sessions', 'email_changes (pending email changes)'],
      reason: '특정금융정보법: 거래 기록은 거래 관계 종료 후 5년간 보존',
    },
  },
  'lock.create': {
    after: {
      lock_id: 'x',
      currency: 'USDT',
      locked_amount: '1500',
      lock_start_date: '2026-12-01',
      lock_end_date: null,
      reason: '분쟁',
    },
  },
  'lock.update': {
    before: { currency: 'USDT', locked_amount: '1500', lock_end_date: null },
    after: { currency: 'USDT', locked_amount: '1000', lock_end_date: '2027-01-01', approval: APPROVAL },
  },
  'lock.delete': { before: { currency: 'ETH', locked_amount: '0.5', reason: '분쟁' } },
  'notice.create': { member_username: null, after: { title: '점검 안내', body: '…', published: true } },
  'notice.update': {
    member_username: null,
    before: { title: '점검 안내', body: '…', published: false },
    after: { title: '점검 안내', body: '…!', published: true },
  },
  'notice.delete': { member_username: null, before: { title: '점검 안내', body: '…', published: true } },
  'member.email_changed': {
    actor_username: 'lee',
    before: { email: 'a@example.com' },
    after: { email: 'b@example.com' },
  },
  'member.password_changed': { actor_username: 'lee', after: { ended_sessions: 1 } },
  'member.second_password_changed': { actor_username: 'lee', after: { ended_sessions: 0 } },
  'member.second_password_set': { actor_username: 'lee', after: { ended_sessions: 0 } },
  'member.withdrawal_address.registered': {
    actor_username: 'lee',
    member_username: null,
    after: { network: 'XRPL', address: 'rAbc', destination_tag: 12345678, usable_at: T },
  },
  'member.withdrawal_address.deleted': {
    actor_username: 'lee',
    member_username: null,
    before: { network: 'XRPL', address: 'rAbc', destination_tag: 104622 },
  },
  'member.totp.reset': { before: { totp: true }, after: { totp: false, approval: APPROVAL } },
  'withdrawal.payout.record': { after: { network: 'XRPL', txid: 'ABC123' } },
  'withdrawal.payout.correct': {
    before: { txid: 'ABC' },
    after: { txid: 'DEF', reason: '오타', approval: APPROVAL },
  },
  'withdrawal.payout.mismatch': {
    actor_id: null,
    actor_username: 'system:chain',
    before: { txid: 'ABC' },
    after: { status: 'mismatch', detail: '수신 주소가 다릅니다' },
  },
  'withdrawal.payout.return': {
    before: { txid: 'ABC' },
    after: { replaces_txid: 'ABC', reason: '체인에 없음', approval: APPROVAL },
  },
  'proposal.confirm': {
    actor_username: 'park',
    after: {
      proposal_id: 'p',
      proposal_kind: 'withdrawal.approve',
      proposed_by: 'kim',
      step_up: { id: '3f1e0c2a-9d7b-4c1e-8f00-0a1b2c3d4e5f', opened_at: T, by: 'window' },
    },
  },
  'proposal.refuse': {
    actor_username: 'park',
    before: { status: 'pending' },
    after: {
      status: 'cancelled',
      proposal_kind: 'balance.adjust',
      refusal: { proposed_by: 'kim', refused_by: 'park' },
      reason: '근거 없음',
      proposal_id: 'p',
    },
  },
  'proposal.withdraw': {
    before: { status: 'pending' },
    after: { status: 'cancelled', proposal_kind: 'lock.create', reason: null, proposal_id: 'p' },
  },
  'records.export': {
    member_username: null,
    after: { export: 'auth-events', from: '2026-11-01', to: '2026-11-30', username: 'lee' },
  },
};

const entry = (action: AuditAction): SentenceEntry => ({
  action,
  actor_id: 'a',
  actor_username: 'kim',
  member_username: 'lee',
  before: null,
  after: null,
  ...SAMPLES[action],
});

describe('the audit log as sentences', () => {
  it('has a sentence for every kind the server writes (found in its code)', () => {
    const code = serverSources().join('\n');
    // Literal kinds: `action: 'x.y'`, `auditMember(q, actor, 'x.y', …)`, either side of a conditional.
    const literals = [
      ...code.matchAll(/action: (?:[^,\n]*\? )?'([a-z_]+(?:\.[a-z_]+)+)'(?: : '([a-z_]+(?:\.[a-z_]+)+)')?/g),
      ...code.matchAll(/auditMember\(\s*\w+,\s*\w+,\s*(?:[^,]*\? )?'([a-z_.]+)'(?: : '([a-z_.]+)')?/g),
    ].flatMap((m) => [m[1], m[2]].filter((x): x is string => !!x));
    // Composed kinds: the approval core's `${kind}.${decision}` and the recovery's `member.${secret}.recovered`.
    const composed = [
      ...['deposit', 'withdrawal'].flatMap((k) => [`${k}.approve`, `${k}.reject`]),
      'member.password.recovered',
      'member.second_password.recovered',
    ];
    expect(literals.length).toBeGreaterThan(30);
    const written = new Set([...literals.filter((a) => a !== 'deny'), ...composed]);
    for (const action of written) expect(AUDIT_ACTION_KINDS, action).toContain(action);
    for (const action of AUDIT_ACTION_KINDS) expect(hasSentence(action), action).toBe(true);
  });

  it.each(AUDIT_ACTION_KINDS)('%s reads as one Korean sentence with Korean details', (action) => {
    const e = entry(action);
    const sentence = auditSentence(e);
    expect(sentence).toMatch(/(습니다)\.$/);
    expect(sentence).not.toContain('기록을 남겼습니다');
    const details = describeChange(e.before, e.after).join('\n');
    for (const text of [sentence, details]) {
      expect(text).not.toMatch(ISO);
      expect(text).not.toMatch(SNAKE);
      expect(text).not.toContain('기타 항목');
      expect(text).not.toContain('undefined');
      expect(text).not.toMatch(/KRW\s*\d|\d\s*KRW/);
    }
  });

  it('says who, to whom and how much, in the desk voice', () => {
    expect(auditSentence(entry('deposit.approve'))).toBe(
      'kim 관리자가 lee 회원의 원화 입금 50,000원을 승인했습니다.',
    );
    expect(auditSentence(entry('withdrawal.approve'))).toBe(
      'kim 관리자가 제안하고 park 관리자가 확인해 lee 회원의 가상자산 출금 30 XRP를 승인했습니다.',
    );
    expect(auditSentence(entry('member.balance.adjust'))).toBe(
      'kim 관리자가 lee 회원의 원화 잔액을 30,000원 줄였습니다.',
    );
    expect(auditSentence(entry('proposal.confirm'))).toBe(
      'park 관리자가 kim 관리자의 고액 출금 승인 제안을 열린 확인 창에서 확인했습니다.',
    );
    expect(auditSentence(entry('withdrawal.payout.mismatch'))).toMatch(/^시스템\(system:chain\)이 /);
    expect(auditSentence(entry('member.email_changed'))).toBe('lee 회원이 이메일 주소를 바꿨습니다.');
  });

  it('writes tags and identifiers without separators and times as YYYY.MM.DD HH:mm (KST)', () => {
    const details = describeChange(null, SAMPLES['member.withdrawal_address.registered'].after);
    expect(details).toContain('데스티네이션 태그: 12345678');
    const account = describeChange(null, SAMPLES['settings.receiving_account.set'].after);
    expect(account).toContain('계좌번호: 1005123456789');
    expect(details.join('\n')).toContain('2026.12.01 20:16');
  });

  it('picks 을 or 를 by the last sound', () => {
    expect(['50,000원', '12.5 USDT', '1 XRP', '3', '2'].map(objectParticle)).toEqual([
      '을',
      '를',
      '를',
      '을',
      '를',
    ]);
  });
});
