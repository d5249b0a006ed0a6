import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashCost } from '../config';

/** Algorithm 2 is Argon2id (the library's default). */
const COSTS = {
  /** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
  standard: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  /**
   * The least work argon2id allows (8 KiB, one pass): the test suites' own servers only
   * (PASSWORD_HASH_COST=minimum, refused with NODE_ENV=production). Their ~4,700 hashes and checks took
   * 21 ms of CPU each, about 100 s of the API suite's 540 on two cores (decision 0493).
   */
  minimum: { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 },
} as const;

let options: (typeof COSTS)[PasswordHashCost] = COSTS.standard;

/**
 * The cost new hashes are made with, from the configuration at each start (main.ts, start-server.ts,
 * admin-cli.ts): one per process, so of servers started in one process (tests) the last one's holds. A
 * stored hash carries its own cost, and is checked with it.
 */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  if (options === COSTS[cost]) return;
  options = COSTS[cost];
  dummy = undefined;
}

export const hashSecret = (plain: string) => hash(plain, options);

export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Verifies against a throw-away hash so that an unknown account costs as much time as a known one. */
export async function burnVerifyTime(plain: string): Promise<void> {
  dummy ??= hashSecret('timing-equaliser-not-a-password');
  await verifySecret(await dummy, plain);
}
