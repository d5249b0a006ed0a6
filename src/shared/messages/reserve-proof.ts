/**
 * The proof of reserves that anyone and each member can check (decision 0450): the public page, the
 * member's 자산 증명 screen and the server's answers about them. Loaded by those screens only.
 */
export const RESERVE_PROOF_MESSAGES = {
  reserveProof: {
    entry: '자산 증명',
    entrySub: '내 잔액이 공개된 총액에 들어 있는지 확인해요',
    title: '자산 증명',
    none: '아직 자산 증명 기록이 없어요. 다음 기록 후에 확인할 수 있어요.',
    loadFailed: '자산 증명을 불러오지 못했어요. 잠시 후 다시 시도해 주세요.',
    takenAt: '기록 시각',
    myBalances: '기록 시점의 내 잔액',
    commitment: '내 식별값 (commitment)',
    leaf: '내 잎 해시 (leaf)',
    path: (n: number) => `경로 (${n}단계)`,
    left: '왼쪽',
    right: '오른쪽',
    root: '공개된 루트 해시',
    totals: '공개된 회원 잔액 총액',
    checking: '브라우저에서 확인하는 중이에요…',
    verified: '검증됨: 내 잔액이 공개된 루트에 들어 있어요.',
    failed: '검증 실패: 경로가 공개된 루트와 맞지 않아요. 고객센터에 알려 주세요.',
    unsupported: '이 브라우저에서는 확인할 수 없어요 (WebCrypto 필요).',
    explain:
      '이 확인은 기록 시점의 내 잔액이 음수 잔액 없이 공개된 회원 잔액 총액에 포함됐다는 것을 증명하지만, 회사가 그만큼의 자산을 실제로 보유하는지나 다른 회원의 잔액이 맞는지는 증명하지 않아요 (보유량은 공개 페이지에서 체인 잔액과 비교해 보세요).',
    download: '증명 파일 저장 (JSON)',
    publicLink: '공개 준비금 페이지 보기',
    publicTitle: '준비금 공개',
    publicIntro:
      '회원 잔액 총액(부채)은 머클 합 트리의 루트로 공개하고, 회사 지갑의 체인 잔액과 나란히 보여 드려요. 회원은 마이페이지의 ‘자산 증명’에서 자기 잔액이 이 루트에 들어 있는지 확인할 수 있어요.',
    publicNone: '아직 공개된 기록이 없어요.',
    members: (n: number) => `회원 ${n.toLocaleString('ko-KR')}명`,
    currency: '통화',
    liabilities: '회원 잔액 총액',
    depositAddresses: '입금 주소',
    hot: '핫월렛',
    cold: '콜드월렛',
    holdings: '체인 보유량 합계',
    coldShare: '콜드 비율',
    ratio: '보유 비율',
    unknown: '확인 불가',
    earlier: '이전 기록',
  },
} as const;
