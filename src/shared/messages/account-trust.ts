/**
 * The administrator's side of account recovery and of notices (decisions 0400, 0401): what a proposal
 * says, the desk's 최근 계정 복구 mark, and the refusals.
 */
export const ACCOUNT_TRUST_MESSAGES = {
  accountTrust: {
    memberSecretRefused:
      '관리자는 회원의 비밀번호나 2차 비밀번호를 정할 수 없습니다. 이메일 복구 보내기를 제안해주세요 (다른 관리자의 승인 후 회원에게 인증 코드가 갑니다).',
    recoveryLine: (username: string, what: string, email: string) =>
      `${username} 회원에게 ${what} 재설정 인증 코드를 이메일(${email})로 보냅니다`,
    recoveryNote: '보낸 뒤 30일 동안 제안하거나 승인한 관리자는 이 회원의 요청을 승인할 수 없습니다',
    passwordWord: '로그인 비밀번호',
    secondWord: '2차 비밀번호',
    recoveryTitle: '비밀번호 복구',
    recoveryNoteForm:
      '관리자는 회원의 비밀번호를 정하지 않습니다. 다른 관리자가 승인하면 회원의 이메일로 인증 코드를 보내고, 회원이 직접 새 비밀번호를 정합니다.',
    sendPassword: '비밀번호 재설정 메일 보내기 제안',
    sendSecond: '2차 비밀번호 재설정 메일 보내기 제안',
    proposed: '제안했습니다. 다른 관리자가 승인하면 회원에게 메일이 갑니다.',
    proposeFailed: '제안하지 못했습니다.',
    recentRecovery: '최근 계정 복구',
    recentRecoveryTitle: (at: string) =>
      `${at}에 계정 비밀번호가 재설정·복구되었습니다. 30일 동안은 참여한 관리자가 이 회원의 요청을 승인할 수 없습니다.`,
    noticePublishLine: '공지 게시 (회원에게 이렇게 보입니다)',
    noticeUpdateLine: '게시 중인 공지 수정 (회원에게 이렇게 보입니다)',
    noticeTitleLine: (title: string) => `제목: ${title}`,
    noticeBodyLine: (line: string) => `│ ${line}`,
    noticeChanged: '제안 뒤에 공지가 바뀌었습니다. 다시 제안해주세요.',
    noticeGone: '공지가 삭제되었습니다.',
  },
} as const;
