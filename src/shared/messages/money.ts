/**
 * Messages of money movement: deposits, withdrawals, their approval and the history.
 * SPEC §5 and §8 quote most of them in Korean (kept verbatim); the rest are translations.
 */
export const MONEY_MESSAGES = {
  history: {
    title: (asset: string) => `${asset} 거래 내역`,
    limitNote: '최근 100건만 표시돼요.',
    filterLabel: '거래 유형',
    filterAll: '전체',
    filterDeposit: '입금',
    filterWithdraw: '출금',
    typeDeposit: '입금',
    typeWithdraw: '출금',
    statusPending: '처리중',
    statusApproved: '완료',
    /** An approved deposit's row: where "입금 확인 중 (n/m)" ends. */
    depositDone: '입금 완료',
    statusRejected: '반려',
    statusUnknown: '미확인',
    empty: '거래 내역이 없어요.',
    transferFrom: (username: string) => `${username}님으로부터 받음`,
    transferTo: (username: string) => `${username}님에게 전송`,
    adjustment: '관리자 조정',
    back: '뒤로 가기',
    typeInvalid: '거래 유형은 전체, 입금, 출금 중 하나여야 해요.',
  },
} as const;
