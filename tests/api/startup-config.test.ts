import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../src/server/config';

/** The administrator's start-up password follows the member policy (8+ with letters and digits). */
describe('ADMIN_PASSWORD', () => {
  it('refuses a weak password at start, naming the variable', () => {
    for (const weak of ['123456', 'abcdef', 'abc12', '12345678', 'abcdefgh', 'x'.repeat(129)]) {
      expect(() => loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: weak }), weak).toThrow(
        /ADMIN_PASSWORD/,
      );
    }
  });

  it('accepts the policy (the test harness uses adminpass123) and an unset variable', () => {
    expect(loadConfig({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'adminpass123' }).admin.password).toBe(
      'adminpass123',
    );
    expect(loadConfig({}).admin.password).toBeUndefined();
  });
});

/** The test suites' cheap password hashes are refused in production: OWASP's cost is the default. */
describe('PASSWORD_HASH_COST', () => {
  it('is standard unless set; minimum is refused with NODE_ENV=production, naming the variable', () => {
    expect(loadConfig({}).passwordHashCost).toBe('standard');
    expect(loadConfig({ PASSWORD_HASH_COST: 'minimum' }).passwordHashCost).toBe('minimum');
    expect(loadConfig({ PASSWORD_HASH_COST: 'standard', NODE_ENV: 'production' }).passwordHashCost).toBe(
      'standard',
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'minimum', NODE_ENV: 'production' })).toThrow(
      /PASSWORD_HASH_COST .*테스트 전용/,
    );
  });
});

/**
 * Every configuration variable is checked at start. Each row: a variable and values it must
 * refuse; the error names the variable, in Korean and English. Every variable the server reads is listed
 * here (CONFIG_VARIABLES), and in the README's configuration table.
 */
const BAD: Record<string, string[]> = {
  PORT: ['abc', '-1', '65536', '80.5', '1e3', '0x50'],
  HOST: ['bad host', 'http://x', '::zz'],
  DATABASE_URL: ['not a url', 'mysql://u@h/db', 'http://127.0.0.1/db'],
  DATA_DIR: ['a\nb'],
  ADMIN_USERNAME: ['Boss', 'ab', 'admin-1', 'x'.repeat(21)],
  ADMIN_PASSWORD: ['123456', 'abcdefgh'],
  ADMIN_SECOND_PASSWORD: ['12', '1234567', 'abcdef'],
  TRUST_PROXY: ['true', '0.0.0.0/0', 'proxy.local', '11'],
  LOG_LEVEL: ['verbose', 'INFO!'],
  RATE_LIMIT_PER_ADDRESS: ['0', 'many', '10.5'],
  SESSION_IDLE_MINUTES: ['0', '30m'],
  SESSION_ABSOLUTE_HOURS: ['0', '12h', '9000'],
  STATIC_DIR: ['a\u0000b'],
  BANK_FORM_URL: ['javascript:alert(1)', 'example.com/form'],
  SMTP_URL: ['http://mail', 'mail.example.com:25'],
  SMTP_FROM: ['a\r\nBcc: x@y'],
  PUBLIC_URL: ['ftp://x', 'wallet.example.com'],
  PRICE_REFRESH: ['yes', 'on', '2'],
  PRICE_FEED_URL: ['ftp://example.com/x'],
  FX_FEED_URL: ['not a url'],
  PRICE_REFRESH_MS: ['50', '30s', '1e5'],
  PRICE_FETCH_TIMEOUT_MS: ['10', '61000', '5s'],
  PRICE_STALE_SECONDS: ['0', '5m'],
  ADMIN_CHAT_URL: ['javascript:alert(1)', 'chat'],
  EXPLORER_URL_TRC20: ['tronscan.org'],
  EXPLORER_URL_ERC20: ['not a url'],
  EXPLORER_URL_XRPL: ['ftp://xrpscan.com'],
  EXPLORER_URL_BTC: ['javascript:alert(1)'],
  METRICS_TOKEN: ['short', 'has spaces in the token value'],
  METRICS_PORT: ['0', '70000', 'nine'],
  METRICS_HOST: ['not a host!'],
  SHUTDOWN_TIMEOUT_MS: ['10', '10s', '600001'],
  PGLITE_TEMPLATE: ['no', 'false'],
  PGLITE_TEMPLATE_DIR: ['a\tb'],
  EVENTS_HEARTBEAT_MS: ['1', '20s'],
  EVENTS_MAX_PER_SESSION: ['0', 'many', '1001'],
  EVENTS_MAX_PER_MEMBER: ['0', '-1'],
  EVENTS_MAX_PER_INSTANCE: ['0', '1e3'],
  ETH_RPC_URL: ['localhost:8545', 'ws://127.0.0.1:8545'],
  ETH_USDT_CONTRACT: ['0x123', 'dAC17F958D2ee523a2206206994597C13D831ec7'],
  ETH_MIN_CONFIRMATIONS: ['0', 'twelve', '10001'],
  TRON_API_URL: ['api.trongrid.io'],
  TRON_API_KEY: ['key\nwith newline'],
  TRON_USDT_CONTRACT: ['TR7NHq', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  TRON_MIN_CONFIRMATIONS: ['0', '19 blocks'],
  XRPL_RPC_URL: ['s1.ripple.com:51234', 'ftp://s1.ripple.com'],
  XRPL_MIN_CONFIRMATIONS: ['0', 'one'],
  CHAIN_AUTO_APPROVE: ['yes', 'on'],
  CHAIN_CHECK_INTERVAL_MS: ['10', '15s'],
  CHAIN_REQUEST_TIMEOUT_MS: ['10', '61000'],
  CHAIN_CHECK_BATCH: ['0', '1001', 'all'],
  // An extended PRIVATE key (BIP-32 test vector 1's master), the master public key (depth 0), garbage.
  DEPOSIT_XPUB_ERC20: [
    'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
    'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8',
    'xpub-not-a-key',
  ],
  DEPOSIT_XPUB_TRC20: ['0x1234'],
  XRP_DEPOSIT_ADDRESS: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'r123'],
  PAYOUT_HOT_WALLET_ERC20: ['0x123', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  PAYOUT_HOT_WALLET_TRC20: ['0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  PAYOUT_HOT_WALLET_XRPL: ['r123'],
  PAYOUT_CONFIRM_HOURS: ['0', '721', 'six'],
  RESERVE_COLD_WALLETS_ERC20: [
    '0x123',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7,TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ],
  RESERVE_COLD_WALLETS_TRC20: [
    'T123',
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t,0xdAC17F958D2ee523a2206206994597C13D831ec7',
  ],
  RESERVE_COLD_WALLETS_XRPL: ['r123', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  FOUR_EYES_PAYOUT_KRW: ['0', '-5', '10,000,000', '1e7'],
  FOUR_EYES_DEPOSIT_KRW: ['0', '-5', '10,000,000', '1e7'],
  FOUR_EYES_ADMIN_DAILY_KRW: ['0', '-5', '50,000,000', '1e7'],
  PROPOSAL_TTL_HOURS: ['0', '169', '24h', '-1'],
  FOUR_EYES_ADMIN_EDITS: ['yes', 'off'],
  WITHDRAWAL_ADDRESS_DELAY_HOURS: ['-1', '721', '24h'],
  ADMIN_RESET_WITHDRAWAL_HOLD_HOURS: ['-1', '721', '24h'],
  KRW_DEPOSIT_WITHDRAWAL_DELAY_HOURS: ['-1', 'a day', '1e2'],
  KRW_FIRST_DEPOSIT_HOLD_HOURS: ['-1', 'three days', '1e2'],
  DAILY_LIMIT_CRYPTO_KRW: ['-1', '5억', '1.5'],
  DAILY_LIMIT_KRW: ['-1', '1e9', '10,000'],
  TRAVEL_RULE_THRESHOLD_KRW: ['-1', '100만'],
  ADMIN_TOTP_REQUIRED: ['no', 'off'],
  TOTP_ENCRYPTION_KEY: ['short', 'zz'.repeat(32), '00'.repeat(31)],
  PASSWORD_HASH_COST: ['low', 'MINIMUM', '1'],
};

describe('every configuration variable is validated at start', () => {
  it('the table covers every variable the server reads', () => {
    expect(Object.keys(BAD).sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  for (const [variable, values] of Object.entries(BAD)) {
    it(`${variable}: a value it cannot use is refused, naming it in Korean and English`, () => {
      for (const value of values) {
        let error: unknown;
        try {
          loadConfig({ [variable]: value });
        } catch (err) {
          error = err;
        }
        expect(error, `${variable}=${JSON.stringify(value)}`).toBeInstanceOf(ConfigError);
        const message = (error as Error).message;
        expect(message).toContain(`설정 오류: ${variable} 값이 올바르지 않습니다`);
        expect(message).toContain(`Configuration error: ${variable} `);
        expect(message.split('\n')).toHaveLength(1);
      }
    });
  }

  it('an empty variable counts as unset (its default); good values are taken as written', () => {
    const c = loadConfig({ PORT: '', LOG_LEVEL: ' ', PRICE_REFRESH: 'FALSE', SHUTDOWN_TIMEOUT_MS: '2500' });
    expect([c.port, c.logLevel, c.prices.refresh, c.ops.shutdownTimeoutMs]).toEqual([
      3000,
      'info',
      false,
      2500,
    ]);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@db.internal:5432/wallet' }).databaseUrl).toMatch(
      /^postgresql:/,
    );
    expect(loadConfig({ HOST: '::', METRICS_HOST: 'metrics.internal' }).host).toBe('::');
  });

  it('reports every refused variable at once, one line each', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'true' })).toThrow(
      /PORT[^\n]*\n[^\n]*LOG_LEVEL[^\n]*\n[^\n]*TRUST_PROXY/,
    );
  });

  it('every variable the code reads is in the README configuration table', () => {
    const readme = readFileSync('README.md', 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Commands'));
    const read = new Set<string>(CONFIG_VARIABLES);
    const files = execFileSync('git', ['ls-files', 'src/server', 'src/shared', 'scripts'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('.test.ts'));
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g))
        read.add(m[1] as string);
    }
    const missing = [...read].filter(
      (v) => !['NODE_ENV', 'INIT_CWD', 'PATH'].includes(v) && !table.includes(`\`${v}\``),
    );
    expect(missing).toEqual([]);
  });

  it('the server refuses to start with a bad value: the message, no stack trace, a non-zero exit', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'eighty', SHUTDOWN_TIMEOUT_MS: '5 s', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('설정 오류: PORT 값이 올바르지 않습니다 (0–65535의 정수');
    expect(r.stderr).toContain('Configuration error: SHUTDOWN_TIMEOUT_MS must be an integer 100–600000');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
