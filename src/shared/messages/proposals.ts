/** Two-person approval (decision 0160): proposals, their list, administrator roles. */
export const PROPOSAL_MESSAGES = {
  proposals: {
    proposed: '제안되었습니다 — 다른 관리자가 승인해야 적용됩니다.',
    applied: '승인되어 적용되었습니다.',
    refused: '제안을 반려했습니다.',
    withdrawn: '제안을 철회했습니다.',
    notFound: '제안을 찾을 수 없습니다.',
    selfConfirm: '직접 올린 제안은 승인할 수 없습니다. 다른 관리자가 승인해야 합니다.',
    proposerGone:
      '제안한 관리자가 더 이상 관리자가 아니어서 이 제안은 승인할 수 없습니다. 새로 제안해 주세요.',
    alreadyApplied: '이미 승인되어 적용된 제안입니다.',
    alreadyCancelled: '이미 반려되었거나 철회된 제안입니다.',
    confirming: '이 제안은 지금 다른 승인 요청이 처리하고 있습니다. 잠시 후 제안의 상태를 확인해 주세요.',
    expired: (hours: number) =>
      `유효 시간(${hours}시간)이 지나 만료된 제안입니다. 필요하면 새로 제안해 주세요.`,
    staleBalances: (changes: string) =>
      `제안 이후 잔액이 바뀌어 승인할 수 없습니다 (${changes}). 이 제안을 취소하고 현재 잔액을 기준으로 새로 제안해 주세요.`,
    staleBalanceItem: (currency: string, basis: string, now: string) =>
      `${currency}: 제안 시 ${basis} → 현재 ${now}`,
    payoutPending:
      '이 출금에는 이미 승인 대기 중인 제안이 있습니다. 승인 대기 제안 목록에서 승인하거나 취소해 주세요.',
    lockChanged: '제안 이후 이 잠금이 수정되어 적용할 수 없습니다. 이 제안을 취소하고 새로 제안해 주세요.',
    lockGone: '제안 이후 이 잠금이 삭제되어 적용할 수 없습니다.',
    depositPending:
      '이 입금에는 이미 승인 대기 중인 제안이 있습니다. 승인 대기 제안 목록에서 승인하거나 취소해 주세요.',
    otpToPropose:
      '2인 승인 제안을 올리려면 먼저 일회용 비밀번호(OTP)를 등록해야 합니다. 내 정보에서 OTP를 등록해 주세요.',
    otpToConfirm:
      '제안을 승인하려면 먼저 일회용 비밀번호(OTP)를 등록해야 합니다. 내 정보에서 OTP를 등록해 주세요.',
    refuseReasonRequired: '반려 사유를 입력해 주세요. 제안한 관리자와 감사 기록에 남습니다.',
    reasonInvalid: '사유는 글자로 입력해 주세요.',
    reasonTooLong: (max: number) => `사유는 ${max}자 이하로 입력해 주세요.`,
    aboutYou: '자신의 계정에 관한 제안은 승인할 수 없습니다. 다른 관리자가 승인해야 합니다.',
    // What each new kind does, line by line.
    depositLine: (currency: string, amount: string, krw: string) =>
      `입금 ${currency} ${amount} (약 ${krw}원)`,
    totalsLine: (memberKrw: string, adminKrw: string) =>
      `최근 24시간 누계: 회원 ${memberKrw}원, 승인 관리자 ${adminKrw}원`,
    adjustLine: (currency: string, delta: string, before: string, after: string) =>
      `${currency} ${delta} (${before} → ${after})`,
    reasonLine: (reason: string) => `사유: ${reason}`,
    addressSetLine: (network: string, before: string | null, after: string) =>
      `${network} 입금 주소: ${before ?? '없음'} → ${after}`,
    addressClearLine: (network: string, before: string) => `${network} 입금 주소 삭제: ${before}`,
    passwordLine: (username: string) => `로그인 비밀번호 재설정: ${username}`,
    secondPasswordLine: (username: string) => `2차 비밀번호 재설정: ${username}`,
    limitsLine: (label: string, before: string, after: string) => `${label}: ${before} → ${after}`,
    limitCrypto: '가상자산 1일 출금 한도',
    limitKrw: '원화 1일 출금 한도',
    limitDefault: '기본값',
    // Administrator roles.
    alreadyAdmin: '이미 관리자인 회원입니다.',
    notAdmin: '관리자가 아닌 회원입니다.',
    lastAdmin: '마지막 관리자의 권한은 회수할 수 없습니다. 다른 관리자가 한 명 이상 있어야 합니다.',
    roleGrant: '관리자 권한 부여',
    roleRevoke: '관리자 권한 회수',
    roleProposeGrant: '관리자 권한 부여 제안',
    roleProposeRevoke: '관리자 권한 회수 제안',
    roleTitle: '관리자 권한',
    roleIsAdmin: '이 회원은 관리자입니다.',
    roleIsMember: '이 회원은 일반 회원입니다.',
    roleHint: '권한 변경은 다른 관리자가 승인해야 적용됩니다.',
    // What each kind does, for the list.
    kinds: {
      'balances.set': '잔액 수정',
      'lock.create': '자산 잠금 추가',
      'lock.update': '자산 잠금 수정',
      'lock.delete': '자산 잠금 삭제',
      'withdrawal.approve': '고액 출금 승인',
      'deposit.approve': '고액 입금 승인',
      'balance.adjust': '잔액 조정',
      'deposit_address.set': '입금 주소 배정',
      'deposit_address.clear': '입금 주소 삭제',
      'password.reset': '관리자 비밀번호 재설정',
      'second_password.reset': '관리자 2차 비밀번호 재설정',
      'withdrawal_limits.set': '1일 출금 한도 변경',
      'receiving_account.set': '원화 입금 계좌 변경',
      'totp.reset': '관리자 OTP 초기화',
      'admin.grant': '관리자 권한 부여',
      'admin.revoke': '관리자 권한 회수',
      'bank_account.save': '출금 계좌 저장(인증)',
      'bank_account.verify': '출금 계좌 인증',
      'payout.correct': '지급 TXID 정정',
      'member.recovery': '회원 비밀번호 복구 메일',
      'notice.publish': '공지 게시',
      'payout.return': '지급 배치로 다시 보냄',
    } as Record<string, string>,
    statuses: {
      pending: '승인 대기',
      applied: '적용됨',
      cancelled: '취소됨',
      expired: '만료됨',
    } as Record<string, string>,
    /** A cancelled proposal: refused by another administrator, or withdrawn by its proposer. */
    refusedStatus: '반려됨',
    withdrawnStatus: '철회됨',
    // The list.
    tab: '승인 대기 제안',
    title: '승인 대기 제안',
    intro:
      '잔액 조정, 자산 잠금 변경, 고액 입출금, 입금 주소, 관리자 계정·권한, 출금 한도 변경은 다른 관리자가 승인해야 적용됩니다.',
    empty: '승인을 기다리는 제안이 없습니다.',
    member: '대상 회원',
    proposedBy: '제안한 관리자',
    proposedAt: '제안 시각',
    expiresAt: '만료 시각',
    decidedBy: '처리한 관리자',
    confirm: '확인',
    refuse: '반려',
    withdraw: '철회',
    confirmTitle: '제안 확인',
    confirmBody: '확인하면 이 제안이 바로 적용됩니다.',
    otpLabel: '지금 OTP 앱에 표시된 인증 코드',
    refuseTitle: '제안 반려',
    refuseBody: '반려한 제안은 다시 확인할 수 없습니다. 사유는 제안한 관리자와 감사 기록에 남습니다.',
    refuseReasonLabel: '반려 사유 (필수)',
    withdrawTitle: '제안 철회',
    withdrawBody: '철회한 제안은 다시 확인할 수 없습니다.',
    withdrawReasonLabel: '철회 사유 (선택)',
    reasonPlaceholder: '예: 금액이 요청과 다름',
    decisionReason: '사유',
    yours: '내가 올린 제안 — 다른 관리자의 확인을 기다립니다',
    failedConfirm: '제안 확인 실패',
    failedRefuse: '제안 반려 실패',
    failedWithdraw: '제안 철회 실패',
    roleFailed: '관리자 권한 변경 제안 실패',
    loadFailed: '제안 목록 불러오기 실패',
    recent: '최근 처리된 제안',
    // Detail lines.
    balanceLine: (currency: string, before: string, after: string) => `${currency}: ${before} → ${after}`,
    lockLine: (currency: string, amount: string, from: string, to: string) =>
      `${currency} ${amount} 잠금 (${from} ~ ${to || '종료일 없음'})`,
    lockReason: (reason: string) => `사유: ${reason}`,
    lockBefore: (line: string) => `이전: ${line}`,
    lockAfter: (line: string) => `변경: ${line}`,
    payoutLine: (currency: string, amount: string, krw: string) => `${currency} ${amount} (약 ${krw}원)`,
    // The command line.
    cli: {
      usage:
        '사용법: npm run admin -- create <아이디> [--email <이메일>] [--name <이름>] [--additional]\n' +
        '  비밀번호와 2차 비밀번호는 ADMIN_PASSWORD, ADMIN_SECOND_PASSWORD 환경 변수나 입력 프롬프트로 받습니다.',
      passwordPrompt: '비밀번호: ',
      secondPrompt: '2차 비밀번호(숫자 4~6자리): ',
      badUsername: '아이디는 영문 소문자, 숫자, 밑줄(_) 4~20자여야 합니다.',
      badSecond: '2차 비밀번호는 숫자 4~6자리여야 합니다.',
      taken: '이미 사용 중인 아이디 또는 이메일입니다.',
      noInput: '비밀번호를 입력받을 수 없습니다 (터미널이 아님). ADMIN_PASSWORD 환경 변수로 전달해 주세요.',
      created: (u: string, db: string) => `관리자 계정 ${u}을(를) 만들었습니다 (${db}).`,
      stopServerFirst:
        '내장 데이터베이스는 서버를 멈춘 뒤에 관리자를 만들 수 있습니다: 서버를 종료하고 다시 실행한 다음 서버를 시작하세요. / With the embedded database, stop the server, run this again, then start the server.',
    },
  },
} as const;
