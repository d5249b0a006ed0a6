import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { Client, memberClient } from '../support/client';
import { fileServer } from '../support/fixture';
import { uniqueName } from '../support/server';

const server = fileServer();

describe('listNotices', () => {
  it('lists published notices only, newest first, limited', async () => {
    const { client } = await memberClient(server.url);
    const tag = uniqueName('n');
    // Other test files may publish notices at the same time: look at this test's own ones.
    for (const [i, published] of [
      [1, true],
      [2, false],
      [3, true],
      [4, true],
    ] as const) {
      await server.db.query(
        `INSERT INTO notices (title, body, published, created_at)
         VALUES ($1, $2, $3, now() - make_interval(secs => $4))`,
        [`${tag} 공지 ${i}`, `본문 ${i}`, published, 10 - i],
      );
    }
    const res = await client.get('/api/notices?limit=50');
    expect(res.status).toBe(200);
    const mine = (res.body.data.items as { title: string; body: string; created_at: string }[]).filter((n) =>
      n.title.startsWith(tag),
    );
    expect(mine.map((n) => [n.title, n.body])).toEqual([
      [`${tag} 공지 4`, '본문 4'],
      [`${tag} 공지 3`, '본문 3'],
      [`${tag} 공지 1`, '본문 1'],
    ]);
    expect(mine.every((n) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(n.created_at))).toBe(true);

    const one = await client.get('/api/notices?limit=1');
    expect(one.body.data.items).toHaveLength(1);
    const dflt = await client.get('/api/notices');
    expect(dflt.body.data.items.length).toBeLessThanOrEqual(20);
  });

  it('refuses a bad limit in Korean and unknown parameters', async () => {
    const { client } = await memberClient(server.url);
    for (const q of ['limit=0', 'limit=51', 'limit=abc', 'limit=1.5']) {
      const res = await client.get(`/api/notices?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toBe(MSG.home.noticeLimitInvalid);
    }
    expect((await client.get('/api/notices?all=true')).status).toBe(400);
  });

  it('needs a logged-in member', async () => {
    const res = await new Client(server.url).get('/api/notices');
    expect(res.status).toBe(401);
  });
});
