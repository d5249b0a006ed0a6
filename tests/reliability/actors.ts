import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db';
import { adminClient, type MemberCreds, memberClient } from '../support/client';

/** A member (or administrator) of the reliability tests: signed up and logged in through both steps. */
export interface Actor {
  id: string;
  username: string;
  creds: MemberCreds;
  /** The session cookie's value; it works on every server instance (sessions live in the database). */
  session: string;
}

function toActor(m: Awaited<ReturnType<typeof memberClient>>): Actor {
  const session = m.client.cookies.get(SESSION_COOKIE);
  if (!session) throw new Error('no session cookie after login');
  return { id: m.id, username: m.creds.username, creds: m.creds, session };
}

export const memberActor = async (base: string) => toActor(await memberClient(base));

/** A fresh member promoted to administrator in the database (test setup, like adminClient). */
export const adminActor = async (base: string, db: Pick<Db, 'query'>) => toActor(await adminClient(base, db));
