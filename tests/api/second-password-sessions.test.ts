import { describe, expect, it } from 'vitest';
import { Client, changeSecondPassword, loginFully, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';

/** A second-password change ends the member's other sessions, as a password change does. */
const server = fileServer();

describe('changing the second password', () => {
  it("ends every other session of the member (full and half-logged-in), keeps this one and no one else's", async () => {
    const m = await memberClient(server.url);
    const phone = new Client(server.url);
    await loginFully(phone, m.creds);
    const halfway = new Client(server.url);
    expect(
      (await halfway.post('/api/login', { email: m.creds.username, password: m.creds.password })).status,
    ).toBe(200);
    const stranger = await memberClient(server.url);

    const res = await changeSecondPassword(m.client, m.creds.pin, '13579');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mode: 'change', ended_sessions: 2 });
    expect((await m.client.get('/api/session')).status).toBe(200);
    expect((await phone.get('/api/session')).status).toBe(401);
    expect((await halfway.post('/api/auth/second-factor', { second_password: '13579' })).status).toBe(401);
    expect((await stranger.client.get('/api/session')).status).toBe(200);
    const rows = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE member_id = $1',
      [m.id],
    );
    expect(rows[0]?.n).toBe(1);
    const [audit] = await server.db.query<{ after: { ended_sessions: number } }>(
      `SELECT after FROM audit_log WHERE target_id = $1 AND action = 'member.second_password_changed'`,
      [m.id],
    );
    expect(audit?.after).toEqual({ ended_sessions: 2 });
  });

  it('a refused change (wrong current one) ends nothing', async () => {
    const m = await memberClient(server.url);
    const phone = new Client(server.url);
    await loginFully(phone, m.creds);
    const res = await changeSecondPassword(m.client, '000000', '13579');
    expect(res.status).toBe(400);
    expect((await phone.get('/api/session')).status).toBe(200);
  });
});
