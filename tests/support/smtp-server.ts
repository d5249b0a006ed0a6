import net from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  /** The message as received (headers and body, dot-unstuffed). */
  raw: string;
  /** The raw message with quoted-printable decoded (UTF-8), for reading the text. */
  decoded: string;
}

export interface SmtpServer {
  url: string;
  mails: CapturedMail[];
  /** Resolves with the `nth` mail (1 = the first) received for `to`, waiting for it to arrive. */
  waitForMail(to: string, nth?: number, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Decodes quoted-printable: soft line breaks and =XX bytes (read as UTF-8). */
export function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The email-change token of a captured mail's link. */
export function tokenFromMail(mail: CapturedMail): string {
  const m = mail.decoded.match(/[?&]token=([A-Za-z0-9_-]+)/);
  if (!m) throw new Error(`no token in mail:\n${mail.decoded}`);
  return m[1]!;
}

/** The confirmation link of a captured mail. */
export function linkFromMail(mail: CapturedMail): string {
  const m = mail.decoded.match(/https?:\/\/\S+[?&]token=[A-Za-z0-9_-]+/);
  if (!m) throw new Error(`no link in mail:\n${mail.decoded}`);
  return m[0];
}

/**
 * A tiny real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it receives,
 * so tests read mails the way a member would, without mocking the mailer.
 */
export async function startSmtpServer(): Promise<SmtpServer> {
  const mails: CapturedMail[] = [];
  const sockets = new Set<net.Socket>();

  const deliver = (mail: CapturedMail) => mails.push(mail);

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');

    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let idx = buffer.indexOf('\r\n');
      while (idx >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const raw = dataLines.join('\r\n');
            deliver({ from, to, raw, decoded: decodeQuotedPrintable(raw) });
            dataLines = [];
            from = '';
            to = [];
            reply('250 OK queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
        } else {
          const cmd = line.slice(0, 4).toUpperCase();
          const arg = (line.match(/<([^>]*)>/) ?? [])[1] ?? '';
          if (cmd === 'EHLO' || cmd === 'HELO') reply('250 localhost');
          else if (cmd === 'MAIL') {
            from = arg;
            reply('250 OK');
          } else if (cmd === 'RCPT') {
            to.push(arg);
            reply('250 OK');
          } else if (cmd === 'DATA') {
            inData = true;
            reply('354 End data with <CR><LF>.<CR><LF>');
          } else if (cmd === 'RSET') {
            from = '';
            to = [];
            reply('250 OK');
          } else if (cmd === 'NOOP') reply('250 OK');
          else if (cmd === 'QUIT') {
            reply('221 Bye');
            socket.end();
          } else reply('502 Command not implemented');
        }
        idx = buffer.indexOf('\r\n');
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(to, nth = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
        if (found.length >= nth) return found[nth - 1]!;
        if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
