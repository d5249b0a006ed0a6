import { existsSync, readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MSG } from '../shared/messages';
import '../shared/zod';
import { adminRoutes } from './admin/routes';
import { originOf } from './auth/auth-events';
import { authRoutes } from './auth/routes';
import { sessionToken } from './auth/session-cookie';
import { readSession, SESSION_COOKIE } from './auth/sessions';
import { totpRoutes } from './auth/totp-routes';
import type { TrustProxy } from './config';
import type { App, Ctx } from './context';
import { depositRoutes } from './deposits/routes';
import { eventRoutes } from './events/routes';
import { historyRoutes } from './history/routes';
import { carriesInput, craftedBytesHook, craftedBytesHookUnderApi } from './http/crafted-bytes';
import { errorHandler } from './http/error-handler';
import { AppError } from './http/errors';
import { requestLogger } from './http/request-logger';
import { addRouteHook } from './http/route-hooks';
import { compiledSerializerCompiler } from './http/serializer';
import { noticeRoutes } from './notices/routes';
import { metricsRegistry, registerOps } from './ops';
import { priceRoutes } from './prices/routes';
import { profileRoutes } from './profile/routes';
import { walletRoutes } from './wallet/routes';
import { withdrawalRuleRoutes } from './withdrawal-rules/routes';
import { withdrawalRoutes } from './withdrawals/routes';

/** Body limit of every request: far above any real form, far below anything that could hurt. */
const BODY_LIMIT = 64 * 1024;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The security headers of the documents (index.html, the built files): helmet's defaults as
 * `@fastify/helmet` sent them (its CSP, HSTS and COEP off), this app's own CSP and frame refusal, one
 * constant object set in one step (decision 0201).
 */
const DOCUMENT_HEADERS = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/**
 * The headers of every /api answer (decision 0213): OWASP's REST Security Cheat Sheet set (no-store, a CSP
 * that loads nothing and may not be framed, nosniff, frame refusal) and `Cross-Origin-Resource-Policy`, so
 * no other site can embed an answer. The document-only headers (COOP, Origin-Agent-Cluster, referrer and
 * DNS-prefetch policies, IE's download and XSS switches, Flash's policy files) protect a page that runs or
 * links something; a JSON answer is none, and opened directly its CSP lets it load nothing at all. They cost
 * more than anything else the wallet adds to a request (issue 18: 80,000 instructions of 139,000).
 */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
} as const;

/** Builds the HTTP app (the API and, when built, the SPA). Tests call this with their own database. */
export async function buildApp(ctx: Ctx): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // With a logger, each request's child logger is made at its first line (decision 0213).
    ...(config.logLevel === 'silent' ? {} : { childLoggerFactory: requestLogger }),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While closing, a request that still arrives (the listener closes only after the preClose hooks; a
    // kept-alive connection) is served normally, with `Connection: close`, instead of a 503 a proxy may not
    // resend for a POST: the database stays open until the last of them is answered (decision 0128).
    return503OnClosing: false,
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: {
      ignoreTrailingSlash: true,
      onBadUrl: (_path, _req, res) => rawError(res, 400, 'VALIDATION', MSG.common.badUrl),
      // A path parameter longer than any id (100 characters) never reaches a route.
      onMaxParamLength: (_path, _req, res) => rawError(res, 414, 'VALIDATION', MSG.common.badUrl),
    },
    // Errors of Node's HTTP parser (oversize headers or URL, malformed requests) never reach the routes.
    clientErrorHandler: (err, socket) => {
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || !socket.writable) return;
      const tooLarge = (err as NodeJS.ErrnoException).code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        data: null,
        error: tooLarge
          ? { code: 'BODY_TOO_LARGE', message: MSG.common.headersTooLarge }
          : { code: 'VALIDATION', message: MSG.common.badRequest },
      });
      socket.end(
        [
          tooLarge ? 'HTTP/1.1 431 Request Header Fields Too Large' : 'HTTP/1.1 400 Bad Request',
          'Connection: close',
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${Buffer.byteLength(body)}`,
          '',
          body,
        ].join('\r\n'),
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);
  // Only JSON is accepted: text/plain would let a cross-site form post without a preflight.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: '코인 월렛 API', version: '1.0.0', description: '회원 지갑과 관리자 페이지의 API' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.decorateRequest('session', null);

  // A callback hook, not an async one: the session's read is the only promise of the step (issue 18).
  app.addHook('onRequest', (req, reply, done) => {
    const api = req.url.startsWith('/api/');
    reply.headers(api ? API_HEADERS : DOCUMENT_HEADERS);
    if (req.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (!api) return done();
    if (MUTATING.has(req.method)) {
      const origin = req.headers.origin;
      if (origin !== undefined && !sameOrigin(origin, req.headers.host, req.protocol)) {
        return done(new AppError('FORBIDDEN_ORIGIN', MSG.common.forbiddenOrigin));
      }
    }
    const token = sessionToken(req);
    if (!token) {
      req.session = null;
      return done();
    }
    // Where the request came from, read now: the sign-in log entry of a session found ended is written
    // after a round trip, when a client that has gone may no longer have an address.
    readSession(ctx.db, config, token, originOf(req)).then((session) => {
      req.session = session;
      done();
    }, done);
    // /api/admin: the admin scope's guard runs next (src/server/admin/guard.ts, decision 0180).
  });

  // Control, bidi and invisible characters never reach a route (decision 0106): checked before validation,
  // first of its preValidation hooks, on every /api route that can be given a body, a path parameter or a
  // query string, and in the not-found handler below (decision 0215).
  app.addHook('onRoute', (route) => {
    if (carriesInput(route)) addRouteHook(route, 'preValidation', craftedBytesHook, true);
  });

  app.setErrorHandler(errorHandler);

  // /healthz, /readyz, /metrics and the request metrics hook (src/server/ops).
  await registerOps(app as unknown as App, ctx);

  await app.register(
    async (api) => {
      const a = api as unknown as App;
      a.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      for (const routes of [
        authRoutes,
        adminRoutes,
        profileRoutes,
        priceRoutes,
        walletRoutes,
        noticeRoutes,
        depositRoutes,
        withdrawalRoutes,
        withdrawalRuleRoutes,
        historyRoutes,
        eventRoutes,
        totpRoutes,
      ])
        await routes(a, ctx);
    },
    { prefix: '/api' },
  );

  const staticDir = config.staticDir;
  const hasClient = staticDir !== null && existsSync(path.join(staticDir, 'index.html'));
  if (hasClient) {
    const common: FastifyStaticOptions = {
      dotfiles: 'ignore',
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (vite.config.ts): sent as they are when the browser accepts them.
      preCompressed: true,
      // Hashed build files never change under one name; everything else is revalidated.
      setHeaders: (res, filePath) => {
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    };
    // Each folder of the build (assets, icons, tokens) is one wildcard route, not a route per file: ~200
    // files with their .br and .gz copies made ~400 routes (75–90 ms of set-up in a bare app; decision 0212).
    // The files at the top (index.html, sw.js, the manifest) keep a route each, so no wildcard sits on `/`:
    // /api paths never fall back to the file system (and keep the router's 414 for an over-long id).
    const folders = readdirSync(staticDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => d.name);
    await app.register(fastifyStatic, {
      ...common,
      root: staticDir,
      wildcard: false,
      globIgnore: [...folders.map((f) => `${f}/**`), '**/*.br', '**/*.gz'],
    });
    for (const folder of folders) {
      await app.register(fastifyStatic, {
        ...common,
        root: path.join(staticDir, folder),
        prefix: `/${folder}/`,
        wildcard: true,
        decorateReply: false,
        // A path that is no file (the SPA's /assets/history) or a folder falls through to the not-found
        // handler below: the SPA's index.html. Dot paths likewise (`dotfiles: 'ignore'`).
        allowedPath: (pathname: string) => !pathname.endsWith('/'),
      });
    }
  }

  // Fastify gives the not-found handler the lifecycle hooks named here (it types only two of them).
  const metrics = metricsRegistry(app);
  if (!metrics) throw new Error('registerOps must run before the not-found handler is set');
  const notFoundHooks = {
    preValidation: craftedBytesHookUnderApi,
    onResponse: metrics.notFoundHook,
  } as { preValidation: typeof craftedBytesHookUnderApi };
  app.setNotFoundHandler(notFoundHooks, async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || !hasClient) {
      return reply
        .status(404)
        .send({ data: null, error: { code: 'NOT_FOUND', message: MSG.common.notFound } });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return reply
        .status(405)
        .send({ data: null, error: { code: 'METHOD_NOT_ALLOWED', message: MSG.common.methodNotAllowed } });
    }
    // The SPA's routes: every other GET gets index.html, never cached so a new build is picked up.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });

  return app as unknown as App;
}

/** An error envelope written on the raw response, for the router's hooks that run before Fastify's. */
function rawError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ data: null, error: { code, message } }));
}

function sameOrigin(origin: string, host: string | undefined, protocol: string): boolean {
  try {
    const u = new URL(origin);
    return u.host === host && u.protocol === `${protocol}:`;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY (decision 0105) as Fastify's `trustProxy`: false, the proxies' addresses, or for a hop
 * count a function trusting the N nearest hops (Fastify itself fails closed on a bare number). The
 * same trust decides whether X-Forwarded-Proto is believed (Secure cookie, HSTS).
 */
function fastifyTrustProxy(t: TrustProxy): false | string[] | ((addr: string, i: number) => boolean) {
  if (t === false) return false;
  if ('hops' in t) {
    const hops = t.hops;
    return (_addr, i) => i < hops;
  }
  return t.addresses;
}
