// `npm run check:lock`: the lockfile must hold every platform's optional packages (biome, esbuild,
// rollup, argon2…), or `npm ci` refuses it on a machine of another kind (npm/cli#4828).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** Packages another platform needs: their absence from the lock means npm ci fails there. */
export const REQUIRED_PLATFORM_PACKAGES = [
  '@biomejs/cli-darwin-arm64',
  '@biomejs/cli-darwin-x64',
  '@biomejs/cli-win32-x64',
  '@biomejs/cli-linux-arm64',
  '@biomejs/cli-linux-x64-musl',
  '@esbuild/darwin-arm64',
  '@esbuild/win32-x64',
  '@esbuild/linux-arm64',
  '@rollup/rollup-darwin-arm64',
  '@rollup/rollup-win32-x64-msvc',
  '@rollup/rollup-linux-x64-musl',
  '@rollup/rollup-linux-arm64-gnu',
  '@node-rs/argon2-darwin-arm64',
  '@node-rs/argon2-win32-x64-msvc',
  '@node-rs/argon2-linux-x64-musl',
];

/** The problems of a parsed package-lock.json (v3): an empty list when it installs everywhere. */
export function lockProblems(lock) {
  const packages = lock.packages ?? {};
  const has = (name) =>
    Object.keys(packages).some((k) => k === `node_modules/${name}` || k.endsWith(`/node_modules/${name}`));
  const problems = [];
  for (const name of REQUIRED_PLATFORM_PACKAGES) {
    if (!has(name)) problems.push(`missing ${name}`);
  }
  // Every optional dependency any locked package declares must itself be locked (what npm ci checks).
  for (const [key, entry] of Object.entries(packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      const nested = `${key}/node_modules/${dep}`;
      if (!packages[nested] && !has(dep))
        problems.push(`missing ${dep} (optional dependency of ${key || 'the root'})`);
    }
  }
  return problems;
}

/**
 * The Node.js versions the README promises: the floor of package.json's `engines` and the LTS lines after
 * it (22.12, 24). Every package `npm ci` installs on them must accept them. Optional packages are left out: npm skips one whose engines refuse the Node
 * version it runs on (platform binaries).
 */
const root = path.resolve(import.meta.dirname, '..');
const promised = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
export const SUPPORTED_NODE = [semver.minVersion(promised).version, '22.12.0', '24.0.0'];

/** Packages of the lock whose `engines.node` refuses one of SUPPORTED_NODE, as "name@version needs range". */
export function engineProblems(lock) {
  const problems = [];
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    const range = entry.engines?.node;
    if (!key || entry.optional || typeof range !== 'string') continue;
    const refused = SUPPORTED_NODE.filter((v) => !semver.satisfies(v, range));
    if (refused.length)
      problems.push(
        `${key.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range} (refuses ${refused.join(', ')})`,
      );
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const engines = engineProblems(lock);
  if (engines.length) {
    console.error(
      `package-lock.json installs packages that refuse a supported Node.js version:\n  ${engines.join('\n  ')}`,
    );
    console.error(
      'Pin an older version with npm overrides (package.json) or change what the README promises.',
    );
    process.exit(1);
  }
  const problems = lockProblems(lock);
  if (problems.length) {
    console.error(`package-lock.json does not install on every platform:\n  ${problems.join('\n  ')}`);
    console.error(
      'Regenerate it: rm -rf node_modules package-lock.json && npm install (docs/decisions/0121).',
    );
    process.exit(1);
  }
  console.log(
    `package-lock.json holds every platform's optional packages (${REQUIRED_PLATFORM_PACKAGES.length} checked by name), and every package accepts Node ${SUPPORTED_NODE.join(', ')}.`,
  );
}
