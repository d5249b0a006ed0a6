import { describe, expect, it } from 'vitest';
import { MSG as SERVER_MSG } from './index';
import { MSG } from './member-flows';

/**
 * One voice on the member's screens (UX.md): polite 해요체 ("…없어요", "…해 주세요"), never 합니다체 or
 * "입력하세요", and won amounts end in 원, never "KRW" beside a number. The strings SPEC quotes in Korean
 * stay verbatim, in 합니다체; the administrator's own entries of these catalogues are the desk's voice.
 */

/** The strings SPEC quotes verbatim (kept as SPEC writes them, whatever the voice around them). */
const SPEC_VERBATIM = new Set([
  '오류가 발생했습니다. 다시 시도해주세요.',
  '로그인이 필요합니다.',
  '잔액 정보를 불러오는 중 오류가 발생했습니다.',
  '주소 복사에 실패했습니다.',
  '입금 주소가 복사되었습니다.',
  '입금 주소를 사용할 수 없습니다.',
  '입금 수량은 0보다 커야 합니다.',
  '올바른 입금 수량을 입력해주세요.',
  'TXID 주소를 입력해주세요.',
  '보내는 사람 지갑 주소를 입력해주세요.',
  '모든 필드를 입력해주세요.',
  '입금 신청 중 오류가 발생했습니다. 다시 시도해주세요.',
  '입금 신청 중 오류가 발생했습니다: ‹1›',
  '출금 가능한 잔액은 ‹1› ‹2› 입니다.',
  '출금 가능 금액을 확인해주세요.',
  '받는 사람 ID를 입력해주세요.',
  '받는 사람 지갑 주소를 입력해주세요.',
  '네트워크를 선택해주세요.',
  '출금 요청 처리 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  '출금 신청 중 오류가 발생했습니다: ‹1›',
  '출금 신청이 완료되었습니다. 관리자 확인 후 처리됩니다.',
  '최소 출금 금액은 10,000원 입니다.',
  '출금 가능한 잔액은 ‹1›원 입니다.',
  '은행을 선택해주세요.',
  '계좌번호를 입력해주세요.',
  '계좌 소유자 명을 입력해주세요.',
]);

/** Entries of the member catalogues that only the administrator's desk shows. */
const DESK_ONLY = [
  /(^|\.)admin[A-Z]/,
  /^live\.queue\./,
  /^live\.toast\.new(Deposit|Withdrawal)$/,
  /^authEvents\.(memberIdInvalid|kindInvalid|resultInvalid|dateInvalid|dateRangeInvalid)$/,
];

/** Every string of a catalogue with its path; a message built from values is called with ‹1›, ‹2›, … */
function strings(node: unknown, path: string): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (typeof node === 'function') {
    const args = Array.from({ length: node.length }, (_, i) => `‹${i + 1}›`);
    return strings(node(...args), path);
  }
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  }
  return [];
}

/** What breaks the voice in one string, or null. */
function voiceProblem(text: string): string | null {
  if (/\d\s*KRW\b|\bKRW\s*[‹\d]/.test(text)) return 'KRW beside an amount (write 원)';
  if (SPEC_VERBATIM.has(text)) return null;
  if (/하세요/.test(text)) return '하세요 (ask with 해 주세요)';
  if (/니다/.test(text)) return '합니다체 (write 해요체)';
  if (/해주세요/.test(text)) return '해주세요 (write 해 주세요)';
  return null;
}

const memberStrings = () => [
  ...strings(MSG, ''),
  // What the server alone sends a member: the XRP claim's refusals, the idempotency key's, the hold after
  // an account recovery.
  ...strings(
    {
      xrpClaim: SERVER_MSG.xrpClaim,
      idempotency: SERVER_MSG.idempotency,
      guards: { withdrawalHold: SERVER_MSG.guards.withdrawalHold },
    },
    '',
  ),
];

describe('the member screens speak with one voice', () => {
  it('the check itself catches 합니다체, 하세요, 해주세요 and KRW beside a number, and lets SPEC verbatim pass', () => {
    expect(voiceProblem('주소를 입력하세요.')).toMatch(/하세요/);
    expect(voiceProblem('등록된 주소가 없습니다.')).toMatch(/합니다체/);
    expect(voiceProblem('메모를 입력해주세요.')).toMatch(/해주세요/);
    expect(voiceProblem('최소 10,000 KRW')).toMatch(/KRW/);
    expect(voiceProblem('KRW ‹1›')).toMatch(/KRW/);
    expect(voiceProblem('자산: KRW, ETH')).toBeNull();
    expect(voiceProblem('등록된 주소가 없어요. 주소를 입력해 주세요.')).toBeNull();
    expect(voiceProblem('네트워크를 선택해주세요.')).toBeNull();
  });

  it('every member-facing entry of the catalogue is in 해요체 with 원 after won amounts', () => {
    const off = memberStrings()
      .filter(([path]) => !DESK_ONLY.some((r) => r.test(path)))
      .flatMap(([path, text]) => {
        const problem = voiceProblem(text);
        return problem ? [`${path}: ${problem}: ${text}`] : [];
      });
    expect(off).toEqual([]);
  });

  it('SPEC verbatim strings are still in the catalogue (a stale exemption is removed)', () => {
    const texts = new Set(memberStrings().map(([, t]) => t));
    expect([...SPEC_VERBATIM].filter((t) => !texts.has(t))).toEqual([]);
  });
});
