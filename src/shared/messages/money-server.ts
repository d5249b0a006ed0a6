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
  /** The member's TXID claim of an XRP payment, refused when the ledger does not back it (decision 0362). */
  xrpClaim: {
    unavailable: 'XRP 입금 확인 요청을 지금은 받을 수 없어요. 관리자에게 문의해 주세요.',
    ledgerDown: 'XRP 원장을 지금 확인할 수 없어요. 잠시 후 다시 시도해 주세요.',
    tooMany: 'XRP 입금 확인 요청이 너무 많아요. 잠시 후 다시 시도해 주세요.',
    notFound: 'XRP 원장에서 이 거래를 찾을 수 없어요. 거래 해시를 다시 확인해 주세요.',
    unvalidated: '아직 확정되지 않은 거래예요. 잠시 후 다시 요청해 주세요.',
    notPayment: 'XRP를 보낸 거래가 아니에요. 거래 해시를 다시 확인해 주세요.',
    failed: '실패한 거래라 입금된 XRP가 없어요.',
    notToService: '서비스의 XRP 입금 주소로 보낸 거래가 아니에요.',
    otherTag: '다른 회원의 데스티네이션 태그로 보낸 거래라 신청할 수 없어요.',
    amountDiffers: '보낸 수량이 거래에 기록된 수량과 달라요.',
    senderDiffers: '보낸 지갑 주소가 거래를 보낸 주소와 달라요.',
  },
  idempotency: {
    keyInvalid: '요청 키(Idempotency-Key) 형식이 올바르지 않아요.',
    keyConflict: '같은 요청 키로 다른 내용의 요청이 이미 처리됐어요. 새로 시도해 주세요.',
  },
} as const;
