import type { FastifyBaseLogger } from 'fastify';
import type { EventsConfig } from '../config';
import type { Db } from '../db';
import { EventFeed } from './feed';
import { EVENTS_CHANNEL, type LiveEvent, SESSIONS_CHANNEL } from './publish';
import { frame, MAX_BUFFERED_BYTES, readStreamSession, type Stream, visibleTo } from './stream';

/**
 * The live events of one instance: one LISTEN connection for events and one for session changes, fanned
 * out to the open streams of this process after filtering by member and role. Every delivery and every
 * heartbeat re-checks the stream's session; a session deleted, shortened or whose member's administrator
 * role changed is re-checked at once (trigger of migration 013), and the stream is closed when it no longer
 * holds.
 */
export class EventHub {
  readonly streams = new Set<Stream>();
  private byMember = new Map<string, Set<Stream>>();
  /** Open streams per session (token hash): the per-session cap. */
  private bySession = new Map<string, number>();
  private admins = new Set<Stream>();
  private stops: (() => Promise<void>)[] = [];
  private closing = false;
  /** The table read in commit order; each event it delivers goes to the streams that may see it. */
  private feed: EventFeed;

  /** A comment line this often keeps proxies (nginx: proxy_read_timeout 60 s) from closing an idle stream. */
  private heartbeatMs: number;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private sessionIdleMinutes: number,
    private limits: EventsConfig,
  ) {
    this.heartbeatMs = limits.heartbeatMs;
    this.feed = new EventFeed(db, log, (e) => this.dispatch(e));
  }

  /**
   * Whether one more stream may open for this session and member: null when it may, otherwise which cap
   * it meets. Each stream holds a socket (an open file) and a timer; without caps one session could take
   * every file the process may open and starve every other request. Called right before `add`, with no
   * await between, so the count it reads is the count `add` changes.
   */
  capReached(memberId: string, tokenHash: string): 'session' | 'member' | 'instance' | null {
    if ((this.bySession.get(tokenHash) ?? 0) >= this.limits.maxPerSession) return 'session';
    if ((this.byMember.get(memberId)?.size ?? 0) >= this.limits.maxPerMember) return 'member';
    if (this.streams.size >= this.limits.maxPerInstance) return 'instance';
    return null;
  }

  async start(): Promise<void> {
    await this.feed.start();
    this.stops.push(
      // The notification carries nothing: it (and a reconnection) means "read what is ready".
      await this.db.listen(
        EVENTS_CHANNEL,
        () => void this.feed.pull(),
        () => void this.feed.pull(),
      ),
      await this.db.listen(SESSIONS_CHANNEL, (memberId) => {
        for (const s of this.byMember.get(memberId) ?? []) void this.drain(s, true);
      }),
    );
  }

  /** The newest event every reader can already see: the cursor a stream without Last-Event-ID starts at. */
  readyCursor(): Promise<bigint> {
    return this.feed.readyCursor();
  }

  /** Ends every stream and stops listening (called before the server closes). */
  async close(): Promise<void> {
    this.closing = true;
    this.feed.stop();
    for (const s of [...this.streams]) this.end(s);
    await Promise.all(this.stops.map((stop) => stop().catch(() => {})));
    this.stops = [];
  }

  private dispatch(e: LiveEvent): void {
    // Only the streams that may see it: every stream for a notice to all members; otherwise the member's
    // own streams and, for administrator events, the administrators' streams.
    const targets: Iterable<Stream> =
      e.member_id === null
        ? this.streams
        : [...(this.byMember.get(e.member_id) ?? []), ...(e.to_admins ? this.admins : [])];
    for (const s of targets) {
      if (!visibleTo(e, s)) continue;
      s.queue.push(e);
      if (!s.replaying) void this.drain(s, true);
    }
  }

  /** Registers a stream; live events queue up until `replayed` is called. */
  add(s: Stream): void {
    if (this.closing) {
      this.end(s);
      return;
    }
    this.streams.add(s);
    this.bySession.set(s.tokenHash, (this.bySession.get(s.tokenHash) ?? 0) + 1);
    let set = this.byMember.get(s.memberId);
    if (!set) {
      set = new Set();
      this.byMember.set(s.memberId, set);
    }
    set.add(s);
    if (s.isAdmin) this.admins.add(s);
    s.res.on('close', () => this.remove(s));
    s.timers.push(
      setInterval(() => {
        void this.drain(s, true).then(() => {
          if (!s.closed) this.write(s, ': ping\n\n');
        });
      }, this.heartbeatMs),
    );
  }

  /** Writes the replayed events, then whatever arrived meanwhile. */
  async replayed(s: Stream, events: LiveEvent[]): Promise<void> {
    for (const e of events) this.send(s, e);
    s.replaying = false;
    await this.drain(s, false);
  }

  /**
   * Re-checks the session (when `check`), then writes the queued events. Runs one at a time per stream;
   * a call while one runs is picked up by that run's loop.
   */
  async drain(s: Stream, check: boolean): Promise<void> {
    if (s.closed || s.replaying) return;
    if (s.draining) {
      s.recheck = s.recheck || check;
      return;
    }
    s.draining = true;
    let needCheck = check;
    try {
      do {
        s.recheck = false;
        if (needCheck && !(await this.sessionHolds(s))) {
          this.end(s);
          return;
        }
        const batch = s.queue.splice(0);
        for (const e of batch) this.send(s, e);
        needCheck = s.recheck || s.queue.length > 0;
      } while (!s.closed && (s.queue.length > 0 || s.recheck));
    } catch (err) {
      this.log.warn({ err }, 'live events: session check failed; stream closed');
      this.end(s);
    } finally {
      s.draining = false;
    }
  }

  private send(s: Stream, e: LiveEvent): void {
    if (s.closed || BigInt(e.id) <= s.lastSentId) return;
    s.lastSentId = BigInt(e.id);
    this.write(s, frame(e, s.isAdmin));
  }

  private write(s: Stream, text: string): void {
    if (s.closed) return;
    s.res.write(text);
    if (s.res.writableLength > MAX_BUFFERED_BYTES) this.end(s);
  }

  /** The session still exists, is unexpired, past the second step, and the role is what it was at open. */
  private async sessionHolds(s: Stream): Promise<boolean> {
    const row = await readStreamSession(this.db, s.tokenHash, this.sessionIdleMinutes);
    if (row?.stage !== 'full' || row.is_admin !== s.isAdmin) return false;
    // Wake up when the session runs out, if that comes before the next heartbeat.
    const remaining = Number(row.remaining_ms);
    if (remaining < this.heartbeatMs && !s.expiryTimer) {
      s.expiryTimer = setTimeout(() => {
        s.expiryTimer = undefined;
        void this.drain(s, true);
      }, Math.max(0, remaining) + 50);
      s.timers.push(s.expiryTimer);
    }
    return true;
  }

  end(s: Stream): void {
    if (!s.closed) {
      s.closed = true;
      s.res.end();
    }
    this.remove(s);
  }

  private remove(s: Stream): void {
    if (this.streams.has(s)) {
      const n = (this.bySession.get(s.tokenHash) ?? 1) - 1;
      if (n > 0) this.bySession.set(s.tokenHash, n);
      else this.bySession.delete(s.tokenHash);
    }
    s.closed = true;
    for (const t of s.timers) clearTimeout(t);
    s.timers = [];
    this.streams.delete(s);
    this.admins.delete(s);
    const set = this.byMember.get(s.memberId);
    if (set) {
      set.delete(s);
      if (set.size === 0) this.byMember.delete(s.memberId);
    }
  }
}
