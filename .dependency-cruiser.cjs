/**
 * The layers of the code, checked by `npm run lint` (docs/decisions/0360-layers.md).
 *
 * src/server, from the top down (a file may import its own layer and the ones below, never one above):
 *   entry   main.ts, start-server.ts, server-db.ts, admin-cli.ts, the ops command lines and shutdown
 *   app     app.ts: the Fastify app that composes the routes
 *   routes  admin/** (the /api/admin scope) and every domain's routes.ts / *-routes.ts
 *   domain  every other file of a domain folder (auth, wallet, deposits, members, proposals, ...); among
 *           them jobs/ drives the others (no domain imports it) and chain/ imports none (a leaf library)
 *   http    http/** and context.ts: route tooling, errors, the request's session type
 *   base    config*.ts, sql.ts, db/**
 * src/shared sits below all of them and imports neither side.
 */
const S = '^src/server/';
const ENTRY = `${S}(main|start-server|server-db|admin-cli)\\.ts$|${S}ops/(backup-cli|restore-cli|shutdown)\\.ts$`;
const APP = `${S}app\\.ts$`;
const ROUTES = `${S}admin/|${S}ops/index\\.ts$|${S}(?!http/)[^/]+/(routes|[^/]+-routes)\\.ts$`;
const HTTP = `${S}http/|${S}context\\.ts$`;
const BASE = `${S}(config[^/]*|sql)\\.ts$|${S}db/`;
const DOMAIN = `${S}(?!(admin|http|db)/)(?!ops/(backup-cli|restore-cli|shutdown|index)\\.ts$)[^/]+/(?!(routes|[^/]+-routes)\\.ts$)`;
const notIn = (...layers) => layers.join('|');

/**
 * Imports that run up a layer today inside files being rewritten elsewhere; each entry names its file.
 * Empty this list, never grow it.
 */
const KNOWN = [];

const upward = (name, from, fromNot, to) => ({
  name,
  severity: 'error',
  comment: `${name}: a lower layer imports a higher one`,
  from: { path: from, pathNot: [fromNot, ...KNOWN].filter(Boolean) },
  to: { path: to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other in a loop cannot be read or tested one at a time.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-neither-side',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'client-and-server-apart',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-without-client',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    upward('base-below-all', BASE, '', notIn(ENTRY, APP, ROUTES, HTTP, DOMAIN)),
    upward('http-below-domain', HTTP, '', notIn(ENTRY, APP, ROUTES, DOMAIN)),
    upward('domain-below-routes', DOMAIN, '', notIn(ENTRY, APP, ROUTES)),
    upward('routes-below-app', ROUTES, '', notIn(ENTRY, APP)),
    upward('app-below-entry', APP, '', ENTRY),
    // Folders by floor (docs/ARCHITECTURE.md): no domain folder imports one that imports it back.
    {
      name: 'desk-above-domains',
      severity: 'error',
      comment: 'desk/ reads across the domains for the administrator routes; no domain imports it.',
      from: { path: `${S}(?!admin/|desk/)[^/]+/` },
      to: { path: `${S}desk/` },
    },
    {
      name: 'domains-below-admin',
      severity: 'error',
      comment: 'Only admin/ declares /api/admin routes: a domain folder never imports admin/.',
      from: { path: `${S}(?!admin/)[^/]+/` },
      to: { path: `${S}admin/` },
    },
    {
      name: 'members-below-requests',
      severity: 'error',
      comment:
        'Requests lock the member (members/lock-member.ts): members imports none of the request domains.',
      from: { path: `${S}members/` },
      to: { path: `${S}(deposits|withdrawals|withdrawal-rules|proposals|payouts|reserves|history|desk)/` },
    },
    {
      name: 'ops-below-entry',
      severity: 'error',
      comment: 'ops/ serves the jobs and the app; it imports neither the app nor the entry.',
      from: { path: `${S}ops/` },
      to: { path: `${S}(app|start-server|main)\\.ts$` },
    },
    {
      name: 'chain-providers-a-leaf',
      severity: 'error',
      comment:
        'chain/ talks to nodes and APIs (providers, derivation, verdicts): it imports no domain; the jobs above drive the domains with it.',
      from: { path: `${S}chain/` },
      to: { path: S, pathNot: `${S}(chain/|db/|http/bounded-fetch\\.ts$|config[^/]*\\.ts$|sql\\.ts$)` },
    },
    {
      name: 'jobs-above-domains',
      severity: 'error',
      comment:
        'jobs/ (the scan, the checks, the payout and reserves rounds) drives the domains; no domain drives a job.',
      from: { path: DOMAIN, pathNot: `${S}jobs/` },
      to: { path: `${S}jobs/` },
    },
    {
      name: 'client-feature-apart',
      severity: 'error',
      comment: 'A client feature imports no other feature: what two share lives in lib/ or components/.',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'member-screens-small-catalogue',
      severity: 'error',
      comment:
        'Member screens import MSG from shared/messages/member: the full catalogue holds the administrator page strings and would land in /login and /main.',
      from: { path: '^src/client/', pathNot: '^src/client/(features/admin/|app/admin-shell\\.tsx$)' },
      to: { path: '^src/shared/messages/(index|admin|proposals)\\.ts$' },
    },
    {
      name: 'client-shared-code-below-features',
      severity: 'error',
      from: { path: '^src/client/(lib|components)/' },
      to: { path: '^src/client/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
