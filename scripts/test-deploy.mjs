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
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as OTPAuth from 'otpauth';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const t0 = Date.now();
const log = (msg) =>
  console.log(`[test:deploy ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`);
class Failure extends Error {}
function check(cond, msg) {
  if (!cond) throw new Failure(msg);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const PG_ADMIN_URL = process.env.DEPLOY_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SERVER_NAME = 'wallet.test';
const MEMBER_ADDRESS = '127.0.0.2'; // the member's "browser" connects to nginx from here
const ADMIN_ADDRESS = '127.0.0.3'; // and the administrator's from here
const FORGED = '203.0.113.77'; // what a client writes into X-Forwarded-For itself

// ---------------------------------------------------------------------------------------------------
// Cleanup: every child and every database object, on any exit.
const children = new Set();
const diagnostics = [];
const cleanups = [];
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  killChildren();
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error(`cleanup: ${err.message}`);
    }
  }
}
/** Instances get SIGKILL; nginx's master SIGTERM (a killed master would leave its workers behind). */
function killChildren() {
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) c.kill(c.nginxMaster ? 'SIGTERM' : 'SIGKILL');
  }
}
process.on('exit', killChildren);
for (const event of ['unhandledRejection', 'uncaughtException']) {
  process.on(event, (err) => {
    console.error(`\ntest:deploy FAILED (${event}): ${err instanceof Failure ? err.message : err?.stack}`);
    cleanup().finally(() => process.exit(1));
  });
}
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    console.error(`test:deploy: ${sig}, cleaning up`);
    cleanup().finally(() => process.exit(1));
  });
}

// ---------------------------------------------------------------------------------------------------
// Prerequisites.
function which(cmd) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin']) {
    const p = path.join(dir, cmd);
    if (dir && existsSync(p)) return p;
  }
  return null;
}

function aptInstall(pkg) {
  log(`installing Debian's ${pkg} with apt-get`);
  if (!which('apt-get')) throw new Failure(`${pkg} is missing and apt-get is not available: install ${pkg}`);
  if (process.getuid?.() !== 0)
    throw new Failure(`${pkg} is missing: run as root, or apt-get install ${pkg}`);
  // A package's maintainer scripts must not start the system's service (policy-rc.d 101 = "not now").
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', '--no-install-recommends', pkg],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      check(r.status === 0, `apt-get ${args.join(' ')} failed (exit ${r.status})`);
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

/** Whether the development tools are installed (a pruned production install has none). */
function canBuild() {
  try {
    import.meta.resolve('esbuild');
    return true;
  } catch {
    return false;
  }
}

/**
 * Everything the test needs that it does not install itself, checked before anything is installed: a
 * build it can run (a pruned production install has only dist/, and no esbuild to make it again) and
 * PostgreSQL. Returns what to do about the build.
 */
async function checkPrerequisites() {
  const built = ['dist/server/main.js', 'dist/client/index.html'].every((f) =>
    existsSync(path.join(root, f)),
  );
  const build = canBuild() ? 'rebuild' : 'as-is';
  check(
    build === 'rebuild' || built,
    'no build in dist/ and no development tools to make one: run `npm ci && npm run build` (then `npm prune --omit=dev` if wanted) first',
  );
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new Failure(
      `PostgreSQL is not reachable at ${PG_ADMIN_URL.replace(/\/\/[^@]*@/, '//…@')}: ${err.message}`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return build;
}

function ensureBuilt(build) {
  // A production install (`npm ci && npm run build && npm prune --omit=dev`) runs the build it has, as
  // the service would. A development install rebuilds the server bundle (a second), so the test never runs
  // a stale one; the client only when it is missing (CI has just built it).
  if (build === 'as-is') {
    log('no development tools (a pruned production install): running the build in dist/ as it is');
    return;
  }
  const run = (script) => {
    const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
    check(r.status === 0, `npm run ${script} failed`);
  };
  if (!existsSync(path.join(root, 'dist/client/index.html'))) {
    log('no built client in dist/: npm run build');
    run('build');
  } else run('build:server');
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The repository's files, read as an operator would install them.
const UNIT = readFileSync(path.join(root, 'deploy/systemd/wallet@.service'), 'utf8');
const ENV_EXAMPLE = readFileSync(path.join(root, 'deploy/systemd/wallet.env.example'), 'utf8');
const NGINX_CONF = readFileSync(path.join(root, 'deploy/nginx/wallet.conf'), 'utf8');

/** The instance's environment as systemd builds it: the unit's Environment=, then the EnvironmentFile. */
function instanceEnv(port, replacements) {
  const env = { PATH: process.env.PATH };
  const unitVars = [...UNIT.matchAll(/^Environment=(.*)$/gm)].flatMap((m) => m[1].trim().split(/\s+/));
  check(unitVars.length > 0, 'wallet@.service has no Environment= line');
  for (const kv of unitVars) {
    const i = kv.indexOf('=');
    env[kv.slice(0, i)] = kv.slice(i + 1).replaceAll('%i', String(port));
  }
  for (const line of ENV_EXAMPLE.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const i = line.indexOf('=');
    check(i > 0, `wallet.env.example: not KEY=VALUE: ${line}`);
    const key = line.slice(0, i).trim();
    let value = line.slice(i + 1);
    if (key in replacements) value = replacements[key];
    check(!/<[^>]*>/.test(value), `wallet.env.example: ${key} has a placeholder the test does not fill in`);
    env[key] = value;
  }
  return env;
}

function execStart() {
  const m = UNIT.match(/^ExecStart=(.*)$/m);
  check(m, 'wallet@.service has no ExecStart=');
  const [bin, ...args] = m[1].trim().split(/\s+/);
  check(path.basename(bin) === 'node', `ExecStart= runs ${bin}, not node`);
  check(args.includes('dist/server/main.js'), 'ExecStart= does not run dist/server/main.js');
  return args;
}

/** deploy/nginx/wallet.conf with this run's ports, certificate and name; every rewrite must apply. */
function renderNginxConf({ httpsPort, httpPort, upstreamPorts, cert, key }) {
  let conf = NGINX_CONF;
  const rewrite = (re, to, what) => {
    check(re.test(conf), `deploy/nginx/wallet.conf: no ${what} to rewrite (${re})`);
    conf = conf.replace(re, to);
  };
  rewrite(/^(\s*)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${httpsPort} ssl http2;`, 'listen 443');
  rewrite(/^\s*listen \[::\]:443 ssl http2;\n/m, '', 'listen [::]:443');
  rewrite(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${httpPort};`, 'listen 80');
  rewrite(/^\s*listen \[::\]:80;\n/m, '', 'listen [::]:80');
  rewrite(/^(\s*)ssl_certificate\s+\S+;$/m, `$1ssl_certificate ${cert};`, 'ssl_certificate');
  rewrite(/^(\s*)ssl_certificate_key\s+\S+;$/m, `$1ssl_certificate_key ${key};`, 'ssl_certificate_key');
  rewrite(/^(\s*)server_name\s+\S+;$/gm, `$1server_name ${SERVER_NAME};`, 'server_name');
  const servers = [...conf.matchAll(/^(\s*)server 127\.0\.0\.1:\d+(.*);$/gm)];
  check(servers.length >= 2, 'deploy/nginx/wallet.conf: the upstream lists fewer than two instances');
  const params = servers[0][2];
  conf = conf.replace(/^(\s*)server 127\.0\.0\.1:\d+.*;\n/gm, '');
  conf = conf.replace(
    /upstream wallet_upstream \{\n/,
    `upstream wallet_upstream {\n${upstreamPorts.map((p) => `    server 127.0.0.1:${p}${params};\n`).join('')}`,
  );
  return conf;
}

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

// ---------------------------------------------------------------------------------------------------
// A browser: TLS trusting only the test's certificate, its own source address, a cookie jar, Origin on
// every mutation (as a browser sends it), and every answer recorded.
class Browser {
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

// ---------------------------------------------------------------------------------------------------
async function main() {
  // What cannot be installed here is checked first: nothing is installed for a run that cannot go on.
  const build = await checkPrerequisites();
  if (!which('nginx')) aptInstall('nginx');
  if (!which('openssl')) aptInstall('openssl');
  const nginxBin = which('nginx');
  check(nginxBin, 'nginx is still missing after apt-get');
  ensureBuilt(build);

  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-deploy-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // nginx's workers (nobody when the master is root) read below the prefix.
  chmodSync(dir, 0o755);
  log(`temporary prefix ${dir}`);

  // The unit as systemd reads it: no unknown keys, nothing ignored (where systemd-analyze exists).
  if (which('systemd-analyze')) {
    mkdirSync(path.join(dir, 'units'));
    writeFileSync(path.join(dir, 'units/wallet@.service'), UNIT);
    const v = spawnSync('systemd-analyze', ['verify', path.join(dir, 'units/wallet@3001.service')], {
      encoding: 'utf8',
    });
    const said = `${v.stdout}${v.stderr}`.trim();
    check(
      v.status === 0 && !/unknown|ignoring|invalid/i.test(said),
      `systemd-analyze verify wallet@.service: ${said}`,
    );
    log('systemd-analyze verify: wallet@.service is clean');
  }

  // A self-signed certificate for wallet.test and 127.0.0.1; the clients trust exactly this one.
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const ssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      `/CN=${SERVER_NAME}`,
      '-addext',
      `subjectAltName=DNS:${SERVER_NAME},IP:127.0.0.1`,
    ],
    { encoding: 'utf8' },
  );
  check(ssl.status === 0, `openssl failed: ${ssl.stderr}`);
  const ca = readFileSync(cert);

  // PostgreSQL: a database of its own, owned by a role that is not a superuser (docs/DEPLOY.md).
  const suffix = randomBytes(4).toString('hex');
  const dbName = `wallet_deploy_${suffix}`;
  const role = `wallet_deploy_${suffix}`;
  const rolePassword = randomBytes(12).toString('hex');
  const pgAdmin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await pgAdmin.connect().catch((err) => {
    throw new Failure(`PostgreSQL at ${PG_ADMIN_URL}: ${err.message}`);
  });
  cleanups.push(async () => {
    await pgAdmin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await pgAdmin.query(`DROP ROLE IF EXISTS ${role}`);
    await pgAdmin.end();
    log(`dropped database and role ${dbName}`);
  });
  await pgAdmin.query(
    `CREATE ROLE ${role} LOGIN PASSWORD '${rolePassword}' NOSUPERUSER NOCREATEDB NOCREATEROLE`,
  );
  await pgAdmin.query(`CREATE DATABASE ${dbName} OWNER ${role} ENCODING 'UTF8' TEMPLATE template0`);
  await pgAdmin.query(`REVOKE ALL ON DATABASE ${dbName} FROM PUBLIC`);
  const pgUrl = new URL(PG_ADMIN_URL);
  const databaseUrl = `postgres://${role}:${rolePassword}@${pgUrl.host}/${dbName}`;
  log(`database ${dbName}, owned by role ${role} (no superuser)`);

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

  // The two instances, started together: the migrations run once, under the advisory lock.
  const instances = {};
  const startInstance = (name, port) => {
    const env = instanceEnv(port, replacements);
    // This machine has no way out to the price providers; the operator's instances keep the default.
    env.PRICE_REFRESH = 'false';
    const out = path.join(dir, `instance-${name}.log`);
    const fd = openSync(out, 'a');
    const child = spawn(process.execPath, execStart(), { cwd: root, env, stdio: ['ignore', fd, fd] });
    children.add(child);
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    instances[name] = { name, port, child, out, exited, env };
    return instances[name];
  };
  diagnostics.push(() => {
    for (const inst of Object.values(instances))
      console.error(`--- instance ${inst.name} log (last lines)\n${tail(inst)}`);
  });
  const tail = (inst) => readFileSync(inst.out, 'utf8').split('\n').slice(-30).join('\n');
  const waitReady = async (inst) => {
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      check(inst.child.exitCode === null, `instance ${inst.name} exited at start:\n${tail(inst)}`);
      const status = await new Promise((resolve) => {
        http
          .get({ host: '127.0.0.1', port: inst.port, path: '/readyz' }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', () => resolve(0));
      });
      if (status === 200) return;
      await sleep(200);
    }
    throw new Failure(`instance ${inst.name} not ready in 90 s:\n${tail(inst)}`);
  };
  const a = startInstance('A', portA);
  const b = startInstance('B', portB);
  check(
    a.env.TRUST_PROXY && a.env.HOST === '127.0.0.1',
    'the unit/env file no longer set HOST and TRUST_PROXY',
  );
  log(
    `instances A :${portA} and B :${portB} starting (TRUST_PROXY=${a.env.TRUST_PROXY}, NODE_ENV=${a.env.NODE_ENV})`,
  );
  await Promise.all([waitReady(a), waitReady(b)]);
  log('both instances ready (/readyz 200)');

  // nginx: its own master, in the temporary prefix, on high ports, with the repository's server blocks.
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true });
  writeFileSync(
    path.join(nginxDir, 'wallet.conf'),
    renderNginxConf({ httpsPort, httpPort, upstreamPorts: [portA, portB], cert, key }),
  );
  const accessLog = path.join(nginxDir, 'access.log');
  writeFileSync(
    path.join(nginxDir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process on;',
      'worker_processes 1;',
      process.getuid?.() === 0 ? 'user nobody nogroup;' : '',
      `pid ${nginxDir}/nginx.pid;`,
      `error_log ${nginxDir}/error.log info;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t}_temp_path ${nginxDir}/tmp/${t};`,
      ),
      '  log_format deploy \'$msec $status $request_method $uri "$upstream_addr" "$upstream_status" $remote_addr\';',
      `  access_log ${accessLog} deploy;`,
      `  include ${nginxDir}/wallet.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  diagnostics.push(() => {
    const errLog = path.join(nginxDir, 'error.log');
    if (existsSync(errLog))
      console.error(
        `--- nginx error.log (last lines)\n${readFileSync(errLog, 'utf8').split('\n').slice(-20).join('\n')}`,
      );
  });
  const nginxArgs = [
    '-p',
    nginxDir,
    '-c',
    path.join(nginxDir, 'nginx.conf'),
    '-e',
    path.join(nginxDir, 'error.log'),
  ];
  const test = spawnSync(nginxBin, ['-t', ...nginxArgs], { encoding: 'utf8' });
  check(test.status === 0, `nginx -t refused the configuration:\n${test.stderr}`);
  const nginx = spawn(nginxBin, nginxArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
  nginx.nginxMaster = true;
  children.add(nginx);
  const nginxExited = new Promise((resolve) => nginx.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    // killChildren() sent SIGTERM: wait for the master, which waits for its workers.
    if (nginx.exitCode === null) await Promise.race([nginxExited, sleep(5000)]);
  });
  for (let i = 0; ; i++) {
    const up = await new Promise((resolve) =>
      net
        .connect(httpsPort, '127.0.0.1')
        .once('connect', function () {
          this.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false)),
    );
    if (up) break;
    check(
      nginx.exitCode === null && i < 100,
      `nginx did not start:\n${readFileSync(path.join(nginxDir, 'error.log'), 'utf8')}`,
    );
    await sleep(50);
  }
  log(
    `nginx ${spawnSync(nginxBin, ['-v'], { encoding: 'utf8' }).stderr.trim()} on https://${SERVER_NAME}:${httpsPort} (pid ${nginx.pid})`,
  );

  const member = new Browser('member', { port: httpsPort, ca, localAddress: MEMBER_ADDRESS });
  const adminB = new Browser('admin', { port: httpsPort, ca, localAddress: ADMIN_ADDRESS });

  // --- The front door: redirect, TLS, HSTS, compression, body limit, /metrics not public.
  const redirect = await new Promise((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port: httpPort, path: '/login', headers: { host: SERVER_NAME } }, (res) => {
        res.resume();
        resolve(res);
      })
      .on('error', reject),
  );
  check(
    redirect.statusCode === 301 && redirect.headers.location === `https://${SERVER_NAME}/login`,
    `plain HTTP is not redirected to HTTPS (${redirect.statusCode} ${redirect.headers.location})`,
  );
  const page = await member.request('GET', '/login', {
    headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
  });
  check(
    page.status === 200 && page.text.includes('<div id="root">'),
    `GET /login through nginx: ${page.status}`,
  );
  const hsts = page.headers['strict-transport-security'];
  check(hsts === 'max-age=31536000; includeSubDomains', `HSTS header on the page: ${JSON.stringify(hsts)}`);
  const script = page.text.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  check(script, 'no script in the built page');
  const asset = await member.request('GET', script, { headers: { 'accept-encoding': 'br, gzip' } });
  check(
    asset.status === 200 && asset.headers['content-encoding'] === 'br',
    `built script not sent precompressed (br): ${asset.status} ${asset.headers['content-encoding']}`,
  );
  const assetGz = await member.request('GET', script, { headers: { 'accept-encoding': 'gzip' } });
  check(
    assetGz.headers['content-encoding'] === 'gzip' && assetGz.text === asset.text,
    'built script not sent as gzip to a gzip-only client',
  );
  const openapi = await member.request('GET', '/api/openapi.json', {
    headers: { 'accept-encoding': 'gzip' },
  });
  check(
    openapi.status === 200 && openapi.headers['content-encoding'] === 'gzip',
    `API JSON not gzipped by nginx: ${openapi.headers['content-encoding']}`,
  );
  const big = await member.request('POST', '/api/login', {
    body: JSON.stringify({ email: 'x'.repeat(70 * 1024), password: 'x' }),
  });
  check(big.status === 413, `a 70 KiB body reached the app (${big.status}); nginx must refuse it`);
  const metricsPublic = await member.request('GET', '/metrics', {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  check(metricsPublic.status === 404, `/metrics answered ${metricsPublic.status} through nginx`);
  for (const inst of [a, b]) {
    const m = await fetch(`http://127.0.0.1:${inst.port}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    const text = await m.text();
    check(
      m.status === 200 && text.includes('wallet_http_request_duration_seconds_count'),
      `instance ${inst.name} /metrics with the token: ${m.status}`,
    );
  }
  member.answers.length = 0; // the checks above are not the member's journey
  log('front door: HTTP→HTTPS redirect, HSTS, br/gzip, 413 over 64 KiB, /metrics only on the instances');

  // --- Member journey, part one, on both instances (nginx alternates between them).
  const creds = { username: `deploy${suffix}`, password: `passw0rd${suffix}`, pin: '246813' };
  const signup = await member.ok('POST', '/api/signup', {
    email: `${creds.username}@example.com`,
    password: creds.password,
    options: {
      data: {
        username: creds.username,
        full_name: '홍길동',
        contact: '010-1234-5678',
        second_password: creds.pin,
        marketing_consent: false,
        terms_agreed: true,
        privacy_agreed: true,
        age_confirmed: true,
      },
    },
  });
  const memberId = signup.user.id;
  // The member's own client writes an address into X-Forwarded-For: it must not be believed.
  const login = await member.request('POST', '/api/login', {
    body: { email: creds.username, password: creds.password },
    headers: { 'x-forwarded-for': FORGED },
  });
  check(login.status === 200, `login answered ${login.status}: ${login.text}`);
  const cookie = (login.headers['set-cookie'] ?? []).find((c) => !/max-age=0/i.test(c));
  check(cookie, 'login set no session cookie');
  check(
    /;\s*Secure/i.test(cookie) && /;\s*HttpOnly/i.test(cookie),
    `session cookie not Secure+HttpOnly: ${cookie}`,
  );
  check(login.headers['strict-transport-security'], 'no HSTS on an API answer');
  const second = await member.request('POST', '/api/auth/second-factor', {
    body: { second_password: creds.pin },
    headers: { 'x-forwarded-for': FORGED },
  });
  check(second.status === 200, `second step answered ${second.status}: ${second.text}`);
  // The full session's cookie (the second step issues it anew) is Secure too.
  const fullCookie = (second.headers['set-cookie'] ?? []).find((c) => !/max-age=0/i.test(c)) ?? cookie;
  check(/;\s*Secure/i.test(fullCookie), `full session cookie not Secure: ${fullCookie}`);
  await member.ok('GET', '/api/session');
  log(
    `member signed up and signed in (session cookie: ${fullCookie
      .split(';')
      .slice(1)
      .map((s) => s.trim())
      .join('; ')})`,
  );

  // Won moves only through the member's verified own-name account (an administrator's record).
  {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      await c.query(
        `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
         VALUES ($1, '국민은행', '123-456-789012', '홍길동', true) ON CONFLICT (member_id) DO NOTHING`,
        [memberId],
      );
    } finally {
      await c.end();
    }
  }

  await adminB.ok('POST', '/api/login', { email: admin.username, password: admin.password });
  await adminB.ok('POST', '/api/auth/second-factor', { second_password: admin.pin });
  // An administrator enrols a one-time code before any administrator operation (ADMIN_TOTP_REQUIRED, on in
  // production; decision 0150), as an operator would with an authenticator app.
  const totp = await adminB.ok('POST', '/api/totp/setup', {});
  check(typeof totp.secret === 'string', `admin: OTP setup gave no secret: ${JSON.stringify(totp)}`);
  await adminB.ok('POST', '/api/totp/confirm', {
    otpCode: OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(totp.secret) }),
  });

  // Live events through nginx: the approval must arrive while the stream is open (no buffering).
  const events = openEvents(member, httpsPort, ca);
  await events.connected;

  /** The member's KRW request (`deposits` or `withdrawals`), then the administrator's pending list of them. */
  const krwRequest = async (kind, body) => {
    const created = await member.ok('POST', `/api/${kind}/krw`, body, { 'idempotency-key': randomUUID() });
    await adminB.ok('GET', `/api/admin/${kind}?status=pending`);
    return created;
  };

  const deposit = await krwRequest('deposits', {
    bank_name: '국민은행',
    account_number: '123-456-789012',
    account_holder: '홍길동',
    amount: '50000',
    depositor_name: '홍길동',
  });
  const approved = await adminB.ok('POST', `/api/admin/deposits/${deposit.id}/approve`);
  check(approved.status === 'approved', `deposit approval: ${JSON.stringify(approved)}`);
  const seen = await Promise.race([
    events.waitFor(`deposit.approved`, deposit.id),
    sleep(5000).then(() => null),
  ]);
  check(
    seen,
    `the deposit.approved event did not reach the member through nginx within 5 s (buffered?): ${events.text().slice(-300)}`,
  );
  const balances1 = await member.ok('GET', '/api/balances');
  check(JSON.stringify(balances1).includes('50000'), `balance after approval: ${JSON.stringify(balances1)}`);
  log('deposit requested, approved by the administrator, balance visible; live event arrived through nginx');

  // --- One instance stops mid-journey. The member keeps polling (as the app does) and continues.
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
  const appDb = new pg.Client({ connectionString: databaseUrl });
  await appDb.connect();
  const { rows: authRows } = await appDb
    .query('SELECT kind, success, ip FROM auth_events WHERE member_id = $1 ORDER BY id', [memberId])
    .finally(() => appDb.end());
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

  // --- A money request whose answer is lost after the instance committed it (the instance reset the
  // connection: stopped or crashed mid-request). With its Idempotency-Key nginx resends it, and the member
  // gets the first answer, booked once; without a key nginx answers 502 and does not resend
  // (deploy/nginx/wallet.conf, decision 0205). A stand-in on A's port passes requests to B and drops B's
  // answers; nginx sends to A's port again once A's fail_timeout (5 s) has passed since it last failed.
  const lost = await lostAnswerUpstream(portA, portB);
  const lastAFailure = Math.max(
    ...readFileSync(accessLog, 'utf8')
      .trim()
      .split('\n')
      .filter((l) => l.includes(`127.0.0.1:${portA}`))
      .map((l) => Number(l.split(' ', 1)[0]) * 1000),
  );
  await sleep(Math.max(0, lastAFailure + 5200 - Date.now()));
  const appQuery = async (sql, params) => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows;
    } finally {
      await c.end();
    }
  };
  // Won deposits come only from the member's verified own-name account (an administrator's record).
  await appQuery(
    `INSERT INTO bank_accounts (member_id, bank_name, account_number, account_holder, is_verified)
     VALUES ($1, '국민은행', '123-456-789012', '홍길동', true) ON CONFLICT (member_id) DO NOTHING`,
    [memberId],
  );
  const depositCount = async () =>
    (await appQuery('SELECT count(*)::int AS n FROM deposits WHERE member_id = $1', [memberId]))[0].n;
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
  const keyedRow = await appQuery('SELECT status FROM deposits WHERE id = $1 AND member_id = $2', [
    keyedLost.json.data.id,
    memberId,
  ]);
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

/** A member's /api/events stream through nginx (the browser's EventSource, by hand). */
function openEvents(browser, port, ca, lastEventId) {
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
