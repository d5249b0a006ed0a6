import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineProblems, lockProblems, REQUIRED_PLATFORM_PACKAGES } from '../../../scripts/check-lock.mjs';

const lockFile = path.resolve(import.meta.dirname, '../../../package-lock.json');
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));

describe('package-lock.json', () => {
  it('holds the optional packages of other platforms (macOS, Windows, Linux musl, arm64)', () => {
    expect(lockProblems(lock)).toEqual([]);
  });

  it('reports a lock that lost one platform package', () => {
    const name = REQUIRED_PLATFORM_PACKAGES[0] as string;
    const packages = { ...lock.packages };
    delete packages[`node_modules/${name}`];
    expect(lockProblems({ ...lock, packages })).toContain(`missing ${name}`);
    // and the optional-dependency walk finds it too, by the package that declares it
    expect(
      lockProblems({ ...lock, packages }).some((p: string) => p.startsWith(`missing ${name} (optional`)),
    ).toBe(true);
  });

  it('installs only packages whose engines accept every Node.js version the README promises', () => {
    expect(engineProblems(lock)).toEqual([]);
  });

  it('reports a package that needs a newer Node.js (cookie 2 needs 22)', () => {
    const packages = {
      ...lock.packages,
      'node_modules/@fastify/cookie/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
    };
    expect(engineProblems({ ...lock, packages })).toEqual(['cookie@2.0.2 needs node >=22 (refuses 20.19.0)']);
  });
});
