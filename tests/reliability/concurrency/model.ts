import type { BalanceCurrency } from '../../../src/shared/constants';
import { D, type Dec, ZERO } from '../../../src/shared/decimal';
import type { Rng } from '../cluster';

/** How often each operation of the workload is drawn (weights of the seeded plan). */
export const WEIGHTS = {
  krwDeposit: 8,
  usdtDeposit: 5,
  txidRace: 1,
  krwWithdrawal: 7,
  cryptoWithdrawal: 7,
  wrongNetwork: 1,
  internalTransfer: 7,
  idempotentRetry: 3,
  decideDeposit: 10,
  raceDeposit: 3,
  decideWithdrawal: 11,
  raceWithdrawal: 3,
  setBalances: 4,
  staleSetBalances: 1,
  lockCreate: 3,
  lockUpdate: 2,
  lockDelete: 2,
  lockDeleteRace: 1,
  confirmRace: 1,
  readBalances: 4,
  flood: 1,
  addressBook: 2,
  readRules: 1,
} as const;
export type Kind = keyof typeof WEIGHTS;

/** Decimals used for generated amounts and balances, per currency. */
export const DECIMALS: Record<BalanceCurrency, number> = { KRW: 0, USDT: 2, ETH: 6, XRP: 4 };
export const START: Record<BalanceCurrency, string> = {
  KRW: '1500000',
  USDT: '1500',
  ETH: '15',
  XRP: '5000',
};
export const CRYPTO = ['USDT', 'ETH', 'XRP'] as const;

export const amountIn = (rng: Rng, currency: BalanceCurrency, min: number, max: number) =>
  new D(min + rng.next() * (max - min)).toDecimalPlaces(DECIMALS[currency], D.ROUND_DOWN);
export const text = (d: Dec) => d.toFixed();
const key = (memberId: string, currency: string) => `${memberId}|${currency}`;
/** Withdrawal rules: each member's registered address per network ("memberId|network"). */
export const book = new Map<string, string>();
export const XRP_TAG = '3141592653';
/** Every member's verified own-name bank account: won deposits come from it and withdrawals go to it. */
export const OWN_ACCOUNT = {
  bank_name: '국민은행',
  account_number: '110-123-456789',
  account_holder: '홍길동',
};
export const bookEntry = (m: { creds: { pin: string } }, network: string, address: string) => ({
  network,
  address,
  label: '모델 시험',
  wallet_kind: 'own',
  second_password: m.creds.pin,
});

interface PendingDeposit {
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
}
export interface PendingWithdrawal {
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
  finalAmount: Dec;
  recipientId: string | null;
}
export interface ModelLock {
  memberId: string;
  currency: BalanceCurrency;
  amount: Dec;
}

/** What the accepted operations say the database must hold. Every change is additive, so order is free. */
export class Model {
  balances = new Map<string, Dec>();
  depositStatus = new Map<string, string>();
  withdrawalStatus = new Map<string, string>();
  /** Pending requests no operation is deciding right now. */
  deposits = new Map<string, PendingDeposit>();
  withdrawals = new Map<string, PendingWithdrawal>();
  locks = new Map<string, ModelLock>();
  /** Locks no operation is changing right now. */
  idleLocks = new Set<string>();

  add(memberId: string, currency: string, delta: Dec) {
    const k = key(memberId, currency);
    this.balances.set(k, (this.balances.get(k) ?? ZERO).plus(delta));
  }
  balance(memberId: string, currency: string) {
    return this.balances.get(key(memberId, currency)) ?? ZERO;
  }
  depositCreated(id: string, d: PendingDeposit) {
    this.depositStatus.set(id, 'pending');
    this.deposits.set(id, d);
  }
  depositDecided(id: string, d: PendingDeposit, status: 'approved' | 'rejected') {
    this.depositStatus.set(id, status);
    if (status === 'approved') this.add(d.memberId, d.currency, d.amount);
  }
  withdrawalCreated(id: string, w: PendingWithdrawal) {
    this.withdrawalStatus.set(id, 'pending');
    this.withdrawals.set(id, w);
  }
  withdrawalDecided(id: string, w: PendingWithdrawal, status: 'approved' | 'rejected') {
    this.withdrawalStatus.set(id, status);
    if (status !== 'approved') return;
    this.add(w.memberId, w.currency, w.amount.neg());
    if (w.recipientId) this.add(w.recipientId, w.currency, w.finalAmount);
  }
  take<T>(map: Map<string, T>, rng: Rng): [string, T] | null {
    if (map.size === 0) return null;
    const ids = [...map.keys()];
    const id = ids[rng.int(0, Math.min(ids.length, 64) - 1)]!;
    const v = map.get(id)!;
    map.delete(id);
    return [id, v];
  }
}

export interface Stats {
  sent: number;
  accepted: number;
  refused: Record<string, number>;
}
