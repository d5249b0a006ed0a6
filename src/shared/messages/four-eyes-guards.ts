/**
 * What keeps one administrator from moving money alone through a side door (decision 0370): their own
 * requests, another administrator's account, a member's credentials or bank account, the grant of the role.
 */
export const FOUR_EYES_GUARD_MESSAGES = {
  guards: {
    ownRequest:
      '자신의 계정에 관한 입출금 승인이나 잔액 변경은 할 수 없습니다. 다른 관리자가 처리해야 합니다.',
    ownBankAccount: '자신의 출금 계좌는 관리자 화면에서 바꿀 수 없습니다. 다른 관리자가 처리해야 합니다.',
    closeAdmin:
      '관리자 계정은 바로 해지할 수 없습니다. 먼저 관리자 권한 해제를 제안하고 다른 관리자의 승인을 받은 뒤 해지해 주세요.',
    grantPending:
      '이 회원에게 관리자 권한 부여 제안이 승인 대기 중이어서 비밀번호를 바꿀 수 없습니다. 제안을 먼저 취소해 주세요.',
    grantNeedsOtp:
      '관리자 권한을 받을 회원이 먼저 본인의 일회용 비밀번호(OTP)를 등록해야 합니다. 회원이 내 정보에서 등록한 뒤 다시 제안해 주세요.',
    grantAfterReset: (days: number, until: string) =>
      `최근 ${days}일 안에 관리자가 이 회원의 비밀번호를 바꾸었습니다. 회원 본인이 비밀번호와 OTP를 직접 설정한 계정만 관리자가 될 수 있으므로 ${until} 이후에 다시 제안해 주세요.`,
    grantCredentialsChanged:
      '제안 이후 이 회원의 비밀번호, 2차 비밀번호 또는 OTP가 바뀌어 승인할 수 없습니다. 이 제안을 취소하고 새로 제안해 주세요.',
    grantLine: (otpSince: string) => `본인 OTP 등록: ${otpSince}`,
    withdrawalHold: (until: string) =>
      `비밀번호나 OTP가 재설정되어 보안을 위해 ${until}까지 출금과 회원 간 전송이 제한돼요.`,
    resetterApproves: (until: string) =>
      `이 회원의 계정 재설정이나 복구에 참여한 관리자는 ${until}까지 이 회원의 요청을 승인할 수 없습니다. 다른 관리자가 처리해야 합니다.`,
    resetAccountConfirms: (until: string) =>
      `제안한 관리자가 재설정에 참여한 계정(비밀번호, 2차 비밀번호 또는 OTP)으로는 ${until}까지 그 관리자의 제안을 승인할 수 없습니다. 다른 관리자가 승인해야 합니다.`,
    resetterConfirms: (until: string) =>
      `제안한 관리자의 계정(비밀번호, 2차 비밀번호 또는 OTP) 재설정에 참여한 관리자는 ${until}까지 그 관리자의 제안을 승인할 수 없습니다. 다른 관리자가 승인해야 합니다.`,
    bankAccountSaveLine: (before: string, after: string) => `출금 계좌: ${before} → ${after}`,
    bankAccountVerifyLine: (account: string, verified: boolean) =>
      `출금 계좌 인증 ${verified ? '완료' : '해제'}: ${account}`,
    noBankAccount: '없음',
    bankAccountChanged:
      '제안 이후 이 회원의 출금 계좌가 바뀌어 승인할 수 없습니다. 이 제안을 취소하고 새로 제안해 주세요.',
    recentBankAccountLine: '최근 24시간 안에 바뀐 계좌로 보내는 원화 출금입니다.',
    chainOverrideLine: (verdict: string) => `체인 확인 결과(${verdict})와 다르게 승인합니다.`,
    unattributedLine:
      '체인에는 도착했지만 회원의 주소(또는 태그)로 배정 이후 들어온 것이 확인되지 않은 입금입니다. 회원의 신청만으로 주인을 정합니다.',
    cliAdditionalRequired: (n: number) =>
      `이미 관리자가 ${n}명 있습니다. 그 이상의 관리자는 관리자 화면에서 두 관리자의 승인으로 권한을 부여하세요. 꼭 이 명령으로 만들어야 하면 --additional 을 붙여 다시 실행하세요. / ${n} administrators exist: grant the role on the admin page (two administrators), or repeat with --additional.`,
    cliAdditionalWarning:
      '주의: 두 관리자의 승인 없이 관리자를 추가했습니다. 새 관리자는 어떤 작업보다 먼저 본인의 일회용 비밀번호(OTP)를 등록해야 합니다. / Warning: added without two administrators; the new administrator must enrol a one-time code before acting.',
  },
} as const;
