/**
 * The desk over a working day: the confirmation window (one code per sitting), several requests approved
 * in one go, what waits for the administrator asking, the 설정 tab, and the audit log read as sentences.
 */
export const DESK_WORKDAY_MESSAGES = {
  deskWork: {
    stepUpClosed: '확인 창이 닫혔습니다. 지금의 OTP 코드를 입력해 주세요.',
    stepUpOpen: (until: string) => `확인 창이 ${until}까지 열려 있어요. 코드 없이 확인할 수 있습니다.`,
    stepUpHint: '코드 한 번으로 몇 분 동안 이 로그인에서 여러 제안을 확인할 수 있습니다.',
    otpOptional: 'OTP 코드 (확인 창이 열려 있으면 비워 두세요)',
    header: (requests: number, proposals: number) => `내 처리 대기 · 요청 ${requests}건 · 확인 ${proposals}건`,
    headerTitle: '내가 승인·거절할 수 있는 대기 요청과, 다른 관리자가 올려 내가 확인할 수 있는 제안',
    selectRow: (username: string) => `${username} 요청 선택`,
    selectAll: '승인할 수 있는 요청 모두 선택',
    bulkButton: (n: number) => `선택한 ${n}건 승인`,
    bulkSummary: (approved: number, proposed: number, refused: number) =>
      `승인 ${approved}건 · 2차 확인 요청 ${proposed}건 · 처리 못 함 ${refused}건`,
    bulkRefusedLine: (who: string, why: string) => `${who}: ${why}`,
    bulkFailed: '선택 승인',
    keyboardHint: 'j/k 또는 ↑/↓ 이동 · Enter 열기 · a 승인 · r 거절 · x 선택 · Shift+A 선택 승인',
    columns: { select: '선택', network: '네트워크', tag: '태그', txid: 'TXID' },
    drawerState: '상태',
    target: '대상',
    serviceAccount: '서비스 입금 계좌',
    targetAdmin: '대상 관리자',
    bulkInvalid: '승인할 요청을 확인해 주세요.',
    bulkEmpty: '승인할 요청을 하나 이상 선택해 주세요.',
    bulkTooMany: (n: number) => `한 번에 ${n}건까지 승인할 수 있습니다.`,
    bulkDuplicate: '같은 요청이 두 번 선택되었습니다.',
    bulkApproved: '승인했습니다.',
    bulkProposed: '기준을 넘어 다른 관리자의 확인을 기다립니다.',
  },
} as const;
