import { afterAll, afterEach, beforeAll } from 'vitest';
import { adminClient } from './client';
import { secondAdmin } from './four-eyes';
import { expectLedgerOk } from './money';
import { BASE_DATABASE_URL, createOwnDatabase, dropOwnDatabase } from './own-database';
import { startTestServer, type TestServer } from './server';

/**
 * The one setup of a test file: what it needs, made once before its tests and closed after them.
 *
 *   const server = fileServer();              // the real server (PostgreSQL with DATABASE_URL, else PGlite)
 *   const admin = fileAdmin(server);          // an administrator with a one-time code, signed in
 *   const checker = fileChecker(server);      // the second administrator of two-person approval
 *   ledgerCheckedAfterEach(server);           // after every test, the ledger still adds up
 *   const { server, admin } = ledgerFile();   // a money file: fileServer, fileAdmin, ledgerCheckedAfterEach
 *
 * Each returns a stand-in that forwards to the real object once the file's beforeAll has made it, so the
 * tests read `server.url`, `admin.client` directly; using it outside a test (at import time) throws.
 */
export function late<T extends object>(
  make: () => Promise<T>,
  close?: (value: T) => unknown,
  timeoutMs?: number,
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  }, timeoutMs);
  if (close)
    afterAll(async () => {
      if (value) await close(value);
    });
  const current = () => {
    if (!value) throw new Error('test fixture used before its beforeAll ran');
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const v = current();
      const got = Reflect.get(v, key, v);
      return typeof got === 'function' ? got.bind(v) : got;
    },
    set(_, key, next) {
      return Reflect.set(current(), key, next);
    },
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor(_, key) {
      const d = Reflect.getOwnPropertyDescriptor(current(), key);
      return d && { ...d, configurable: true };
    },
  });
}

export type Env = Record<string, string>;

/**
 * The real server for this file, with the environment's changes the file needs (`env`; a function when
 * they name something another fixture starts first, such as a fake mail server's address).
 */
export function fileServer(env: Env | (() => Env) = {}, opts: { ownDatabase?: boolean } = {}): TestServer {
  const shared = process.env.DATABASE_URL && BASE_DATABASE_URL;
  // On PostgreSQL files share one database; `ownDatabase` gives this file one of its own (PGlite: always).
  const own =
    opts.ownDatabase && shared
      ? late(() => createOwnDatabase(shared, 'wallet_file', { migrated: true }))
      : null;
  if (own && shared) afterAll(() => dropOwnDatabase(shared, own.name));
  return late(
    () =>
      startTestServer({
        ...(own ? { DATABASE_URL: own.url } : {}),
        ...(typeof env === 'function' ? env() : env),
      }),
    (s) => s.close(),
  );
}

export type Admin = Awaited<ReturnType<typeof adminClient>>;

/** An administrator of `server` (enrolled in one-time codes, signed in through both steps). */
export const fileAdmin = (server: TestServer): Admin => late(() => adminClient(server.url, server.db));

/** The second administrator, who confirms what `fileAdmin`'s proposes (two-person approval). */
export const fileChecker = (server: TestServer): Admin => late(() => secondAdmin(server.url, server.db));

/** After every test of the file: every balance of `server` equals the sum of its ledger entries, none below zero. */
export const ledgerCheckedAfterEach = (server: TestServer) =>
  afterEach(async () => {
    await expectLedgerOk(server.db);
  });

/** A money file's setup: the server, its administrator, and the ledger checked after every test. */
export function ledgerFile(env: Env = {}) {
  const server = fileServer(env);
  const admin = fileAdmin(server);
  ledgerCheckedAfterEach(server);
  return { server, admin };
}
