import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The security headers of the documents (index.html, the built files): helmet's defaults with this app's
 * own CSP and frame refusal. HSTS is left to the app's onRequest hook, which sends it over HTTPS only (a
 * browser ignores it over plain HTTP, and a test server on HTTP must not pin its host).
 */
export const DOCUMENT_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers of every /api answer: OWASP's REST Security Cheat Sheet set (a CSP that loads
 * nothing and may not be framed, nosniff, frame refusal; no-store is the app's) and
 * `Cross-Origin-Resource-Policy`, so no other site can embed an answer. The document-only headers (COOP,
 * Origin-Agent-Cluster, referrer and DNS-prefetch policies, IE's download and XSS switches, Flash's policy
 * files) protect a page that runs or links something; a JSON answer is none.
 */
export const API_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};
