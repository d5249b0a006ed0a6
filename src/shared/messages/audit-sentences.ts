import { DESK_RECORDS_MESSAGES } from './desk-records';

/**
 * The desk's audit log read as sentences, in the desk's 합니다체: who did what to whom ("kim 관리자가 lee
 * 회원의 원화 입금 50,000원을 승인했습니다."). Names stand before a fixed noun (관리자, 회원) so that no
 * particle depends on how a username is read; src/shared/audit-sentence.ts picks the particle after an amount.
 */
export const AUDIT_SENTENCE_MESSAGES = {
  auditSentence: {
    /** The one who acted. */
    admin: (name: string) => `${name} 관리자가`,
    member: (name: string) => `${name} 회원이`,
    system: '시스템이',
    systemNamed: (name: string) => `시스템(${name})이`,
    /** A confirmed proposal: both administrators. */
    pair: (proposer: string, confirmer: string) =>
      `${proposer} 관리자가 제안하고 ${confirmer} 관리자가 확인해`,
    /** Whose (an empty string when the entry names no member). */
    of: (member: string) => `${member} 회원의 `,
    to: (member: string) => `${member} 회원에게 `,
    memberObject: (member: string) => `${member} 회원을`,
    krw: '원화',
    krwDeposit: '원화 입금',
    cryptoDeposit: '가상자산 입금',
    withdrawalKinds: {
      bank: '원화 출금',
      internal: '내부 이체',
      external: '가상자산 출금',
    } as Record<string, string>,
    withdrawal: '출금',
    approved: '승인했습니다.',
    rejected: '거절했습니다.',
    /** Kinds read as the actor, the member and one fixed ending ("… lee 회원의 출금 계좌를 저장했습니다."). */
    memberEndings: {
      'member.withdrawal_limits.set': '1일 출금 한도를 바꿨습니다.',
      'member.admin.revoke': '관리자 권한을 회수했습니다.',
      'member.bank_account.save': '출금 계좌를 저장했습니다.',
      'member.bank_account.delete': '출금 계좌를 삭제했습니다.',
      'member.close': '계정을 해지했습니다.',
      'member.totp.reset': DESK_RECORDS_MESSAGES.deskRecords.security.otpResetDone,
      'withdrawal.payout.record': '출금 송금 TXID를 기록했습니다.',
      'withdrawal.payout.correct': '출금 송금 TXID를 정정했습니다.',
      'withdrawal.payout.mismatch': '출금 송금 TXID가 체인 기록과 맞지 않는다고 판정했습니다.',
      'withdrawal.payout.return': '출금 건을 지급 배치로 다시 보냈습니다.',
    },
    /** A member's own changes: the member and one fixed ending ("lee 회원이 이메일 주소를 바꿨습니다."). */
    ownEndings: {
      'member.email_changed': '이메일 주소를 바꿨습니다.',
      'member.password_changed': '비밀번호를 바꿨습니다.',
      'member.second_password_changed': '2차 비밀번호를 바꿨습니다.',
      'member.second_password_set': '2차 비밀번호를 설정했습니다.',
    },
    balancesSet: (currencies: string) => `자산(${currencies})을 수정했습니다.`,
    balancesSetNone: '자산을 수정했습니다.',
    raised: '늘렸습니다.',
    lowered: '줄였습니다.',
    balance: (asset: string) => `${asset} 잔액을`,
    adminGrant: '관리자 권한을 부여했습니다.',
    adminCreate: (username: string) => `${username} 관리자 계정을 만들었습니다.`,
    bankVerified: '출금 계좌를 인증했습니다.',
    bankUnverified: '출금 계좌 인증을 해제했습니다.',
    receivingSet: '서비스 입금 계좌를 바꿨습니다.',
    receivingCleared: '서비스 입금 계좌를 지웠습니다.',
    depositAddressSet: (network: string) => `${network} 입금 주소를 배정했습니다.`,
    depositAddressClear: (network: string) => `${network} 입금 주소를 삭제했습니다.`,
    secrets: { password: '비밀번호', second_password: '2차 비밀번호' } as Record<string, string>,
    secretReset: (secret: string) => `${secret}를 초기화했습니다.`,
    recoverySend: (secret: string) => `${secret} 복구 메일을 보냈습니다.`,
    recovered: (secret: string) => `이메일 확인으로 ${secret}를 다시 설정했습니다.`,
    deleted: '삭제했습니다.',
    lockCreate: (amount: string) => `${amount} 잠금을 추가했습니다.`,
    lockUpdate: (amount: string) => `${amount} 잠금을 수정했습니다.`,
    lockDelete: (amount: string) => `${amount} 잠금을 해제했습니다.`,
    lockNone: '자산',
    notice: (title: string) => `「${title}」 공지를`,
    created: '등록했습니다.',
    updated: '수정했습니다.',
    addressRegistered: (network: string) => `${network} 출금 주소를 등록했습니다.`,
    addressDeleted: (network: string) => `${network} 출금 주소를 삭제했습니다.`,
    proposal: (kind: string) => `${kind} 제안을`,
    proposalOf: (proposer: string, kind: string) => `${proposer} 관리자의 ${kind} 제안을`,
    otherProposal: '2인 승인',
    confirmedBy: { code: 'OTP 코드로 확인했습니다.', window: '열린 확인 창에서 확인했습니다.' } as Record<
      string,
      string
    >,
    confirmed: '확인했습니다.',
    refused: '반려했습니다.',
    withdrawn: '철회했습니다.',
    exported: (what: string) => `${what} CSV를 내보냈습니다.`,
    other: (action: string) => `${action} 기록을 남겼습니다.`,
    /** Detail fields and values the older catalogues do not name (the log never shows a key). */
    fields: {
      secret: '대상',
      sent_to: '보낸 주소',
      replaces_txid: '다시 보낼 거래 ID',
      usable_at: '사용 가능 시각',
      kept: '보존한 기록',
      masked: '가린 개인정보',
      removed: '지운 항목',
      export: '내보낸 자료',
    } as Record<string, string>,
    values: {
      password: '비밀번호',
      second_password: '2차 비밀번호',
      active: '이용 중',
      closed: '해지',
      mismatch: '불일치',
      'username (reserved: nobody can register it again)': '아이디(다시 가입에 쓸 수 없음)',
      ledger_entries: '원장',
      deposits: '입금 요청',
      withdrawals: '출금 요청',
      asset_locks: '자산 잠금',
      balances: '잔액',
      audit_log: '감사 로그',
      auth_events: '로그인 기록',
      'bank_accounts.bank_name': '출금 계좌 은행',
      'deposit_address (reserved: a late deposit to it still identifies this account)':
        '입금 주소(늦게 도착한 입금도 이 계정으로 확인)',
      full_name: '이름',
      email: '이메일',
      contact: '연락처',
      'bank_accounts.account_number': '계좌번호',
      'bank_accounts.account_holder': '예금주',
      sessions: '로그인 세션',
      'email_changes (pending email changes)': '진행 중인 이메일 변경',
    } as Record<string, string>,
  },
} as const;
