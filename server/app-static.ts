/** The built pages and assets the server sends as they are (dist/): the SPA and the studio's game page. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './contract-router';
import { ApiError } from './errors';
import type { StandardHeaders } from './response-headers';

/**
 * The studio's game page (studio/page/, built to dist/studio/page/index.html) at the paths its launch
 * URL and its verify links name; its scripts are in dist/assets/ with the SPA's. Our hall frames it.
 */
export function mountStudioPage(app: Hono<AppEnv>, staticDir: string, headers: StandardHeaders) {
  const pageFile = path.join(staticDir, 'studio', 'page', 'index.html');
  const page = async (c: Context<AppEnv>) => {
    if (!existsSync(pageFile)) throw new ApiError(404, 'error.notFound');
    return headers.framedPage(await readFile(pageFile, 'utf8'), c.get('requestId'));
  };
  app.get('/studio/play', page);
  app.get('/studio/verify', page);
}

/**
 * Serves the built SPA: hashed assets cached for a year, every other path falls back to index.html.
 * The build writes brotli and gzip copies beside each text file; the one the browser accepts is sent.
 */
export function mountSpa(app: Hono<AppEnv>, staticDir: string) {
  const root = path.relative(process.cwd(), staticDir) || '.';
  const noCache = (_path: string, c: Context<AppEnv>) => void c.header('Cache-Control', 'no-cache');
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // A tab still running an older build asks for chunks that are gone: answer 404, not index.html as script.
  app.get('/assets/*', () => {
    throw new ApiError(404, 'error.notFound');
  });
  app.use('*', serveStatic({ root, precompressed: true, onFound: noCache }));
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: noCache }));
  app.get('*', () => {
    throw new ApiError(404, 'error.notFound');
  });
}
