import type { Client } from './client';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  json: any;
}

/** A `text/event-stream` reader over fetch with a client's cookies: what a browser's EventSource does. */
export class SseStream {
  readonly events: SseEvent[] = [];
  status = 0;
  contentType = '';
  /** Resolves when the server ends the stream (or it fails). */
  readonly ended: Promise<void>;
  private endedResolve!: () => void;
  private waiters: (() => void)[] = [];
  private controller = new AbortController();
  comments = 0;
  isEnded = false;

  constructor(
    readonly client: Client,
    readonly opts: { lastEventId?: string; path?: string } = {},
  ) {
    this.ended = new Promise((r) => {
      this.endedResolve = r;
    });
  }

  /** Opens the stream; resolves once the response headers arrived (status and content type known). */
  async open(): Promise<this> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (this.client.cookies.size)
      headers.cookie = [...this.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.opts.lastEventId !== undefined) headers['last-event-id'] = this.opts.lastEventId;
    const res = await fetch(`${this.client.base}${this.opts.path ?? '/api/events'}`, {
      headers,
      signal: this.controller.signal,
    });
    this.status = res.status;
    this.contentType = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body) {
      await res.text().catch(() => {});
      this.finish();
      return this;
    }
    void this.read(res.body);
    return this;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      const reader = body.getReader();
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        buf += decoder.decode(chunk, { stream: true });
        let at = buf.indexOf('\n\n');
        while (at >= 0) {
          this.parse(buf.slice(0, at));
          buf = buf.slice(at + 2);
          at = buf.indexOf('\n\n');
        }
        this.wake();
      }
    } catch {
      // aborted or cut
    }
    this.finish();
  }

  private parse(block: string) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.comments++;
        continue;
      }
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') {
        data.push(value);
        any = true;
      }
    }
    if (!any) return;
    const text = data.join('\n');
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    this.events.push({ id, event, data: text, json });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private finish() {
    this.isEnded = true;
    this.endedResolve();
    this.wake();
  }

  /** Waits (up to `timeoutMs`) until `pred` holds for the received events. */
  async waitFor(pred: (events: SseEvent[]) => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.events)) {
      if (this.isEnded)
        throw new Error(`stream ended; got ${JSON.stringify(this.events.map((e) => e.json))}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out; got ${JSON.stringify(this.events.map((e) => e.json?.type ?? e.event))}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
  }

  /** The types of the received data events. */
  types(): string[] {
    return this.events.filter((e) => e.json).map((e) => e.json.type as string);
  }

  close() {
    this.controller.abort();
  }
}

/** Opens a live-events stream for a client. */
export const openEvents = (client: Client, opts?: { lastEventId?: string; path?: string }) =>
  new SseStream(client, opts).open();
