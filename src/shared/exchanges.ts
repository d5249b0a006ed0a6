/**
 * Where an address in the withdrawal address book lives, and the receiving side of the travel rule
 * (decision 0158): Korean exchanges reported to the FIU, well-known foreign ones, and 기타.
 */
export const EXCHANGES = [
  { code: 'upbit', name: '업비트 (Upbit)', korean: true },
  { code: 'bithumb', name: '빗썸 (Bithumb)', korean: true },
  { code: 'coinone', name: '코인원 (Coinone)', korean: true },
  { code: 'korbit', name: '코빗 (Korbit)', korean: true },
  { code: 'gopax', name: '고팍스 (GOPAX)', korean: true },
  { code: 'binance', name: '바이낸스 (Binance)', korean: false },
  { code: 'coinbase', name: '코인베이스 (Coinbase)', korean: false },
  { code: 'okx', name: 'OKX', korean: false },
  { code: 'bybit', name: '바이비트 (Bybit)', korean: false },
  { code: 'kraken', name: '크라켄 (Kraken)', korean: false },
  { code: 'other', name: '기타', korean: false },
] as const;
export type ExchangeCode = (typeof EXCHANGES)[number]['code'];
export const EXCHANGE_CODES = EXCHANGES.map((e) => e.code) as [ExchangeCode, ...ExchangeCode[]];

/** The travel rule's receiving side: an exchange of the list, or a personal wallet (with a declaration). */
export const TRAVEL_DESTINATIONS = [...EXCHANGE_CODES, 'personal'] as const;

export function exchangeName(code: string | null | undefined): string {
  if (code === 'personal') return '개인 지갑';
  return EXCHANGES.find((e) => e.code === code)?.name ?? code ?? '';
}
