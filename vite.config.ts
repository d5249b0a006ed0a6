import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes a .br and a .gz copy beside every built script, style sheet and page: the server sends them
 * as they are to browsers that accept them (@fastify/static `preCompressed`), compressing nothing per
 * request.
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

/**
 * The service worker (public/sw.js) is built by vite-plugin-pwa's injectManifest: it bundles the file and
 * writes this build's member scripts and style sheets where the worker reads `self.__WB_MANIFEST`, so it
 * keeps every member screen at install, not only what the first page happened to load; the
 * administrator's page is left out. The worker registers itself from the client and the web manifest is
 * our own file in public/, so the plugin injects neither.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'public',
  filename: 'sw.js',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css}'],
    globIgnores: ['assets/admin-*'],
  },
});

/**
 * React Router 7's package exports name only its development build, which has its warnings switched on
 * (remix-run/react-router#12532, #14102). The production build of the client takes the package's own
 * production build instead: the same code with `ENABLE_DEV_WARNINGS = false`, so the minifier drops the
 * warnings. `vite` in development keeps the warnings. The path is taken from this file's own place, so a
 * build started from another directory (`npx vite build --config …/vite.config.ts`) finds the same file.
 */
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  plugins: [precompress(), serviceWorker],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  esbuild: { jsx: 'automatic' },
  // Lightning CSS reads and minifies the style sheets for the build's browser targets: it turns the
  // palette's light-dark() (app/styles.css) into custom-property toggles where a target lacks it
  // (Safari before 17.5, Chrome before 123), so the palette is written once for both modes (decision 0393).
  css: { transformer: 'lightningcss' },
  build: {
    cssMinify: 'lightningcss',
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: which files each entry and lazy screen loads (scripts/check-size.mjs).
    manifest: true,
    rollupOptions: {
      // zod's sources carry esbuild-style @__PURE__ comments that Rollup cannot place; harmless noise.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        // "use client" marks a module for React Server Components; this client-only app has none, so
        // Rollup dropping the directive from packages (React Query, sonner) changes nothing.
        if (
          warning.code === 'MODULE_LEVEL_DIRECTIVE' &&
          warning.id?.includes('node_modules') &&
          warning.message.includes('"use client"')
        )
          return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
