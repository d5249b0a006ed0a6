import { describe, expect, it } from 'vitest';
import { MSG } from '../messages/member-flows';
import { cryptoDepositBodySchema, krwDepositBodySchema } from './deposits';

const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]).reverse()); // first issue of a field wins, as in the form and the API

describe('crypto deposit schema', () => {
  const base = {
    amount: '1',
    txid: 'a'.repeat(64),
    sender_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  };
  it('keeps SPEC messages for amount, TXID and sender', () => {
    const p = (v: object) => issues(cryptoDepositBodySchema.safeParse({ ...base, ...v }));
    expect(p({})).toEqual({});
    expect(p({ amount: '0' })).toEqual({ amount: MSG.deposit.amountPositive });
    expect(p({ amount: '.5' })).toEqual({ amount: MSG.deposit.amountInvalid });
    expect(p({ txid: '' })).toEqual({ txid: MSG.deposit.txidRequired });
    expect(p({ sender_address: '' })).toEqual({ sender_address: MSG.deposit.senderRequired });
  });
  it('takes an XRP claim: a 64-hex hash without 0x, an XRP sender, at most 6 decimals', () => {
    const xrp = { ...base, network: 'XRPL', sender_address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' };
    const p = (v: object) => issues(cryptoDepositBodySchema.safeParse({ ...xrp, ...v }));
    expect(p({})).toEqual({});
    expect(p({ txid: 'A'.repeat(64), amount: '0.000001' })).toEqual({});
    expect(p({ txid: `0x${'a'.repeat(64)}` })).toEqual({ txid: MSG.deposit.txidInvalidFor('XRPL') });
    expect(p({ amount: '0.0000001' })).toEqual({ amount: MSG.deposit.amountDecimalsFor('XRP', 6) });
    expect(p({ sender_address: base.sender_address })).toEqual({
      sender_address: MSG.deposit.senderInvalidFor('XRPL'),
    });
  });
  it('takes at most 6 decimals for USDT on TRC20 and ERC20 (the token has 6 on both chains)', () => {
    const erc = {
      ...base,
      network: 'ERC20',
      txid: `0x${'a'.repeat(64)}`,
      sender_address: `0x${'1'.repeat(40)}`,
    };
    for (const claim of [base, { ...base, network: 'TRC20' }, erc]) {
      const p = (amount: string) => issues(cryptoDepositBodySchema.safeParse({ ...claim, amount }));
      expect(p('10.000001')).toEqual({});
      expect(p('10.0000010')).toEqual({});
      expect(p('10.0000001')).toEqual({ amount: MSG.deposit.amountDecimalsFor('USDT', 6) });
    }
  });
  it('outputs canonical amounts and trimmed text', () => {
    const r = cryptoDepositBodySchema.parse({ ...base, amount: ' 007.10 ', txid: ` ${base.txid} ` });
    expect(r.amount).toBe('7.1');
    expect(r.txid).toBe(base.txid);
  });
});

describe('KRW deposit schema', () => {
  it('requires every field with one message and at least 10,000 whole won', () => {
    const r = krwDepositBodySchema.safeParse({
      bank_name: '',
      account_number: '',
      account_holder: '',
      amount: '5000',
      depositor_name: '',
    });
    expect(issues(r)).toEqual({
      bank_name: MSG.depositKrw.allFieldsRequired,
      account_number: MSG.depositKrw.allFieldsRequired,
      account_holder: MSG.depositKrw.allFieldsRequired,
      amount: MSG.depositKrw.minAmount,
      depositor_name: MSG.depositKrw.allFieldsRequired,
    });
  });
});
