import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. Algorithm 2 is Argon2id (the library's default). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSecret = (plain: string) => hash(plain, OPTIONS);

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
