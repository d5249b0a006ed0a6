// `npm start`: builds the client and the server when missing or older than their sources (a development
// install), then runs the compiled server with plain node: no TypeScript at run time.
// A production install (`npm ci && npm run build && npm prune --omit=dev`) has a fresh build and never
// reaches the build step, which needs the development dependencies (vite, esbuild).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (p) => path.join(root, p);

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}
const stale = (output, sources) =>
  !existsSync(at(output)) ||
  statSync(at(output)).mtimeMs < Math.max(...sources.map((s) => newestMtime(at(s))));

const steps = [
  ['dist/client/index.html', ['src/client', 'src/shared', 'index.html', 'public'], 'build:client', '화면을'],
  ['dist/server/main.js', ['src/server', 'src/shared'], 'build:server', '서버를'],
];
for (const [output, sources, script, what] of steps) {
  // Sources absent (a deployment that ships only dist/): the build is what there is.
  if (!existsSync(at('src')) || !stale(output, sources)) continue;
  console.log(`${what} 빌드하는 중입니다... (npm run ${script})`);
  const r = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(
      `빌드에 실패했습니다 (npm run ${script}). 개발 의존성이 설치되어 있는지 확인하세요: npm install`,
    );
    process.exit(r.status ?? 1);
  }
}

// No --enable-source-maps: with the packages bundled, reading the maps took ~0.4 s of every start (decision
// 0196). Stack traces name lines of dist/server, whose files are not minified and mark each source file
// with a comment; NODE_OPTIONS=--enable-source-maps maps them back to src/ when wanted.
const child = spawn(process.execPath, ['--expose-gc', at('dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  // glibc: blocks of 128 kB and more are mapped on their own and returned when freed (argon2's 19 MB, V8's
  // compilation of PGlite's WebAssembly on its threads), not kept in a thread's heap: a first start keeps
  // ~30 MB less resident (decisions 0126, 0206).
  env: { NODE_ENV: 'production', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
