// The repository's deployment files read as an operator would install them (deploy/systemd, deploy/nginx),
// and what the guide sets up beside them: the temporary prefix, a certificate, a database of its own.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { check, cleanups, Failure, log, PG_ADMIN_URL, root, SERVER_NAME, which } from './harness.mjs';

const UNIT = readFileSync(path.join(root, 'deploy/systemd/wallet@.service'), 'utf8');
const ENV_EXAMPLE = readFileSync(path.join(root, 'deploy/systemd/wallet.env.example'), 'utf8');
const NGINX_CONF = readFileSync(path.join(root, 'deploy/nginx/wallet.conf'), 'utf8');

/** The instance's environment as systemd builds it: the unit's Environment=, then the EnvironmentFile. */
export function instanceEnv(port, replacements) {
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

export function execStart() {
  const m = UNIT.match(/^ExecStart=(.*)$/m);
  check(m, 'wallet@.service has no ExecStart=');
  const [bin, ...args] = m[1].trim().split(/\s+/);
  check(path.basename(bin) === 'node', `ExecStart= runs ${bin}, not node`);
  check(args.includes('dist/server/main.js'), 'ExecStart= does not run dist/server/main.js');
  return args;
}

/** deploy/nginx/wallet.conf with this run's ports, certificate and name; every rewrite must apply. */
export function renderNginxConf({ httpsPort, httpPort, upstreamPorts, cert, key }) {
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

/** The temporary prefix everything of the run lives in, removed on exit. */
export function temporaryPrefix() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-deploy-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  // nginx's workers (nobody when the master is root) read below the prefix.
  chmodSync(dir, 0o755);
  log(`temporary prefix ${dir}`);
  return dir;
}

/** The unit as systemd reads it: no unknown keys, nothing ignored (where systemd-analyze exists). */
export function verifyUnit(dir) {
  if (!which('systemd-analyze')) return;
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

/** A self-signed certificate for wallet.test and 127.0.0.1; the clients trust exactly this one. */
export function selfSignedCertificate(dir) {
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
  return { cert, key, ca: readFileSync(cert) };
}

/** PostgreSQL: a database of its own, owned by a role that is not a superuser (docs/DEPLOY.md). */
export async function ownDatabase() {
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
  return { suffix, databaseUrl };
}
