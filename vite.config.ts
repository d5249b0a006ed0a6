import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser runs Preact through `preact/compat` in place of React and React DOM (decision 0083): the
 * code and its libraries (react-router, react-query, react-hook-form, sonner) keep importing `react`, and
 * TypeScript keeps React's types. Preact's renderer is ~10 KB gzipped where react-dom is ~60 KB.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * Writes a .br and a .gz copy beside every built script, style sheet and page: the server sends them
 * as they are to browsers that accept them (@fastify/static `preCompressed`), compressing nothing per
 * request (decision 0084).
 */
function precompress(): Plugin {
  return {
    name: 'wallet-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html)$/.test(name)) continue;
        const file = path.join(dir, name);
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [precompress()],
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: preactAliases },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: which files each entry and lazy screen loads (scripts/check-size.mjs).
    manifest: true,
    rollupOptions: {
      // zod's sources carry esbuild-style @__PURE__ comments that Rollup cannot place; harmless noise.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
