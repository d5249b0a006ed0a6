/** Payouts of approved external withdrawals: what the desk and the member read. */
export const PAYOUT_MESSAGES = {
  payouts: {
    processing: '출금 처리 중',
    completed: '출금 완료',
    notFound: '출금 요청을 찾을 수 없습니다.',
    notPayable: '승인된 외부 출금만 지급 TXID를 기록할 수 있습니다.',
    alreadyRecorded:
      '이 출금에는 이미 체인 확인 중인 지급 TXID가 있습니다. 잘못 기록했다면 TXID 정정을 요청해 주세요 (다른 관리자의 확인 후 적용).',
    alreadyConfirmed: '체인에서 확인이 끝난 지급입니다. TXID를 바꿀 수 없습니다.',
    txidUsed: '이미 다른 출금의 지급에 쓰인 TXID입니다.',
    txidBefore:
      '이 출금에 이미 기록되었다가 틀린 것으로 처리된 TXID입니다. 실제로 지급한 거래의 TXID를 입력해 주세요.',
    // Correcting a standing TXID (two administrators).
    correctNothing: '정정할 TXID가 없습니다. 체인 확인 중인 TXID가 있을 때만 정정할 수 있습니다.',
    correctSame: '지금 기록된 TXID와 같습니다.',
    correctPending: '이 출금에는 이미 확인을 기다리는 TXID 정정 제안이 있습니다.',
    correctChanged:
      '제안 이후 이 지급의 상태가 바뀌어 적용할 수 없습니다 (체인에서 확인되었거나 틀린 것으로 판정됨). 지급 목록을 다시 확인해 주세요.',
    correctLine: (before: string, after: string) => `지급 TXID 정정: ${before} → ${after}`,
    correctedDetail: '다른 관리자의 확인을 거쳐 정정됨',
    // Sending a payout back to the signing batch (two administrators).
    returnLive:
      '체인 확인 중이거나 확인이 끝난 TXID가 있는 지급은 배치로 돌려보낼 수 없습니다. 틀린 TXID라면 TXID 정정을 요청해 주세요.',
    returnNothing: '배치로 돌려보낼 지급이 없습니다. TXID가 기록된 적 없는 출금은 이미 배치에 있습니다.',
    returnDone: '이미 배치로 돌려보낸 지급입니다.',
    returnPending: '이 출금에는 이미 확인을 기다리는 배치 반환 제안이 있습니다.',
    returnChanged: '제안 이후 이 지급의 상태가 바뀌어 적용할 수 없습니다. 지급 목록을 다시 확인해 주세요.',
    returnLine: (txid: string) =>
      `지급 배치로 다시 보냄: 새 지급이 TXID ${txid} 를 대신함 (그 거래가 실제로 지급되지 않았는지 확인 필요)`,
    reasonRequired: '정정 사유를 입력해 주세요.',
    reasonTooLong: '사유는 200자 이하로 입력해 주세요.',
    // The checker's verdicts.
    notFoundInTime: (hours: number) => `기록 후 ${hours}시간 안에 체인에서 찾지 못한 TXID`,
    notFoundYet: '트랜잭션 없음',
    txidInvalid: (network: string) =>
      network === 'ERC20'
        ? 'TXID는 0x로 시작하는 64자리 16진수여야 합니다.'
        : 'TXID는 64자리 16진수여야 합니다.',
    importEmpty: '가져올 지급 기록이 없습니다.',
    importTooMany: '한 번에 500건까지 가져올 수 있습니다.',
    // The desk's section.
    title: '출금 지급 (TXID 기록과 온체인 확인)',
    exportCsv: '지급 배치 내보내기 (CSV)',
    exportJson: 'JSON',
    empty: '처리할 지급이 없습니다.',
    loading: '불러오는 중…',
    recorded: '확인 중',
    mismatch: '불일치',
    overdue: '기한 넘김',
    txidLabel: (id: string) => `지급 TXID (${id.slice(0, 8)})`,
    record: '기록',
    recordedOk: 'TXID를 기록했습니다. 체인에서 확인되면 출금 완료가 됩니다.',
    recordFailed: 'TXID 기록',
    returned: '불일치 · 배치 밖',
    returnedHint:
      '체인 확인에서 틀린 것으로 판정된 TXID입니다. 지급 배치에는 다시 들어가지 않습니다. 실제 지급의 TXID를 기록하거나, 지급되지 않았음을 확인한 뒤 배치로 다시 보내세요 (다른 관리자의 확인 필요).',
    correct: 'TXID 정정 요청',
    correctTxidLabel: (id: string) => `정정할 TXID (${id.slice(0, 8)})`,
    correctReasonLabel: (id: string) => `정정 사유 (${id.slice(0, 8)})`,
    correctProposed: 'TXID 정정을 제안했습니다. 다른 관리자가 확인하면 바뀝니다.',
    correctFailed: 'TXID 정정 요청',
    correctionWaiting: '정정 확인 대기',
  },
} as const;
