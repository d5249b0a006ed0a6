/** Messages of the mobile experience: the toasts' labels and the Korean reading of won amounts. */
export const MOBILE_MESSAGES = {
  mobile: {
    /** The toast area's name for screen readers (sonner's default is English). */
    toasts: '알림',
    closeToast: '알림 닫기',
    /** Korean units of ten thousand, from the smallest: 1만, 1억, 1조, 1경. */
    wonUnits: ['', '만', '억', '조', '경'],
    won: '원',
  },
} as const;
