/** Money messages only the server sends (approvals, idempotency keys): kept out of the member screens' catalogue. */
export const MONEY_SERVER_MESSAGES = {
  approval: {
    depositNotFound: '입금 신청을 찾을 수 없습니다.',
    withdrawalNotFound: '출금 신청을 찾을 수 없습니다.',
    notPending: '이미 처리된 요청입니다. 대기 중인 요청만 승인하거나 거절할 수 있습니다.',
    recipientMissing: '받는 회원을 찾을 수 없어 승인할 수 없습니다. 요청을 거절해주세요.',
    unsupportedCurrency: '지원하지 않는 통화입니다.',
    insufficient: (requested: string, current: string) =>
      `잔액이 부족합니다. (요청: ${requested}, 현재: ${current})`,
    reasonTooLong: '사유는 200자 이하로 입력해주세요.',
  },
  idempotency: {
    keyInvalid: '요청 키(Idempotency-Key) 형식이 올바르지 않습니다.',
    keyConflict: '같은 요청 키로 다른 내용의 요청이 이미 처리되었습니다. 새로 시도해주세요.',
  },
} as const;
