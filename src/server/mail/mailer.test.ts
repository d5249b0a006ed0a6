import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createMailer } from './mailer';

describe('createMailer without SMTP_URL', () => {
  it('writes the mail, link included, to the server log at info level', async () => {
    const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) };
    const mailer = createMailer(loadConfig({}), log as unknown as FastifyBaseLogger);
    const sent = await mailer.send({ to: 'a@example.com', subject: 's', text: 'open https://x/y?token=abc' });
    expect(sent).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.obj).toMatchObject({ mailTo: 'a@example.com', text: 'open https://x/y?token=abc' });
  });
});
