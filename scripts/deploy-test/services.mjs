// The two instances (as the unit starts them) and nginx (its own master in the temporary prefix).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {
  check,
  children,
  cleanups,
  diagnostics,
  Failure,
  log,
  root,
  SERVER_NAME,
  sleep,
} from './harness.mjs';
import { execStart, instanceEnv, renderNginxConf } from './install.mjs';

/** An instance's last log lines. */
export const tail = (inst) => readFileSync(inst.out, 'utf8').split('\n').slice(-30).join('\n');

/** The two instances, started together: the migrations run once, under the advisory lock. */
export async function startInstances(dir, [portA, portB], replacements) {
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
  return { a, b };
}

/** nginx: its own master, in the temporary prefix, on high ports, with the repository's server blocks. */
export async function startNginx(nginxBin, dir, { httpsPort, httpPort, upstreamPorts, cert, key }) {
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true });
  writeFileSync(
    path.join(nginxDir, 'wallet.conf'),
    renderNginxConf({ httpsPort, httpPort, upstreamPorts, cert, key }),
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
  return { nginx, nginxExited, accessLog };
}
