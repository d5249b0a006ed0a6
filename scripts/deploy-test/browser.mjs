// What the member's and the administrator's browsers do through nginx: requests with cookies and Origin
// (every answer recorded) and the live-event stream.
import https from 'node:https';
import zlib from 'node:zlib';
import { check, Failure, MEMBER_ADDRESS, SERVER_NAME } from './harness.mjs';

// A browser: TLS trusting only the test's certificate, its own source address, a cookie jar, Origin on
// every mutation (as a browser sends it), and every answer recorded.
export class Browser {
  constructor(name, { port, ca, localAddress }) {
    this.name = name;
    this.port = port;
    this.origin = `https://${SERVER_NAME}:${port}`;
    this.agent = new https.Agent({ keepAlive: true, ca, localAddress, servername: SERVER_NAME });
    this.cookies = new Map();
    this.answers = [];
  }

  request(method, urlPath, { body, headers = {}, raw = false } = {}) {
    const h = {
      host: `${SERVER_NAME}:${this.port}`,
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) test-deploy ${this.name}`,
      accept: 'application/json',
      ...headers,
    };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    if (method !== 'GET' && method !== 'HEAD') h.origin = this.origin;
    return new Promise((resolve, reject) => {
      const req = https.request(
        { host: '127.0.0.1', port: this.port, method, path: urlPath, headers: h, agent: this.agent },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            for (const c of res.headers['set-cookie'] ?? []) {
              const [pair] = c.split(';');
              const i = pair.indexOf('=');
              const k = pair.slice(0, i).trim();
              const v = pair.slice(i + 1);
              if (!v || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(k);
              else this.cookies.set(k, v);
            }
            let buf = Buffer.concat(chunks);
            const enc = res.headers['content-encoding'];
            if (enc === 'gzip') buf = zlib.gunzipSync(buf);
            else if (enc === 'br') buf = zlib.brotliDecompressSync(buf);
            const text = buf.toString('utf8');
            let json;
            if (!raw && /json/.test(res.headers['content-type'] ?? '')) json = JSON.parse(text);
            const answer = {
              at: Date.now(),
              method,
              path: urlPath,
              status: res.statusCode,
              headers: res.headers,
              text,
              json,
            };
            this.answers.push(answer);
            resolve(answer);
          });
        },
      );
      req.on('error', (err) => {
        this.answers.push({ at: Date.now(), method, path: urlPath, status: 0, error: err.message });
        reject(new Failure(`${this.name}: ${method} ${urlPath}: ${err.message}`));
      });
      req.end(payload);
    });
  }

  /** A step of the journey: it must succeed (2xx), or the test fails showing what the member saw. */
  async ok(method, urlPath, body, headers) {
    const a = await this.request(method, urlPath, { body, headers });
    check(
      a.status >= 200 && a.status < 300,
      `${this.name}: ${method} ${urlPath} answered ${a.status}: ${a.text.slice(0, 300)}`,
    );
    return a.json?.data ?? a;
  }
}

/** A member's /api/events stream through nginx (the browser's EventSource, by hand). */
export function openEvents(browser, port, ca, lastEventId) {
  let buf = '';
  let ended = false;
  const waiters = [];
  let resolveConnected;
  let rejectConnected;
  const connected = new Promise((res, rej) => {
    resolveConnected = res;
    rejectConnected = rej;
  });
  const req = https.request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/events',
      method: 'GET',
      ca,
      servername: SERVER_NAME,
      localAddress: MEMBER_ADDRESS,
      headers: {
        host: `${SERVER_NAME}:${port}`,
        accept: 'text/event-stream',
        ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    },
    (res) => {
      if (res.statusCode !== 200) rejectConnected(new Failure(`/api/events answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('end', () => {
        ended = true;
      });
      res.on('data', (c) => {
        buf += c;
        if (buf.includes(': connected')) resolveConnected();
        for (const w of waiters) w();
      });
    },
  );
  req.on('error', (err) => rejectConnected(new Failure(`/api/events: ${err.message}`)));
  req.end();
  return {
    connected,
    text: () => buf,
    ended: () => ended,
    lastId: () => [...buf.matchAll(/^id: (\d+)$/gm)].at(-1)?.[1],
    waitFor: (type, id) =>
      new Promise((resolve) => {
        const test = () => {
          const hit = buf.split('\n\n').find((e) => e.includes(`"type":"${type}"`) && e.includes(id));
          if (hit) resolve(hit);
        };
        waiters.push(test);
        test();
      }),
    close: () => req.destroy(),
  };
}
