import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESSES } from '../../tests/support/addresses';
import {
  base58check,
  depositNetworkOf,
  isAddressFor,
  isBitcoinAddress,
  isEthereumAddress,
  isTronAddress,
  parseDestinationTag,
  resolveXrpDestination,
  segwitProgram,
  TXID_PATTERNS,
  toChecksumAddress,
} from './address';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const tron = (bytes: Uint8Array, prefix = 0x41) => base58check.encode(new Uint8Array([prefix, ...bytes]));
/** Changes one character of `text` at `i` to another character of the same alphabet. */
const flip = (text: string, i: number, alphabet: string) => {
  const c = text[i]!;
  const other = alphabet[(alphabet.indexOf(c) + 1) % alphabet.length]!;
  return `${text.slice(0, i)}${other}${text.slice(i + 1)}`;
};
const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

describe('TRON (TRC20) addresses', () => {
  it('accepts real addresses and any base58check of 0x41 + 20 bytes', () => {
    // The USDT contract on TRON and a well-known exchange hot wallet.
    for (const a of ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7']) {
      expect(isTronAddress(a)).toBe(true);
      expect(depositNetworkOf(a)).toBe('TRC20');
    }
    fc.assert(fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (b) => isTronAddress(tron(b))));
  });

  it('the checksum is SHA-256 twice, as node:crypto computes it', () => {
    const body = new Uint8Array([0x41, ...randomBytes(20)]);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest();
    const checksum = sha(sha(body)).subarray(0, 4);
    expect(hex(base58check.decode(tron(body.subarray(1))))).toBe(hex(body));
    expect(hex(Buffer.concat([body, checksum]))).toBe(
      hex(new Uint8Array([...body, ...checksum])), // the encoder appends exactly this checksum
    );
  });

  it('refuses a wrong checksum, another version byte, other shapes', () => {
    const good = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    for (let i = 1; i < good.length; i++) expect(isTronAddress(flip(good, i, B58))).toBe(false);
    for (const bad of [
      '',
      'T',
      good.slice(0, 33),
      `${good}1`,
      good.toLowerCase(),
      ` ${good}`,
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60', // 0 is not base58
      tron(new Uint8Array(20).fill(7), 0x42),
      tron(new Uint8Array(19).fill(7)),
    ]) {
      expect(isTronAddress(bad)).toBe(false);
    }
  });
});

describe('Ethereum addresses (EIP-55)', () => {
  // The examples of EIP-55 itself.
  const EIP55 = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it("accepts EIP-55's examples, and computes their checksum", () => {
    for (const a of EIP55) {
      expect(isEthereumAddress(a)).toBe(true);
      expect(depositNetworkOf(a)).toBe('ERC20');
    }
    for (const a of EIP55.slice(4)) expect(toChecksumAddress(a.toLowerCase())).toBe(a);
  });

  it('accepts all-lower and all-upper case (no checksum), refuses mixed case that breaks it', () => {
    for (const a of EIP55.slice(4)) {
      expect(isEthereumAddress(a.toLowerCase())).toBe(true);
      expect(isEthereumAddress(`0x${a.slice(2).toUpperCase()}`)).toBe(true);
      // Swap the case of one letter: the checksum no longer holds.
      const i = [...a].findIndex((c, k) => k > 1 && /[a-f]/i.test(c));
      const c = a[i]!;
      const swapped = `${a.slice(0, i)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${a.slice(i + 1)}`;
      expect(isEthereumAddress(swapped)).toBe(false);
    }
    expect(isEthereumAddress('0xdAC17F958D2ee523a2206206994597C13D831Ec7')).toBe(false);
  });

  it('refuses other shapes', () => {
    for (const bad of [
      `0x${'a'.repeat(39)}`,
      `0x${'a'.repeat(41)}`,
      `0x${'g'.repeat(40)}`,
      'a'.repeat(42),
      `0X${'a'.repeat(40)}`,
      '',
    ]) {
      expect(isEthereumAddress(bad)).toBe(false);
    }
  });
});

describe('XRP Ledger addresses and destination tags', () => {
  it('accepts classic addresses and refuses a wrong checksum or another alphabet', () => {
    const genesis = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
    expect(resolveXrpDestination(genesis)).toEqual({ ok: true, address: genesis, tag: null });
    expect(resolveXrpDestination(genesis, '12345')).toEqual({ ok: true, address: genesis, tag: 12345 });
    expect(isAddressFor('XRPL', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp')).toBe(true); // ACCOUNT_ZERO
    const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
    for (let i = 1; i < genesis.length; i++)
      expect(isAddressFor('XRPL', flip(genesis, i, XRP_ALPHABET))).toBe(false);
    expect(isAddressFor('XRPL', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isAddressFor('XRPL', '')).toBe(false);
  });

  it("decodes X-addresses (ripple-address-codec's vectors) into classic address + tag", () => {
    const classic = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
    expect(resolveXrpDestination('X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ')).toEqual({
      ok: true,
      address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59',
      tag: null,
    });
    const withTag = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi';
    expect(resolveXrpDestination(withTag)).toEqual({ ok: true, address: classic, tag: 4294967295 });
    expect(resolveXrpDestination(withTag, '4294967295')).toEqual({
      ok: true,
      address: classic,
      tag: 4294967295,
    });
    expect(resolveXrpDestination(withTag, '1')).toEqual({ ok: false, problem: 'tagConflict' });
    // A test-network X-address cannot receive mainnet XRP.
    expect(resolveXrpDestination('T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ').ok).toBe(false);
    expect(resolveXrpDestination(flip(withTag, 20, B58)).ok).toBe(false);
  });

  it('destination tags are integers 0 … 4294967295', () => {
    expect(parseDestinationTag('')).toBeNull();
    expect(parseDestinationTag(undefined)).toBeNull();
    expect(parseDestinationTag('0')).toBe(0);
    expect(parseDestinationTag(' 4294967295 ')).toBe(4294967295);
    for (const bad of ['4294967296', '-1', '1.5', '1e3', 'abc', '99999999999', '0x10']) {
      expect(parseDestinationTag(bad)).toBe('invalid');
      expect(resolveXrpDestination('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', bad)).toEqual({
        ok: false,
        problem: 'tag',
      });
    }
  });
});

describe('Bitcoin addresses', () => {
  it('accepts mainnet P2PKH and P2SH, refuses a wrong checksum and testnet', () => {
    for (const a of ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy']) {
      expect(isBitcoinAddress(a)).toBe(true);
      for (let i = 1; i < a.length; i++) expect(isBitcoinAddress(flip(a, i, B58))).toBe(false);
    }
    expect(isBitcoinAddress('mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r')).toBe(false); // testnet P2PKH
    expect(isBitcoinAddress('2NByiBUaEXrhmqAsg7BbLpcQSAQs1EDwt5w')).toBe(false); // testnet P2SH
    expect(isBitcoinAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });

  // BIP-350's valid segwit addresses with their scriptPubKey (version byte = OP_n, push length, program).
  const VALID: [string, string][] = [
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
    [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
    ],
    [
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
    ],
    ['BC1SW50QGDZ25J', '6002751e'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', '5210751e76e8199196d454941c45d1b3a323'],
    [
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      '0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      '5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433',
    ],
    [
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    ],
  ];

  it('decodes every valid BIP-173/350 vector to its scriptPubKey; mainnet ones are Bitcoin addresses', () => {
    for (const [address, script] of VALID) {
      const hrp = address.slice(0, 2).toLowerCase();
      const p = segwitProgram(hrp, address);
      expect(p, address).not.toBeNull();
      const op = p!.version === 0 ? '00' : (0x50 + p!.version).toString(16);
      expect(op + p!.program.length.toString(16).padStart(2, '0') + hex(p!.program)).toBe(script);
      expect(isBitcoinAddress(address)).toBe(hrp === 'bc');
    }
  });

  // BIP-350's invalid segwit addresses (each with its reason), and BIP-173's that still apply.
  const INVALID: [string, string][] = [
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'invalid human-readable part'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'bech32 instead of bech32m'],
    ['tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', 'bech32 instead of bech32m'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'bech32 instead of bech32m'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'bech32m instead of bech32'],
    ['tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', 'bech32m instead of bech32'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'invalid character in checksum'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'invalid witness version'],
    ['bc1pw5dgrnzv', 'invalid program length (1 byte)'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'program of 41 bytes'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'invalid program length for witness version 0'],
    ['tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq', 'mixed case'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'more than 4 padding bits'],
    [
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
      'non-zero padding in 8-to-5 conversion',
    ],
    ['bc1gmk9yu', 'empty data section'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'BIP-173: invalid checksum'],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'BIP-173: invalid witness version'],
    ['bc1rw5uspcuh', 'BIP-173: invalid program length'],
  ];

  it('refuses every invalid BIP-173/350 vector', () => {
    for (const [address, reason] of INVALID) {
      expect(segwitProgram('bc', address), reason).toBeNull();
      expect(segwitProgram('tb', address), reason).toBeNull();
      expect(isBitcoinAddress(address), reason).toBe(false);
    }
  });
});

describe('addresses per network and TXIDs', () => {
  it('an address of one network is never valid for another', () => {
    for (const [network, address] of Object.entries(SAMPLE_ADDRESSES)) {
      for (const other of Object.keys(SAMPLE_ADDRESSES) as (keyof typeof SAMPLE_ADDRESSES)[]) {
        expect(isAddressFor(other, address)).toBe(other === network);
      }
    }
    expect(depositNetworkOf(SAMPLE_ADDRESSES.XRPL)).toBeNull();
    expect(depositNetworkOf(SAMPLE_ADDRESSES.BTC)).toBeNull();
  });

  it('TXIDs: Tron 64 hex digits, Ethereum 0x + 64 hex digits', () => {
    const h = randomBytes(32).toString('hex');
    expect(TXID_PATTERNS.TRC20.test(h)).toBe(true);
    expect(TXID_PATTERNS.TRC20.test(`0x${h}`)).toBe(false);
    expect(TXID_PATTERNS.ERC20.test(`0x${h}`)).toBe(true);
    expect(TXID_PATTERNS.ERC20.test(h)).toBe(false);
    expect(TXID_PATTERNS.TRC20.test(h.slice(1))).toBe(false);
    expect(TXID_PATTERNS.ERC20.test(`0x${h}0`)).toBe(false);
  });
});
