/** Payouts of approved external withdrawals: what the desk and the member read. */
export const PAYOUT_MESSAGES = {
  payouts: {
    processing: '출금 처리 중',
    completed: '출금 완료',
    notFound: '출금 요청을 찾을 수 없습니다.',
    notPayable: '승인된 외부 출금만 지급 TXID를 기록할 수 있습니다.',
    alreadyRecorded: '이 출금에는 이미 지급 TXID가 기록되어 있습니다.',
    txidUsed: '이미 다른 출금의 지급에 쓰인 TXID입니다.',
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
  },
} as const;
