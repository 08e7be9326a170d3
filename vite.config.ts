import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { appShell } from './scripts/vite-app-shell.ts';

/** The same aliases as tsconfig.base.json's paths; vitest.config.ts uses them too. */
export const pathAliases = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
  '@games/': fileURLToPath(new URL('./games/', import.meta.url)),
  '@machines/': fileURLToPath(new URL('./machines/', import.meta.url)),
  '@server/': fileURLToPath(new URL('./server/', import.meta.url)),
};

const landingRoutes = new Set(['/_home', '/_home/']);

const apiOrigin = 'http://127.0.0.1:8080';

/** The studio's game page (studio/page/): its own entry, served at these paths by the server and by Vite. */
const studioPagePaths = /^\/studio\/(play|verify)(\?|$)/;
const studioPageHtml = '/studio/page/index.html';

function studioPageInDev(): Plugin {
  return {
    name: 'studio-page-paths',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && studioPagePaths.test(request.url)) {
          const query = request.url.indexOf('?');
          request.url = studioPageHtml + (query >= 0 ? request.url.slice(query) : '');
        }
        next();
      });
    },
  };
}

// Everything the first page needs anyway goes in one chunk: dozens of small shared chunks
// compress worse apart and cost a request each (about 12 kB gzipped on the home page).
const oneInitialChunk: Rolldown.OutputOptions = {
  codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
};

export default defineConfig({
  resolve: { alias: pathAliases },
  plugins: [
    // The router plugin must run before the React plugin so it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The landing page and its layout come with the first script: split, they cost a second round of
      // a dozen small requests before anything below the header can paint (bench: Lighthouse, mobile).
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (landingRoutes.has(routeId) ? [] : undefined),
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    studioPageInDev(),
    // The installable app: manifests, icons, the offline page and the service worker (before the copies below).
    appShell(),
    // Brotli and gzip copies beside each text file; the server picks one by the browser's Accept-Encoding.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: {
    proxy: {
      '/v2': apiOrigin,
      '/healthz': apiOrigin,
      '/readyz': apiOrigin,
      '/dev': apiOrigin,
      '/studio/api': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: { output: oneInitialChunk },
  },
  /**
   * The studio's page is built apart from the SPA, into the same dist/ (dist/studio/page/index.html
   * and its chunks in dist/assets/): built together, the two entries would share chunks, and the
   * SPA's one initial chunk would either pull the studio's code or be pulled by the studio's page.
   */
  environments: {
    studio: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        // Which chunks each title loads, for the bench's per-title figures (bench/studio-title-chunks.ts).
        manifest: '.vite/studio-manifest.json',
        rolldownOptions: { input: 'studio/page/index.html', output: oneInitialChunk },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      for (const name of ['client', 'studio']) {
        const environment = builder.environments[name];
        if (environment) await builder.build(environment);
      }
    },
  },
});
