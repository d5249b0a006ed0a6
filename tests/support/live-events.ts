import { afterAll } from 'vitest';
import type { Client } from './client';
import { fileAdmin, fileServer } from './fixture';
import { openEvents, type SseStream } from './sse';

/**
 * The test file's way to listen: `listen(client, lastEventId?)` opens a member's or administrator's stream,
 * and every stream it opened is closed after the file's tests.
 */
function fileListener() {
  const open: SseStream[] = [];
  afterAll(() => {
    for (const s of open) s.close();
  });
  return async (client: Client, lastEventId?: string) => {
    const s = await openEvents(client, { lastEventId });
    open.push(s);
    return s;
  };
}

/** Matches the events about one request. */
export const ofRequest = (id: string) => (e: { json: any }) => e.json?.data?.request_id === id;

/**
 * The live-event files' server, with a database of its own (the administrator's queue lists the 200 oldest
 * pending requests, and the other files of a PostgreSQL run leave more pending than that in the shared
 * database), its administrator and the file's `listen`.
 */
export function liveEventsFile() {
  const server = fileServer({}, { ownDatabase: true });
  return { server, admin: fileAdmin(server), listen: fileListener() };
}
