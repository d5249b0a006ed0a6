/**
 * The deposit screens in the Upbit order (network → address and QR code → the deposit appears in 내역 by
 * itself), their fallbacks and their done screens, in 해요체: imported by those lazy screens only.
 */
export const DEPOSIT_SCREEN_MESSAGES = {
  depositScreen: {
    title: (currency: string) => `${currency} 입금`,
    networkLabel: '입금 네트워크',
    addressLabel: (currency: string) => `${currency} 입금 주소`,
    copyAddressAria: (currency: string) => `${currency} 입금 주소 복사`,
    copied: '입금 주소를 복사했어요.',
    qrLabel: (currency: string) => `${currency} 입금 주소 QR 코드`,
    factsLabel: '입금 안내',
    minimumLabel: '최소 입금 수량',
    minimumNone: '제한 없음',
    confirmationsLabel: '입금 반영',
    confirmations: (n: number) => `블록 확인 ${n}번 뒤 자동 반영`,
    wrongNetwork: (currency: string, network: string) =>
      `이 주소는 ${network} 전용이에요. 다른 네트워크로 보낸 ${currency}는 찾을 수 없어요.`,
    arrives: '보내면 입금 내역에 ‘입금 확인 중’으로 나타나고, 확인이 끝나면 ‘입금 완료’로 바뀌어요.',
    /** A network whose chain the server does not read: nothing to send to, nothing to claim. */
    notConnected: (currency: string, network: string) =>
      `지금은 ${network} ${currency} 입금을 받을 수 없어요.`,
    history: '입금 내역 보기',
    /** ETH: no TXID claim; ether a contract passed on, or sent without a transaction, is looked up by the desk. */
    askDeskLead: '관리자에게 확인을 요청할 수 있어요',
    askDeskIntro:
      '보낸 지 30분이 지나도 입금 내역에 없다면, 거래소나 컨트랙트 지갑이 보낸 ETH일 수 있어요. 관리자에게 TXID를 알려 주시면 확인 후 반영해요.',
    claimTitle: '입금 내역이 보이지 않나요?',
    claimLead: '보낸 거래의 TXID로 확인을 요청할 수 있어요',
    claimIntro:
      '보낸 지 30분이 지나도 입금 내역에 없을 때만 요청해 주세요. 서버가 블록체인에서 거래를 확인한 뒤 반영해요.',
    /** Done screens: what happens next, and the way to the record. */
    done: {
      claimTitle: '입금 확인을 요청했어요',
      claimBody:
        '블록체인에서 거래가 확인되면 입금 내역에 ‘입금 확인 중’으로 보이고, 확인이 끝나 승인되면 ‘입금 완료’로 바뀌어요.',
      krwTitle: '입금 신청을 받았어요',
      krwFrom: '이 계좌에서 보내 주세요',
      krwTo: '받는 계좌',
      krwBody: '받는 계좌로 입금이 확인되면 관리자가 승인해요. 영업일 기준 1일 안에 반영돼요.',
      amount: '신청 금액',
      viewHistory: '내역 보기',
      toAsset: (currency: string) => (currency === 'KRW' ? '원화 자산으로' : `${currency} 자산으로`),
    },
  },
} as const;
