// `npm run test:deploy` (docs/DEPLOY.md, decision 0128): the production setup of docs/DEPLOY.md, run for real.
//
// Two built instances (`node dist/server/main.js`, started with the ExecStart=/Environment= lines of
// deploy/systemd/wallet@.service and the variables of deploy/systemd/wallet.env.example) on one PostgreSQL
// database of their own (owned by a non-superuser role, as the guide sets it up), behind nginx over HTTPS
// with deploy/nginx/wallet.conf (ports and paths rewritten, nothing else) run as its own nginx master in a
// temporary prefix on high ports; the system nginx is never touched. A member journey and the
// administrator's approvals go through nginx with a TLS client that trusts only the test's self-signed
// certificate. Checked: Secure session cookie, HSTS, the client address the app records (nginx's, not a
// forged X-Forwarded-For), server-sent events unbuffered, gzip and precompressed files, the 64 KiB body
// limit, /metrics not public; then one instance gets SIGTERM mid-journey and every request the member and
// the administrator make meanwhile and afterwards is answered 2xx by the other.
//
// Runs on a development install (the server is rebuilt first) and on the pruned production install of
// docs/DEPLOY.md (the build in dist/ is run as it is). Needs: a build or the tools to make one, and
// PostgreSQL, both checked before anything is installed; root or nginx already installed (Debian's nginx is
// installed with apt-get when missing; without apt-get the test fails), openssl, PostgreSQL on 127.0.0.1:5432 where `postgres` may create databases
// (DEPLOY_PG_ADMIN_URL overrides). Everything it starts or creates is removed on any exit.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Browser } from './deploy-test/browser.mjs';
import { drain } from './deploy-test/drain.mjs';
import { frontDoor } from './deploy-test/front-door.mjs';
import {
  ADMIN_ADDRESS,
  check,
  cleanup,
  diagnostics,
  Failure,
  freePort,
  log,
  MEMBER_ADDRESS,
  SERVER_NAME,
  sleep,
  t0,
  which,
} from './deploy-test/harness.mjs';
import { ownDatabase, selfSignedCertificate, temporaryPrefix, verifyUnit } from './deploy-test/install.mjs';
import { journey } from './deploy-test/journey.mjs';
import { lostAnswers } from './deploy-test/lost-answers.mjs';
import { aptInstall, checkPrerequisites, ensureBuilt } from './deploy-test/prerequisites.mjs';
import { startInstances, startNginx } from './deploy-test/services.mjs';

async function main() {
  // What cannot be installed here is checked first: nothing is installed for a run that cannot go on.
  const build = await checkPrerequisites();
  if (!which('nginx')) aptInstall('nginx');
  if (!which('openssl')) aptInstall('openssl');
  const nginxBin = which('nginx');
  check(nginxBin, 'nginx is still missing after apt-get');
  ensureBuilt(build);

  const dir = temporaryPrefix();
  verifyUnit(dir);
  const { cert, key, ca } = selfSignedCertificate(dir);
  const { suffix, databaseUrl } = await ownDatabase();

  const [portA, portB, httpsPort, httpPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const admin = { username: `deployadmin${suffix}`, password: `Adm1n${suffix}pw`, pin: '135790' };
  const metricsToken = randomBytes(16).toString('hex');
  const publicUrl = `https://${SERVER_NAME}:${httpsPort}`;
  const replacements = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ADMIN_SECOND_PASSWORD: admin.pin,
    METRICS_TOKEN: metricsToken,
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const { a, b } = await startInstances(dir, [portA, portB], replacements);
  const { nginx, nginxExited, accessLog } = await startNginx(nginxBin, dir, {
    httpsPort,
    httpPort,
    upstreamPorts: [portA, portB],
    cert,
    key,
  });

  const member = new Browser('member', { port: httpsPort, ca, localAddress: MEMBER_ADDRESS });
  const adminB = new Browser('admin', { port: httpsPort, ca, localAddress: ADMIN_ADDRESS });
  const run = { a, member, adminB, admin, suffix, databaseUrl, httpsPort, ca, accessLog, portA, portB };
  await frontDoor({ httpPort, member, metricsToken, a, b });
  const journeyed = await journey(run);
  await drain(run, journeyed);
  await lostAnswers(run, journeyed.memberId);

  // --- The remaining instance and nginx stop cleanly too.
  b.child.kill('SIGTERM');
  const bExit = await Promise.race([b.exited, sleep(25_000).then(() => null)]);
  check(bExit?.code === 0, `instance B exit after SIGTERM: ${JSON.stringify(bExit)}`);
  nginx.kill('SIGQUIT');
  check(
    (await Promise.race([nginxExited, sleep(10_000).then(() => 'timeout')])) === 0,
    'nginx did not quit cleanly',
  );
  const jsonLines = readFileSync(b.out, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'));
  check(
    jsonLines.length > 0 && jsonLines.every((l) => 'level' in JSON.parse(l)),
    'the instance log has no JSON log lines for the journal',
  );
}

let exitCode = 0;
try {
  await main();
  log('PASSED');
} catch (err) {
  exitCode = 1;
  console.error(`\ntest:deploy FAILED: ${err instanceof Failure ? err.message : err.stack}\n`);
  for (const d of diagnostics) {
    try {
      d();
    } catch {}
  }
} finally {
  await cleanup();
  log(`finished in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  process.exit(exitCode);
}
