import { describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESSES } from '../../../tests/support/addresses';
import { MSG } from '../messages/member-flows';
import {
  cryptoWithdrawalBodyFromForm,
  cryptoWithdrawalBodySchema,
  cryptoWithdrawalFormSchema,
  krwWithdrawalBodySchema,
  krwWithdrawalFormSchema,
} from './withdrawals';

const { withdraw: W, withdrawKrw: K } = MSG;
const { TRC20: TRC, ERC20: ERC, XRPL: XRP, BTC } = SAMPLE_ADDRESSES;
const X_WITH_TAG = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]).reverse()); // first issue of a field wins, as in the form and the API

describe('crypto withdrawal schema', () => {
  const base = {
    currency: 'USDT',
    amount: '10',
    method: 'external',
    recipient_address: TRC,
    network: 'TRC20',
  };

  it('accepts an external TRC20 or ERC20 request and an internal one', () => {
    expect(cryptoWithdrawalBodySchema.safeParse(base).success).toBe(true);
    expect(
      cryptoWithdrawalBodySchema.safeParse({ ...base, recipient_address: ERC, network: 'ERC20' }).success,
    ).toBe(true);
    const internal = cryptoWithdrawalBodySchema.safeParse({
      currency: 'ETH',
      amount: '0.5',
      method: 'internal',
      recipient_id: ' friend ',
    });
    expect(internal.success && internal.data.recipient_id).toBe('friend');
  });

  it('gives SPEC messages for each missing part', () => {
    const p = (v: object) => issues(cryptoWithdrawalBodySchema.safeParse(v));
    expect(p({ ...base, method: 'internal' })).toEqual({ recipient_id: W.recipientIdRequired });
    expect(p({ ...base, recipient_address: '' })).toEqual({ recipient_address: W.recipientAddressRequired });
    expect(p({ ...base, network: undefined })).toEqual({ network: W.networkRequired });
    expect(p({ ...base, network: '' })).toEqual({ network: W.networkRequired });
    expect(p({ ...base, network: 'ERC20' })).toEqual({ recipient_address: W.erc20Invalid });
    expect(p({ ...base, recipient_address: ERC })).toEqual({ recipient_address: W.trc20Invalid });
    expect(p({ ...base, amount: '0' })).toEqual({ amount: W.amountPositive });
    expect(p({ ...base, amount: '1.5.0' })).toEqual({ amount: W.amountInvalid });
    expect(p({ ...base, amount: '0.000000001' })).toEqual({ amount: W.amountDecimals });
    expect(p({ ...base, currency: 'DOGE' })).toMatchObject({ currency: W.currencyInvalid });
    expect(p({ ...base, method: 'bank' })).toMatchObject({ method: W.methodInvalid });
  });

  it('refuses an amount that does not exceed the fee (external USDT fee 1)', () => {
    const p = (v: object) => issues(cryptoWithdrawalBodySchema.safeParse(v));
    expect(p({ ...base, amount: '1' })).toEqual({ amount: W.payoutNotPositive });
    expect(p({ ...base, amount: '1.000001' })).toEqual({});
    expect(
      p({ currency: 'XRP', amount: '0.25', method: 'external', recipient_address: XRP, network: 'XRPL' }),
    ).toEqual({
      amount: W.payoutNotPositive,
    });
    // Internal transfers cost nothing: any positive amount is a positive payout.
    expect(p({ currency: 'USDT', amount: '0.00000001', method: 'internal', recipient_id: 'x' })).toEqual({});
  });

  it('refuses more decimals than the network carries: XRP and USDT 6, ETH 8 (the app limit); internal 8', () => {
    const p = (v: object) => issues(cryptoWithdrawalBodySchema.safeParse(v));
    const pairs = [
      ['XRP', 'XRPL', XRP, 6],
      ['USDT', 'TRC20', TRC, 6],
      ['USDT', 'ERC20', ERC, 6],
      ['ETH', 'ERC20', ERC, 8],
    ] as const;
    for (const [currency, network, recipient_address, decimals] of pairs) {
      const body = (amount: string) => ({ currency, amount, method: 'external', recipient_address, network });
      expect(p(body(`10.${'0'.repeat(decimals - 1)}1`))).toEqual({});
      // Trailing zeros are no precision: 10.1000000 is 10.1.
      if (decimals === 6) expect(p(body('10.1000000'))).toEqual({});
      const over = `10.${'0'.repeat(decimals)}1`;
      expect(p(body(over))).toEqual({
        amount: decimals === 8 ? W.amountDecimals : W.amountDecimalsFor(currency, decimals),
      });
      // The form runs the same rule, so the message shows at the amount field.
      expect(issues(cryptoWithdrawalFormSchema('100', currency).safeParse(body(over)))).toEqual({
        amount: decimals === 8 ? W.amountDecimals : W.amountDecimalsFor(currency, decimals),
      });
    }
    expect(W.amountDecimalsFor('USDT', 6)).toBe('USDT 출금 수량은 소수점 이하 6자리까지 입력할 수 있어요.');
    // No chain between members: an internal transfer keeps the app's 8 decimals.
    expect(p({ currency: 'XRP', amount: '10.00000001', method: 'internal', recipient_id: 'x' })).toEqual({});
  });

  it('the form adds the available balance with the inline message', () => {
    const form = cryptoWithdrawalFormSchema('5.5', 'USDT');
    expect(issues(form.safeParse({ ...base, amount: '5.5' }))).toEqual({});
    expect(issues(form.safeParse({ ...base, amount: '5.50000001' }))).toEqual({
      amount: W.availableInline('5.50', 'USDT'),
    });
    expect(
      issues(
        cryptoWithdrawalFormSchema('0.1', 'ETH').safeParse({
          ...base,
          currency: 'ETH',
          amount: '1',
          network: 'ERC20',
          recipient_address: ERC,
        }),
      ),
    ).toEqual({
      amount: W.availableInline('0.10000000', 'ETH'),
    });
    expect(cryptoWithdrawalFormSchema(null, 'USDT').safeParse({ ...base, amount: '999' }).success).toBe(true);
  });

  it('each currency only on its own networks, with a Korean message naming them', () => {
    const p = (v: object) => issues(cryptoWithdrawalBodySchema.safeParse({ ...base, ...v }));
    expect(p({ currency: 'XRP', amount: '5' })).toEqual({
      network: W.networkNotAllowed('XRP', '리플 네트워크'),
    });
    expect(p({ currency: 'ETH', amount: '5' })).toEqual({
      network: W.networkNotAllowed('ETH', '이더리움 네트워크'),
    });
    expect(p({ currency: 'USDT', network: 'XRPL', recipient_address: XRP })).toEqual({
      network: W.networkNotAllowed('USDT', 'TRC20 (트론), ERC20 (이더리움)'),
    });
    expect(p({ currency: 'BTC', amount: '1', network: 'BTC', recipient_address: BTC })).toEqual({});
    expect(p({ currency: 'BTC', amount: '1', network: 'BTC', recipient_address: TRC })).toEqual({
      recipient_address: W.btcInvalid,
    });
    expect(p({ currency: 'ETH', amount: '1', network: 'ERC20', recipient_address: ERC })).toEqual({});
    expect(
      p({ currency: 'ETH', amount: '1', network: 'ERC20', recipient_address: ERC.replace('dAC', 'Dac') }),
    ).toEqual({ recipient_address: W.erc20Checksum });
  });

  it('XRP: a classic address with an optional tag, or an X-address; a tag only for XRP', () => {
    const xrp = { ...base, currency: 'XRP', amount: '5', network: 'XRPL', recipient_address: XRP };
    const p = (v: object) => issues(cryptoWithdrawalBodySchema.safeParse({ ...xrp, ...v }));
    expect(p({})).toEqual({});
    expect(p({ destination_tag: '4294967295' })).toEqual({});
    expect(p({ destination_tag: '4294967296' })).toEqual({ destination_tag: W.tagInvalid });
    expect(p({ destination_tag: '-1' })).toEqual({ destination_tag: W.tagInvalid });
    expect(p({ recipient_address: X_WITH_TAG })).toEqual({});
    expect(p({ recipient_address: X_WITH_TAG, destination_tag: '7' })).toEqual({
      destination_tag: W.tagConflict,
    });
    expect(p({ recipient_address: TRC })).toEqual({ recipient_address: W.xrpInvalid });
    expect(issues(cryptoWithdrawalBodySchema.safeParse({ ...base, destination_tag: '5' }))).toEqual({
      destination_tag: W.tagOnlyXrp,
    });
    const parsed = cryptoWithdrawalBodySchema.parse({ ...xrp, destination_tag: ' 12 ' });
    expect(cryptoWithdrawalBodyFromForm(parsed, '1234')).toMatchObject({
      network: 'XRPL',
      destination_tag: '12',
    });
  });

  it('the body sent for a form holds only the chosen method fields', () => {
    const parsed = cryptoWithdrawalBodySchema.parse({ ...base, recipient_id: 'leftover' });
    expect(cryptoWithdrawalBodyFromForm(parsed, '1234')).toEqual({
      currency: 'USDT',
      amount: '10',
      method: 'external',
      recipient_address: TRC,
      network: 'TRC20',
      second_password: '1234',
    });
  });
});

describe('KRW withdrawal schema', () => {
  const base = {
    amount: '10000',
    bank_name: '국민은행',
    account_number: '123-45-678901',
    account_holder: '홍길동',
  };

  it('accepts whole won from 10,000, a listed bank and an optional memo (empty → null)', () => {
    const r = krwWithdrawalBodySchema.parse({ ...base, memo: '  ' });
    expect(r.memo).toBeNull();
    expect(krwWithdrawalBodySchema.parse(base).memo).toBeNull();
    expect(krwWithdrawalBodySchema.parse({ ...base, memo: ' 월세 ' }).memo).toBe('월세');
  });

  it('the account may be left out: the server pays the verified own account', () => {
    expect(krwWithdrawalBodySchema.parse({ amount: '10000', second_password: '1234' })).toMatchObject({
      amount: '10000',
      memo: null,
      second_password: '1234',
    });
  });

  it('gives SPEC messages', () => {
    const p = (v: object) => issues(krwWithdrawalBodySchema.safeParse({ ...base, ...v }));
    expect(p({ amount: '9999' })).toEqual({ amount: K.minAmount });
    expect(p({ amount: '10000.1' })).toEqual({ amount: K.amountInvalid });
    expect(p({ bank_name: '' })).toEqual({ bank_name: K.bankRequired });
    expect(p({ bank_name: '없는은행' })).toEqual({ bank_name: K.bankRequired });
    expect(p({ account_number: '' })).toEqual({ account_number: K.accountNumberRequired });
    expect(p({ account_number: '123' })).toEqual({ account_number: K.accountNumberInvalid });
    expect(p({ account_holder: ' ' })).toEqual({ account_holder: K.holderRequired });
    expect(p({ memo: 'x'.repeat(201) })).toEqual({ memo: K.memoTooLong });
  });

  it('the form refuses more than the available balance, naming it in won', () => {
    expect(issues(krwWithdrawalFormSchema('15000').safeParse({ ...base, amount: '15001' }))).toEqual({
      amount: K.availableExceeded('15,000'),
    });
    expect(krwWithdrawalFormSchema('15000').safeParse({ ...base, amount: '15000' }).success).toBe(true);
    // Shown even while another field is still empty (a refusal of the bank select must not hide it).
    expect(
      issues(krwWithdrawalFormSchema('15000').safeParse({ ...base, bank_name: '', amount: '20000' })),
    ).toEqual({
      amount: K.availableExceeded('15,000'),
      bank_name: K.bankRequired,
    });
  });
});
