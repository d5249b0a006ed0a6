import { describe, expect, it } from 'vitest';
import { actionLabel, describeChange } from './audit-change';

describe('describeChange: an audit entry in Korean', () => {
  it('shows a moment in Korean time, never as ISO, and no key', () => {
    const lines = describeChange(null, {
      step_up: {
        id: '3f1e0c2a-9d7b-4c1e-8f00-0a1b2c3d4e5f',
        opened_at: '2026-12-01T11:16:11.666Z',
        by: 'window',
      },
      created_at: '2026-12-01T11:16:11.666Z',
    });
    const text = lines.join('\n');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toMatch(/[a-z]+_[a-z]+/);
    expect(text).toContain('2026.12.01 20:16');
    expect(text).toContain('열린 확인 창 사용');
  });

  it('prints tags and identifiers without thousands separators, amounts with them', () => {
    const [tag, amount] = describeChange(null, { destination_tag: 12345678, amount: '1234567.5' });
    expect(tag).toContain('12345678');
    expect(amount).toContain('1,234,567.5');
  });

  it('names the confirmation of a proposal', () => {
    expect(actionLabel('proposal.confirm')).toBe('제안 확인');
  });
});
