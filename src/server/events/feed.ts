import type { FastifyBaseLogger } from 'fastify';
import { type Db, prepared } from '../db';
import { CURSOR_SQL, cursorParams, EVENT_COLUMNS, type LiveEvent } from './publish';

/** Events older than this are deleted (they are notifications, not money records). */
const KEEP_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60_000;
/** Read the table this often even without a notification (a process that died between commit and NOTIFY). */
const SAFETY_PULL_MS = 1_000;
/** An event written by a transaction younger than one still running is read again after this (doubling). */
const WITHHELD_RETRY_MS = 20;
const PULL_BATCH = 1_000;
/** The events after a cursor, each saying whether every transaction before it has ended (see `pull`). */
const PULL = prepared(`SELECT ${EVENT_COLUMNS}, tx < pg_snapshot_xmin(pg_current_snapshot()) AS ready
  FROM live_events WHERE (tx, id) > ($1::xid8, $2::bigint) ORDER BY tx, id LIMIT ${PULL_BATCH}`);

/**
 * The live_events table read in commit order: each event past the cursor is handed to `deliver` once,
 * only when its transaction and every older one have ended (decision 0131), so no reader ever skips an
 * event that commits late. The hub (hub.ts) fans the events out to its streams.
 */
export class EventFeed {
  /** The cursor of the last event delivered (null: unknown, the database was away at start). */
  private lastId: bigint | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private safetyTimer: NodeJS.Timeout | null = null;
  private withheldTimer: NodeJS.Timeout | null = null;
  private withheldDelay = WITHHELD_RETRY_MS;
  /** A pull is running; `pullAgain` asks it to run once more when it ends. */
  private pulling = false;
  private pullAgain = false;
  private closing = false;

  constructor(
    private db: Db,
    private log: FastifyBaseLogger,
    private deliver: (e: LiveEvent) => void,
  ) {}

  /** Reads the cursor, then prunes old events and pulls on a timer (notifications come through `pull`). */
  async start(): Promise<void> {
    try {
      this.lastId = await this.readyCursor();
    } catch (err) {
      // The database is away: the server still starts (and answers 503); events flow once it is back.
      this.log.warn({ err }, 'live events: could not read the last event id');
    }
    this.pruneTimer = setInterval(() => {
      this.db
        .query(`DELETE FROM live_events WHERE created_at < now() - make_interval(days => ${KEEP_DAYS})`)
        .catch(() => {});
    }, PRUNE_EVERY_MS).unref();
    this.safetyTimer = setInterval(() => void this.pull(), SAFETY_PULL_MS).unref();
  }

  /** The newest event every reader can already see: the cursor a stream without Last-Event-ID starts at. */
  async readyCursor(): Promise<bigint> {
    const [row] = await this.db.query<{ id: string }>(
      `SELECT ${CURSOR_SQL} AS id FROM live_events WHERE tx < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY tx DESC, id DESC LIMIT 1`,
    );
    return BigInt(row?.id ?? 0);
  }

  /** Stops the timers and every later pull (the hub closes its streams itself). */
  stop(): void {
    this.closing = true;
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.safetyTimer) clearInterval(this.safetyTimer);
    if (this.withheldTimer) clearTimeout(this.withheldTimer);
  }

  /**
   * Delivers, in (tx, id) order, the events past the cursor whose transaction and every older one have
   * ended (decision 0131). An event of a younger transaction that committed while an older one still runs
   * waits, and is read again shortly. One pull runs at a time; calls meanwhile fold into one more.
   */
  async pull(): Promise<void> {
    if (this.closing) return;
    if (this.pulling) {
      this.pullAgain = true;
      return;
    }
    this.pulling = true;
    try {
      do {
        this.pullAgain = false;
        if (this.lastId === null) {
          this.lastId = await this.readyCursor();
          continue;
        }
        const rows = await this.db.query<LiveEvent & { ready: boolean }>(PULL, cursorParams(this.lastId));
        let withheld = false;
        for (const { ready, ...e } of rows) {
          if (!ready) {
            withheld = true;
            break;
          }
          this.accept(e);
        }
        if (withheld) this.retryWithheld();
        else this.withheldDelay = WITHHELD_RETRY_MS;
        if (rows.length === PULL_BATCH && !withheld) this.pullAgain = true;
      } while (this.pullAgain && !this.closing);
    } catch (err) {
      this.log.warn({ err }, 'live events: reading new events failed');
    } finally {
      this.pulling = false;
    }
  }

  private retryWithheld(): void {
    if (this.withheldTimer || this.closing) return;
    this.withheldTimer = setTimeout(() => {
      this.withheldTimer = null;
      void this.pull();
    }, this.withheldDelay);
    this.withheldDelay = Math.min(this.withheldDelay * 2, SAFETY_PULL_MS);
  }

  private accept(e: LiveEvent): void {
    const id = BigInt(e.id);
    if (this.lastId !== null && id <= this.lastId) return;
    this.lastId = id;
    this.deliver(e);
  }
}
