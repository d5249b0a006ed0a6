import { MSG } from '../../shared/messages';
import type { App, Ctx } from '../context';
import { AppError } from '../http/errors';
import { memberOnly, memberSession } from '../http/guards';
import { EventHub } from './hub';
import { CURSOR_BASE, cursorParams, EVENT_COLUMNS, type LiveEvent, readyAfter } from './publish';
import { REPLAY_HOURS, REPLAY_LIMIT, type Stream, VISIBLE_SQL } from './stream';

/** An event cursor (decision 0131): transaction id × 10^19 + row id, at most 39 digits. */
const LAST_ID = /^\d{1,39}$/;
const MAX_CURSOR = 2n ** 64n * CURSOR_BASE;
const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  Connection: 'keep-alive',
  // nginx: do not buffer this response (decision 0130 has the proxy settings).
  'X-Accel-Buffering': 'no',
};

/**
 * `GET /api/events`: the live events of the signed-in session as `text/event-stream` (decision 0130).
 * A reconnect with `Last-Event-ID` (header, or `last_event_id` in the query for a first connection) gets
 * the events it missed, at most 500 of the last 24 hours, then live ones; when more were missed, a
 * `resync` event tells the client to reload everything. The hub is closed before the server closes.
 */
export async function eventRoutes(app: App, ctx: Ctx): Promise<EventHub> {
  const hub = new EventHub(ctx.db, app.log, ctx.config.sessionIdleMinutes, ctx.config.events);
  // Started when the app is ready (before it listens), not while it registers: the plugins after this one
  // register while the embedded database is still opening.
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/events',
    {
      preHandler: memberOnly,
      schema: {
        operationId: 'streamEvents',
        summary: '실시간 이벤트 (text/event-stream): 내 요청·잔액·잠금·공지, 관리자는 모든 요청과 처리',
        tags: ['events'],
        // `last_event_id` (query) is read and checked by the handler, like the Last-Event-ID header: no
        // schema, so the stream has no declared input and no generated request can leave it hanging open.
      },
    },
    async (req, reply) => {
      const session = memberSession(req);
      const raw = req.headers['last-event-id'] ?? (req.query as { last_event_id?: unknown }).last_event_id;
      const text = Array.isArray(raw) ? raw[0] : raw;
      if (text !== undefined && (typeof text !== 'string' || (text !== '' && !LAST_ID.test(text)))) {
        throw new AppError('VALIDATION', MSG.live.badLastEventId);
      }
      const lastId = text ? BigInt(text) : null;
      // The transaction part must be an xid8 (below 2^64).
      if (lastId !== null && lastId >= MAX_CURSOR) throw new AppError('VALIDATION', MSG.live.badLastEventId);
      const isAdmin = session.member.is_admin;
      // HEAD (a proxy's or a monitor's probe): the stream's headers, then the end; nothing is held open,
      // so no cap applies.
      if (req.method === 'HEAD') {
        return reply.code(200).headers(STREAM_HEADERS).send();
      }
      // No await from here to `hub.add`: the caps count what is open at this instant (decision 0310).
      const cap = hub.capReached(session.member.id, session.tokenHash);
      if (cap !== null) {
        throw new AppError(
          'RATE_LIMITED',
          cap === 'instance' ? MSG.live.serverBusy : MSG.live.tooManyStreams,
        );
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, STREAM_HEADERS);
      res.socket?.setNoDelay(true);
      res.write('retry: 3000\n: connected\n\n');

      const stream: Stream = {
        memberId: session.member.id,
        tokenHash: session.tokenHash,
        isAdmin,
        res,
        lastSentId: lastId ?? 0n,
        queue: [],
        replaying: true,
        draining: false,
        recheck: false,
        closed: false,
        timers: [],
      };
      // Registered before the replay is read: whatever commits meanwhile waits in the queue, and ids
      // already replayed are skipped, so nothing falls between the replay and the live events.
      hub.add(stream);
      let events: LiveEvent[] = [];
      if (lastId !== null) {
        try {
          events = await ctx.db.query<LiveEvent>(
            `SELECT ${EVENT_COLUMNS} FROM live_events
              WHERE ${readyAfter(3)} AND created_at > now() - make_interval(hours => $5) AND ${VISIBLE_SQL}
              ORDER BY tx, id LIMIT $6`,
            [stream.memberId, isAdmin, ...cursorParams(lastId), REPLAY_HOURS, REPLAY_LIMIT + 1],
          );
        } catch (err) {
          req.log.warn({ err }, 'live events: replay failed');
          hub.end(stream);
          return;
        }
        if (events.length > REPLAY_LIMIT) {
          // Too much was missed: the client reloads its data instead, and continues from the newest event.
          stream.lastSentId = await hub.readyCursor();
          res.write(`id: ${stream.lastSentId}\nevent: resync\ndata: {}\n\n`);
          events = [];
        }
      }
      await hub.replayed(stream, events);
    },
  );
  return hub;
}
