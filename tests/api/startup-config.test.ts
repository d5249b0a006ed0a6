import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

/** Issue 12: the administrator's start-up password follows the member policy (8+ with letters and digits). */
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
