import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client from `staticDir` when it holds an index.html; tells whether it does (the
 * not-found handler then answers pages with the SPA).
 */
export async function serveClient(app: FastifyInstance, staticDir: string | null): Promise<boolean> {
  if (staticDir === null || !existsSync(path.join(staticDir, 'index.html'))) return false;
  const common: FastifyStaticOptions = {
    dotfiles: 'ignore',
    index: false,
    cacheControl: false,
    // The build writes .br and .gz copies (vite.config.ts): sent as they are when the browser accepts them.
    preCompressed: true,
    // Hashed build files never change under one name; everything else is revalidated.
    setHeaders: (res, filePath) => {
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  };
  // Each folder of the build (assets, icons, tokens) is one wildcard route, not a route per file: ~200
  // files with their .br and .gz copies made ~400 routes (75–90 ms of set-up in a bare app).
  // The files at the top (index.html, sw.js, the manifest) keep a route each, so no wildcard sits on `/`:
  // /api paths never fall back to the file system (and keep the router's 414 for an over-long id).
  const folders = readdirSync(staticDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
    .map((d) => d.name);
  await app.register(fastifyStatic, {
    ...common,
    root: staticDir,
    wildcard: false,
    globIgnore: [...folders.map((f) => `${f}/**`), '**/*.br', '**/*.gz'],
  });
  for (const folder of folders) {
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(staticDir, folder),
      prefix: `/${folder}/`,
      wildcard: true,
      decorateReply: false,
      // A path that is no file (the SPA's /assets/history) or a folder falls through to the not-found
      // handler below: the SPA's index.html. Dot paths likewise (`dotfiles: 'ignore'`).
      allowedPath: (pathname: string) => !pathname.endsWith('/'),
    });
  }
  return true;
}
