/** Deposits checked on chain: what the administrator and the member read. */
export const CHAIN_MESSAGES = {
  chain: {
    verdict: {
      unchecked: '확인 전',
      waiting: (n: number | null, m: number) => `확인 대기 (${n ?? 0}/${m})`,
      match: (n: number | null) => `일치 (${n ?? 0} 컨펌)`,
      amount_mismatch: '금액 불일치',
      address_mismatch: '주소 불일치',
      not_found: '트랜잭션 없음',
      failed: '실패한 트랜잭션',
      txid_used: '이미 사용된 TXID',
    },
    foundOnChain: '블록체인에서 발견',
    chainAmount: (amount: string) => `체인 금액 ${amount} USDT`,
    chainTo: (address: string) => `받은 주소 ${address}`,
    off: '체인 확인 꺼짐: 블록체인 조회 서버가 연결되지 않아 입금은 수동으로 확인해 주세요.',
    partlyOff: (networks: string) => `체인 확인 꺼짐: ${networks} (수동 확인)`,
    on: (networks: string) => `체인 확인 켜짐: ${networks}`,
    autoApprove: '일치한 입금은 자동 승인됩니다.',
    memberWaiting: (n: number, m: number) => `입금 확인 중 (${n}/${m})`,
    /** Approving a deposit whose verdict is not 일치. */
    overrideTitle: '체인 확인과 다른 입금 승인',
    overrideBody: (verdict: string) =>
      `체인 확인 결과가 '${verdict}'입니다. 그래도 승인하려면 사유를 적고 한 번 더 확인해 주세요.`,
    overrideReasonLabel: '승인 사유',
    overrideConfirm: '그래도 승인',
    overrideRequired: '체인 확인 결과가 일치가 아닌 입금은 사유와 함께 한 번 더 확인해야 승인됩니다.',
    overrideReasonRequired: '승인 사유를 입력해 주세요.',
  },
} as const;
