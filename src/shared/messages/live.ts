/** Live events: the stream's errors, the toasts, the administrator's pending queue. */
export const LIVE_MESSAGES = {
  live: {
    badLastEventId: '마지막 이벤트 번호(Last-Event-ID)가 올바르지 않아요.',
    tooManyStreams: '실시간 연결이 너무 많이 열려 있어요. 다른 창이나 탭을 닫고 다시 시도해 주세요.',
    serverBusy: '지금은 실시간 연결이 많아 새 연결을 열 수 없어요. 잠시 후 다시 시도해 주세요.',
    toast: {
      depositApproved: '입금 요청이 완료됐어요',
      depositRejected: '입금 요청이 거절됐어요',
      withdrawalApproved: '출금 요청이 완료됐어요',
      withdrawalRejected: '출금 요청이 거절됐어요',
      balanceChanged: '잔액이 변경됐어요',
      lockChanged: '자산 잠금이 변경됐어요',
      noticeCreated: (title: string) => `새 공지사항: ${title}`,
      newDeposit: '새 입금 요청이 도착했습니다',
      newWithdrawal: '새 출금 요청이 도착했습니다',
    },
    queue: {
      title: '대기 중인 요청',
      empty: '대기 중인 요청이 없습니다.',
      kindDeposit: '입금',
      kindWithdrawal: '출금',
      columns: {
        member: '회원',
        kind: '종류',
        amount: '금액',
        krw: '원화 환산',
        age: '대기 시간',
      },
      decidedBy: (by: string, status: string) => `${by}님이 ${status}했습니다`,
      approved: '승인',
      rejected: '거절',
      ageMinutes: (m: number) =>
        m < 1 ? '방금' : m < 60 ? `${m}분` : `${Math.floor(m / 60)}시간 ${m % 60}분`,
      offline: '실시간 연결이 끊겨 30초마다 새로고침합니다.',
    },
  },
} as const;
