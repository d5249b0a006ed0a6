// One instance stops mid-journey (SIGTERM): the member keeps polling and continues, the administrator
// approves, the live events resume; then what the app and nginx recorded of it all.
import { readFileSync } from 'node:fs';
import { openEvents } from './browser.mjs';
import { appQuery, check, FORGED, log, MEMBER_ADDRESS, sleep } from './harness.mjs';
import { tail } from './services.mjs';

export async function drain(
  { a, member, adminB, httpsPort, ca, databaseUrl, accessLog, portA, portB },
  { creds, memberId, events, deposit, krwRequest },
) {
  const sigtermAt = Date.now();
  a.child.kill('SIGTERM');
  log(`SIGTERM to instance A (pid ${a.child.pid}); the journey continues at once`);
  let polling = true;
  let pollError = null;
  const poller = (async () => {
    let n = 0;
    while (polling) {
      await member.ok('GET', '/api/balances');
      n++;
      await sleep(20);
    }
    return n;
  })().catch((err) => {
    pollError = err;
    return 0;
  });
  const withdrawal = await krwRequest('withdrawals', {
    second_password: creds.pin,
    amount: '20000',
    bank_name: '국민은행',
    account_number: '123-456-789012',
    account_holder: '홍길동',
    memo: '',
  });
  const aExit = await Promise.race([a.exited, sleep(25_000).then(() => null)]);
  check(aExit, 'instance A did not exit within 25 s of SIGTERM');
  check(aExit.code === 0, `instance A exited with ${JSON.stringify(aExit)} (a drain exits 0):\n${tail(a)}`);
  log(`instance A drained and exited 0 after ${Date.now() - sigtermAt} ms`);
  // The live-event stream: if it ran on A it was ended by the drain, and the browser's EventSource
  // reconnects with Last-Event-ID (to B now) and gets what it missed; on B it simply continues.
  const wasOnA = events.ended();
  const stream = wasOnA ? openEvents(member, httpsPort, ca, events.lastId()) : events;
  if (wasOnA) await stream.connected;
  const wApproved = await adminB.ok('POST', `/api/admin/withdrawals/${withdrawal.id}/approve`);
  check(wApproved.status === 'approved', `withdrawal approval: ${JSON.stringify(wApproved)}`);
  for (const type of ['withdrawal.created', 'withdrawal.approved']) {
    const got = await Promise.race([stream.waitFor(type, withdrawal.id), sleep(5000).then(() => null)]);
    check(
      got,
      `${type} did not reach the member's event stream after the stop (${wasOnA ? 'reconnected with Last-Event-ID' : 'stream on B'}): ${stream.text().slice(-300)}`,
    );
  }
  stream.close();
  events.close();
  const history = await member.ok('GET', '/api/history');
  const historyText = JSON.stringify(history);
  check(
    historyText.includes(deposit.id) && historyText.includes(withdrawal.id),
    `history lacks the deposit or the withdrawal: ${historyText.slice(0, 400)}`,
  );
  const balances2 = await member.ok('GET', '/api/balances');
  check(
    JSON.stringify(balances2).includes('30000'),
    `balance after the withdrawal: ${JSON.stringify(balances2)}`,
  );
  await sleep(300);
  polling = false;
  const polls = await poller;
  if (pollError) throw pollError;
  log(
    `withdrawal requested and approved, history shows both; ${polls} balance reads during and after the drain; live events ${wasOnA ? 'ended by the drain, resumed on B with Last-Event-ID' : 'continued on B'}`,
  );

  // --- The address the app recorded is the one nginx saw, never the forged one.
  const authRows = await appQuery(
    databaseUrl,
    'SELECT kind, success, ip FROM auth_events WHERE member_id = $1 ORDER BY id',
    [memberId],
  );
  check(authRows.length >= 2, `auth_events for the member: ${JSON.stringify(authRows)}`);
  for (const r of authRows) {
    check(
      r.ip === MEMBER_ADDRESS,
      `auth_events recorded ${r.ip} for ${r.kind}; nginx passed ${MEMBER_ADDRESS} (forged: ${FORGED})`,
    );
  }
  const adminLog = await adminB.ok('GET', `/api/admin/auth-events?memberId=${memberId}`);
  const adminItems = adminLog.items ?? [];
  check(
    adminItems.length >= 2 && adminItems.every((i) => i.ip === MEMBER_ADDRESS),
    `admin sign-in log: ${JSON.stringify(adminItems).slice(0, 400)}`,
  );
  log(`sign-in log: ${authRows.map((r) => `${r.kind} ${r.ip}`).join(', ')} (the forged ${FORGED} ignored)`);

  const ledger = await adminB.ok('GET', '/api/admin/ledger/verify');
  check(ledger.ok === true, `ledger check: ${JSON.stringify(ledger).slice(0, 300)}`);

  // --- Every answer the member and the administrator got was 2xx; nginx used both instances before the
  // stop and only B after A exited.
  const bad = [...member.answers, ...adminB.answers].filter((x) => !(x.status >= 200 && x.status < 300));
  check(
    bad.length === 0,
    `answers that were not 2xx: ${JSON.stringify(bad.map(({ method, path: p, status }) => ({ method, p, status })))}`,
  );
  const lines = readFileSync(accessLog, 'utf8')
    .trim()
    .split('\n')
    .map((l) => {
      const [msec, status, method, uri, upstream] = l.match(/^(\S+) (\d+) (\S+) (\S+) "([^"]*)"/).slice(1);
      return { at: Number(msec) * 1000, status: Number(status), method, uri, upstream };
    });
  const before = lines.filter((l) => l.at < sigtermAt);
  const used = new Set(before.map((l) => l.upstream));
  check(
    used.has(`127.0.0.1:${portA}`) && used.has(`127.0.0.1:${portB}`),
    `nginx did not spread requests over both instances: ${[...used]}`,
  );
  const after = lines.filter((l) => l.at > sigtermAt);
  const retried = after.filter((l) => l.upstream.includes(','));
  const lastByA = after.filter((l) => l.upstream.split(', ').at(-1) === `127.0.0.1:${portA}`);
  log(
    `nginx: ${before.length} requests before SIGTERM over both; ${after.length} after (${lastByA.length} still finished by A while draining, ${retried.length} moved from A to B); member and administrator saw ${member.answers.length + adminB.answers.length} answers, all 2xx`,
  );
}
