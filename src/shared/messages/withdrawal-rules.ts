import { CORE_MESSAGES } from './core';

/** Withdrawal safety rules: address book, delays, daily limits, travel rule. */
export const WITHDRAWAL_RULE_MESSAGES = {
  wrules: {
    // The address book.
    bookTitle: '출금 주소록',
    listTitle: '등록된 주소',
    bookEmpty: '등록된 출금 주소가 없어요. 외부 전송은 등록한 주소로만 할 수 있어요.',
    registerTitle: '새 출금 주소 등록',
    registerSubmit: '주소 등록',
    registered: '출금 주소를 등록했어요.',
    deleted: '출금 주소를 삭제했어요.',
    deleteButton: '삭제',
    cancelButton: '취소',
    deleteConfirm: (label: string) => `'${label}' 주소를 삭제할까요? 삭제한 주소로는 바로 출금할 수 없어요.`,
    labelLabel: '주소 별칭',
    labelPlaceholder: '예: 내 업비트 지갑',
    labelRequired: '주소 별칭을 입력해 주세요.',
    labelTooLong: '주소 별칭은 40자 이내로 입력해 주세요.',
    walletKindLabel: '지갑 종류',
    walletOwn: '본인 개인 지갑',
    walletExchange: '거래소 지갑',
    walletKindInvalid: '지갑 종류를 선택해 주세요.',
    exchangeLabel: '거래소',
    exchangeRequired: '거래소를 선택해 주세요.',
    exchangeOnlyForExchange: '거래소는 거래소 지갑일 때만 선택해요.',
    secondPasswordLabel: '2차 비밀번호',
    secondPasswordHelp: '주소 등록에는 2차 비밀번호(숫자 4~6자리)가 필요해요.',
    secondPasswordRequired: CORE_MESSAGES.secondFactor.required,
    secondPasswordWrong: (attemptsLeft: number) =>
      `2차 비밀번호가 일치하지 않아요. 입력 기회가 ${attemptsLeft}번 남았어요.`,
    delayNotice: (hours: number) =>
      hours > 0
        ? `새로 등록한 주소는 등록 후 ${hours}시간이 지나야 출금에 쓸 수 있어요. (피싱·계정 도용 피해 예방)`
        : '새로 등록한 주소는 바로 출금에 쓸 수 있어요.',
    usableNow: '사용 가능',
    usableFrom: (kst: string) => `${kst}부터 사용 가능`,
    duplicate: '이미 등록된 주소예요.',
    notFound: '출금 주소를 찾을 수 없어요. 주소록에서 다시 선택해 주세요.',
    deletedAddress: '삭제된 출금 주소예요. 주소록에서 다른 주소를 선택해 주세요.',
    wrongNetwork: (currency: string) => `이 주소의 네트워크로는 ${currency}를 출금할 수 없어요.`,
    notRegistered: '출금 주소록에 등록된 주소로만 외부 전송을 할 수 있어요. 주소를 먼저 등록해 주세요.',
    waiting: (kst: string) => `[출금 주소 대기 시간] 새로 등록한 주소는 ${kst}부터 출금에 쓸 수 있어요.`,
    xrpExchangeNoTag:
      '거래소 XRP 주소로는 데스티네이션 태그 없이 보낼 수 없어요. 거래소 입금 화면의 태그와 함께 주소를 다시 등록해 주세요.',
    xrpNoTagConfirm: '태그 없이 보내려면 거래소가 아닌 본인 지갑인지 확인해 주세요.',
    tooMany: '출금 주소는 50개까지 등록할 수 있어요. 쓰지 않는 주소를 삭제해 주세요.',
    // The delay after a KRW deposit.
    krwDepositHoldHours: (hours: number, kst: string) =>
      `[원화 입금 후 출금 지연] 첫 원화 입금 후 ${hours}시간 동안은 외부 지갑으로 암호화폐를 출금할 수 없어요. ${kst}부터 출금할 수 있어요. (보이스피싱 예방)`,
    krwDepositHeldValue: (held: string, kst: string, free: string) =>
      `[원화 입금 후 출금 지연] 최근 원화 입금액 ${held}원만큼은 ${kst}까지 외부 출금과 내부 전송에 쓸 수 없어요. 지금 보낼 수 있는 금액은 원화 환산 ${free}원까지예요. (보이스피싱 예방)`,
    // Daily limits.
    dailyLimitCrypto: (left: string, kst: string | null) =>
      `[1일 출금 한도] 암호화폐 출금은 24시간 동안 원화 환산 한도 안에서만 할 수 있어요. 지금 남은 한도는 ${left}원이에요.${kst ? ` ${kst}부터 한도가 다시 늘어나요.` : ''}`,
    dailyLimitKrw: (left: string, kst: string | null) =>
      `[1일 출금 한도] 원화 출금은 24시간 동안 한도 안에서만 할 수 있어요. 지금 남은 한도는 ${left}원이에요.${kst ? ` ${kst}부터 한도가 다시 늘어나요.` : ''}`,
    // The daily limit above the withdrawal form, as two label–value rows: what is left, and the limit.
    limitLeftLabel: '남은 출금 한도',
    limitKrwLabel: '1일 한도 (24시간 기준)',
    limitCryptoLabel: '1일 한도 (24시간, 원화 환산)',
    // Travel rule.
    travelTitle: '트래블룰 정보 (특정금융정보법)',
    travelNotice: (threshold: string) =>
      `원화 환산 ${threshold}원 이상 외부 출금은 특정금융정보법(트래블룰)에 따라 받는 분의 이름과 받는 거래소를 입력해야 해요.`,
    travelNameLabel: '받는 분 이름 (실명)',
    travelNameRequired: (threshold: string) =>
      `[트래블룰] 원화 환산 ${threshold}원 이상 출금은 받는 분의 실명을 입력해야 해요.`,
    travelNameTooLong: '받는 분 이름은 100자 이내로 입력해 주세요.',
    travelExchangeLabel: '받는 곳',
    travelExchangeRequired: (threshold: string) =>
      `[트래블룰] 원화 환산 ${threshold}원 이상 출금은 받는 거래소 또는 개인 지갑을 선택해야 해요.`,
    travelExchangeInvalid: '받는 곳을 목록에서 선택해 주세요.',
    travelDeclareLabel: '받는 주소는 본인 또는 받는 분이 직접 관리하는 개인 지갑이에요.',
    travelDeclareRequired: '[트래블룰] 개인 지갑으로 보낼 때는 개인 지갑 확인란에 체크해야 해요.',
    personalWallet: '개인 지갑',
    travelFromBook: (name: string, wallet: string) =>
      `받는 분 ${name} · ${wallet} (출금 주소록에 등록한 정보)`,
    travelExchangeFromBook: (exchange: string) => `받는 곳: ${exchange} (출금 주소록에 등록한 정보)`,
    // The asset page and the limits card.
    nowLabel: '지금 출금 가능',
    nowHelp: '잔액, 출금 대기·잠금, 1일 한도와 원화 입금 후 지연을 모두 반영한 외부 출금 가능 수량이에요.',
    holdUntil: (kst: string) => `원화 입금 후 출금 지연: ${kst}까지 외부 출금 불가`,
    loadFailed: '출금 규칙을 불러오지 못했어요.',
    // Administrator: a member's own daily limits.
    adminLimitsTitle: '1일 출금 한도',
    adminLimitCrypto: '암호화폐 (원화 환산)',
    adminLimitKrw: '원화',
    adminLimitDefault: (v: string) => `기본값 ${v}원`,
    adminLimitPlaceholder: '비우면 기본값',
    adminLimitInvalid: '한도는 0 이상의 정수(원)로 입력해주세요.',
    adminLimitsSave: '한도 저장',
    adminLimitsSaved: '출금 한도를 저장했습니다.',
    adminTravelRule: (name: string, exchange: string) => `트래블룰: ${name} · ${exchange}`,
    adminTravelPersonal: '개인 지갑 (확인함)',
  },
} as const;
