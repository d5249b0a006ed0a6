// The front door, before any journey: plain HTTP redirected, TLS with HSTS, precompressed and gzipped
// answers, nginx's body limit, /metrics only on the instances.
import http from 'node:http';
import { check, log, SERVER_NAME } from './harness.mjs';

export async function frontDoor({ httpPort, member, metricsToken, a, b }) {
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
}
