/**
 * An audit entry as one Korean sentence of the desk ("kim 관리자가 lee 회원의 원화 입금 50,000원을
 * 승인했습니다."): one sentence per kind the server writes (audit-actions.ts), so none is shown by its key.
 * The details below it (describeChange) stay as they are.
 */
import { type AuditAction, type FORMER_AUDIT_ACTIONS, MEMBER_AUDIT_ACTIONS } from './audit-actions';
import { actionLabel } from './audit-change';
import { formatAsset } from './format';
import { MSG } from './messages';
import { NETWORK_LABELS, type NetworkCode } from './networks';

const S = MSG.auditSentence;

/** What a sentence reads of an entry (the desk's audit view and the CSV export's row both have it). */
export interface SentenceEntry {
  action: string;
  actor_id: string | null;
  actor_username: string | null;
  member_username?: string | null;
  before: unknown;
  after: unknown;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Letters and digits whose Korean name ends in a consonant (엘, 엠, 엔, 알; 영, 일, 삼, 육, 칠, 팔, 십). */
const CLOSED_LATIN = /[lmnr0136780]$/i;
/** 을 after a closed syllable, 를 after an open one ("50,000원을", "12.5 USDT를"). */
export function objectParticle(word: string): '을' | '를' {
  const last = word.trim().slice(-1);
  const code = last.charCodeAt(0) - 0xac00;
  if (code >= 0 && code < 11172) return code % 28 === 0 ? '를' : '을';
  return CLOSED_LATIN.test(last) ? '을' : '를';
}

const amountOf = (currency: unknown, amount: unknown) =>
  str(currency) && str(amount) ? formatAsset(str(currency), str(amount)) : '';
const network = (v: unknown) => NETWORK_LABELS[str(v) as NetworkCode] ?? str(v);

interface Parts {
  /** Who acted, with the subject particle: "kim 관리자가", "lee 회원이", "시스템이", both of a proposal. */
  who: string;
  /** "lee 회원의 " (or nothing when the entry names no member). */
  of: string;
  /** "lee 회원에게 " (or nothing). */
  to: string;
  member: string;
  before: Obj;
  after: Obj;
}

/** The request decided: "원화 입금 50,000원을", "가상자산 출금 12.5 USDT를". */
function request(kind: 'deposit' | 'withdrawal', a: Obj): string {
  const what =
    kind === 'deposit'
      ? a.currency === 'KRW'
        ? S.krwDeposit
        : S.cryptoDeposit
      : (S.withdrawalKinds[str(a.method)] ?? S.withdrawal);
  const amount = amountOf(a.currency, a.amount);
  return amount ? `${what} ${amount}${objectParticle(amount)}` : `${what}${objectParticle(what)}`;
}

const secret = (v: unknown) => S.secrets[str(v)] ?? S.secrets.password!;
const lockAmount = (l: Obj) => amountOf(l.currency, l.locked_amount) || S.lockNone;
const proposalKind = (a: Obj) => MSG.proposals.kinds[str(a.proposal_kind)] ?? S.otherProposal;
const notice = (p: Parts) => S.notice(str(p.after.title) || str(p.before.title));

type Kind = AuditAction | (typeof FORMER_AUDIT_ACTIONS)[number];
type Sentence = (p: Parts) => string;

/** The kinds of a table of fixed endings, each read as the actor, `whose` and its ending. */
const endingsOf = <K extends Kind>(endings: Readonly<Record<K, string>>, whose: (p: Parts) => string) =>
  Object.fromEntries(
    Object.entries<string>(endings).map(([kind, ending]) => [
      kind,
      (p: Parts) => `${p.who} ${whose(p)}${ending}`,
    ]),
  ) as Record<K, Sentence>;

/** One sentence per kind the server writes: the compiler refuses a kind without one. */
const SENTENCES: Record<Kind, Sentence> = {
  ...endingsOf(S.memberEndings, (p) => p.of),
  ...endingsOf(S.ownEndings, () => ''),
  'deposit.approve': (p) => `${p.who} ${p.of}${request('deposit', p.after)} ${S.approved}`,
  'deposit.reject': (p) => `${p.who} ${p.of}${request('deposit', p.after)} ${S.rejected}`,
  'withdrawal.approve': (p) => `${p.who} ${p.of}${request('withdrawal', p.after)} ${S.approved}`,
  'withdrawal.reject': (p) => `${p.who} ${p.of}${request('withdrawal', p.after)} ${S.rejected}`,
  'member.balances.set': (p) => {
    const currencies = Object.keys(p.after).filter((k) => /^[A-Z]{3,5}$/.test(k));
    return `${p.who} ${p.of}${currencies.length ? S.balancesSet(currencies.join(', ')) : S.balancesSetNone}`;
  },
  'member.balance.adjust': (p) => {
    const delta = str(p.after.delta);
    const negative = delta.startsWith('-');
    const amount = amountOf(p.after.currency, negative ? delta.slice(1) : delta);
    const asset = p.after.currency === 'KRW' ? S.krw : str(p.after.currency);
    return `${p.who} ${p.of}${S.balance(asset)} ${amount} ${negative ? S.lowered : S.raised}`;
  },
  'member.admin.grant': (p) => `${p.who} ${p.to}${S.adminGrant}`,
  'member.admin.create': (p) => `${p.who} ${S.adminCreate(str(p.after.username) || p.member)}`,
  'member.bank_account.verify': (p) =>
    `${p.who} ${p.of}${p.after.is_verified ? S.bankVerified : S.bankUnverified}`,
  'settings.receiving_account.set': (p) =>
    `${p.who} ${Object.keys(p.after).some((k) => k !== 'approval') ? S.receivingSet : S.receivingCleared}`,
  'member.deposit_address.set': (p) => `${p.who} ${p.of}${S.depositAddressSet(network(p.after.network))}`,
  'member.deposit_address.clear': (p) =>
    `${p.who} ${p.of}${S.depositAddressClear(network(p.after.network ?? p.before.network))}`,
  'member.password.reset': (p) => `${p.who} ${p.of}${S.secretReset(secret('password'))}`,
  'member.second_password.reset': (p) => `${p.who} ${p.of}${S.secretReset(secret('second_password'))}`,
  'member.recovery.send': (p) => `${p.who} ${p.to}${S.recoverySend(secret(p.after.secret))}`,
  'member.password.recovered': (p) => `${p.who} ${S.recovered(secret('password'))}`,
  'member.second_password.recovered': (p) => `${p.who} ${S.recovered(secret('second_password'))}`,
  'member.delete': (p) => `${p.who} ${S.memberObject(p.member)} ${S.deleted}`,
  'lock.create': (p) => `${p.who} ${p.of}${S.lockCreate(lockAmount(p.after))}`,
  'lock.update': (p) => `${p.who} ${p.of}${S.lockUpdate(lockAmount(p.after))}`,
  'lock.delete': (p) => `${p.who} ${p.of}${S.lockDelete(lockAmount(p.before))}`,
  'notice.create': (p) => `${p.who} ${notice(p)} ${S.created}`,
  'notice.update': (p) => `${p.who} ${notice(p)} ${S.updated}`,
  'notice.delete': (p) => `${p.who} ${notice(p)} ${S.deleted}`,
  'member.withdrawal_address.registered': (p) => `${p.who} ${S.addressRegistered(network(p.after.network))}`,
  'member.withdrawal_address.deleted': (p) => `${p.who} ${S.addressDeleted(network(p.before.network))}`,
  'proposal.confirm': (p) =>
    `${p.who} ${S.proposalOf(str(p.after.proposed_by), proposalKind(p.after))} ${
      S.confirmedBy[str(obj(p.after.step_up).by)] ?? S.confirmed
    }`,
  'proposal.refuse': (p) =>
    `${p.who} ${S.proposalOf(str(obj(p.after.refusal).proposed_by), proposalKind(p.after))} ${S.refused}`,
  'proposal.withdraw': (p) => `${p.who} ${S.proposal(proposalKind(p.after))} ${S.withdrawn}`,
  'records.export': (p) =>
    `${p.who} ${S.exported(MSG.deskRecords.exports.kinds[str(p.after.export) as 'audit'] ?? str(p.after.export))}`,
};

/** Whether the server writes (or once wrote) this kind: a kind the desk has a sentence for. */
export const hasSentence = (action: string): action is keyof typeof SENTENCES =>
  Object.hasOwn(SENTENCES, action);

/** Members act on their own account (sign-up, recovery, profile); the rest are administrators or the system. */
const MEMBER_ACTIONS = new Set<string>(MEMBER_AUDIT_ACTIONS);

function who(e: SentenceEntry, after: Obj): string {
  const approval = obj(after.approval);
  if (str(approval.proposed_by) && str(approval.confirmed_by))
    return S.pair(str(approval.proposed_by), str(approval.confirmed_by));
  const name = e.actor_username ?? '';
  if (!e.actor_id) return name ? S.systemNamed(name) : S.system;
  return MEMBER_ACTIONS.has(e.action) ? S.member(name) : S.admin(name);
}

/** The entry as one sentence; a kind the desk does not know reads as its Korean name, never its key. */
export function auditSentence(e: SentenceEntry): string {
  const before = obj(e.before);
  const after = obj(e.after);
  const member = e.member_username ?? '';
  const parts: Parts = {
    who: who(e, after),
    of: member ? S.of(member) : '',
    to: member ? S.to(member) : '',
    member,
    before,
    after,
  };
  return hasSentence(e.action)
    ? SENTENCES[e.action](parts)
    : `${parts.who} ${S.other(actionLabel(e.action))}`;
}
