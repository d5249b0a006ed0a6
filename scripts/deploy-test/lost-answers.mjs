// A money request whose answer is lost after the instance committed it (the instance reset the
// connection: stopped or crashed mid-request). With its Idempotency-Key nginx resends it, and the member
// gets the first answer, booked once; without a key nginx answers 502 and does not resend
// (deploy/nginx/wallet.conf, decision 0205). A stand-in on A's port passes requests to B and drops B's
// answers; nginx sends to A's port again once A's fail_timeout (5 s) has passed since it last failed.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Browser } from './browser.mjs';
import { appQuery, check, Failure, log, MEMBER_ADDRESS, sleep, verifyOwnAccount } from './harness.mjs';

/**
 * A stand-in, on `port`, for an instance that fails mid-request (the window a stop or a crash leaves): each
 * connection from nginx is passed on to the instance on `target`, and as soon as that instance answers (its
 * transaction has committed) nginx's connection is reset and the answer dropped. `seen` lists the request
 * lines it took.
 */
function lostAnswerUpstream(port, target) {
  const seen = [];
  const server = net.createServer((from) => {
    const to = net.connect(target, '127.0.0.1');
    let head = '';
    from.on('data', (c) => {
      head += c.toString('latin1');
      to.write(c);
    });
    to.once('data', () => {
      seen.push(head.split('\r\n', 1)[0]);
      to.destroy();
      from.resetAndDestroy();
    });
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
    to.on('error', () => from.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({ seen, close: () => new Promise((r) => server.close(() => r())) }),
    );
  });
}

export async function lostAnswers({ member, httpsPort, ca, databaseUrl, accessLog, portA, portB }, memberId) {
  const lost = await lostAnswerUpstream(portA, portB);
  const lastAFailure = Math.max(
    ...readFileSync(accessLog, 'utf8')
      .trim()
      .split('\n')
      .filter((l) => l.includes(`127.0.0.1:${portA}`))
      .map((l) => Number(l.split(' ', 1)[0]) * 1000),
  );
  await sleep(Math.max(0, lastAFailure + 5200 - Date.now()));
  // Won deposits come only from the member's verified own-name account (an administrator's record).
  await verifyOwnAccount(databaseUrl, memberId);
  const depositCount = async () =>
    (
      await appQuery(databaseUrl, 'SELECT count(*)::int AS n FROM deposits WHERE member_id = $1', [memberId])
    )[0].n;
  /** Sends KRW deposit requests until one goes through the stand-in; every one must answer `expect`. */
  const throughStandIn = async (headers, expect) => {
    const client = new Browser('member (lost answers)', {
      port: httpsPort,
      ca,
      localAddress: MEMBER_ADDRESS,
    });
    client.cookies = member.cookies;
    const answers = [];
    for (let i = 0; i < 40; i++) {
      const seen = lost.seen.length;
      const a = await client.request('POST', '/api/deposits/krw', {
        body: {
          bank_name: '국민은행',
          account_number: '123-456-789012',
          account_holder: '홍길동',
          amount: '10000',
          depositor_name: '홍길동',
        },
        headers: headers(),
      });
      answers.push(a);
      if (lost.seen.length > seen) {
        check(
          a.status === expect,
          `a deposit whose answer was lost got ${a.status}: ${a.text.slice(0, 200)}`,
        );
        return answers;
      }
      check(a.status === 201, `a deposit on B answered ${a.status}: ${a.text.slice(0, 200)}`);
      await sleep(200);
    }
    throw new Failure("nginx sent no deposit to the stand-in on A's port in 40 tries");
  };
  const countBefore = await depositCount();
  const keyedAnswers = await throughStandIn(() => ({ 'idempotency-key': randomUUID() }), 201);
  const keyedLost = keyedAnswers.at(-1);
  const countKeyed = await depositCount();
  check(
    countKeyed - countBefore === keyedAnswers.length,
    `${keyedAnswers.length} keyed deposit requests booked ${countKeyed - countBefore} deposits`,
  );
  const keyedRow = await appQuery(
    databaseUrl,
    'SELECT status FROM deposits WHERE id = $1 AND member_id = $2',
    [keyedLost.json.data.id, memberId],
  );
  check(
    keyedRow.length === 1 && keyedRow[0].status === 'pending',
    `the resent request's answer names deposit ${keyedLost.json.data.id}: ${JSON.stringify(keyedRow)}`,
  );
  await sleep(5200); // A's port failed again: nginx tries it again after fail_timeout
  const plainAnswers = await throughStandIn(() => ({}), 502);
  const countPlain = await depositCount();
  check(
    countPlain - countKeyed === plainAnswers.length,
    `${plainAnswers.length} deposit requests without a key booked ${countPlain - countKeyed} deposits`,
  );
  await lost.close();
  log(
    `lost answers: a keyed deposit reset after B committed it was resent and answered 201 with that deposit (booked once, ${keyedAnswers.length} tries); one without a key got 502, booked once, not resent`,
  );
}
