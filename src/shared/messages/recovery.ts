/**
 * A member recovering their own password or second password through their e-mail (decision 0400). Kept out
 * of the member catalogue: only the recovery screen loads it (the links to it are in `core.ts`).
 */
export const RECOVERY_MESSAGES = {
  recovery: {
    passwordTitle: '비밀번호 찾기',
    secondTitle: '2차 비밀번호 재설정',
    startHint: '아이디나 이메일을 입력하면 가입할 때 등록한 이메일로 인증 코드를 보내드려요.',
    identifierLabel: '아이디 또는 이메일',
    identifierPlaceholder: '아이디 또는 이메일을 입력해 주세요',
    send: '인증 코드 받기',
    sent: '입력하신 정보로 가입된 계정이 있다면 등록된 이메일로 인증 코드를 보냈어요. 15분 안에 입력해 주세요.',
    codeLabel: '인증 코드',
    codePlaceholder: '메일로 받은 6자리 숫자',
    newPasswordLabel: '새 비밀번호',
    newSecondLabel: '새 2차 비밀번호',
    confirmLabel: '새 비밀번호 확인',
    finish: '재설정하기',
    done: '재설정했어요. 새 비밀번호로 로그인해 주세요.',
    doneSecond: '2차 비밀번호를 재설정했어요. 다시 로그인해 주세요.',
    backToLogin: '로그인으로 돌아가기',
    identifierRequired: '아이디 또는 이메일을 입력해 주세요.',
    codeFormat: '메일로 받은 6자리 숫자를 입력해 주세요.',
    confirmMismatch: '새 비밀번호가 서로 달라요.',
    codeWrong: '인증 코드가 맞지 않거나 유효 시간이 지났어요. 다시 확인해 주세요.',
    tooManyAttempts: '인증 코드를 여러 번 틀렸어요. 인증 코드를 다시 받아 주세요.',
    tooManyRequests: '인증 코드를 너무 자주 요청했어요. 잠시 후 다시 시도해 주세요.',
    sendFailed: '메일을 보내지 못했어요. 잠시 후 다시 시도해 주세요.',
    unexpected: '요청을 처리하지 못했어요. 잠시 후 다시 시도해 주세요.',
    mailSubject: '[코인 월렛] 인증 코드',
    mailBody: (username: string, what: string, code: string, minutes: number) =>
      `${username}님, ${what} 재설정 인증 코드는 ${code} 예요.\n${minutes}분 안에 입력해 주세요. 요청하지 않았다면 이 메일을 무시하고 고객센터에 알려 주세요. 누구에게도 이 코드를 알려주지 마세요.`,
    doneSubject: '[코인 월렛] 비밀번호가 재설정됐어요',
    doneBody: (username: string, what: string, hours: number) =>
      `${username}님, ${what}가 재설정됐어요. 보호를 위해 출금과 이체는 ${hours}시간 동안 제한돼요.\n직접 하지 않았다면 바로 고객센터에 알려 주세요.`,
    passwordWord: '비밀번호',
    secondWord: '2차 비밀번호',
  },
} as const;
