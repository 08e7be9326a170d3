import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The same aliases as tsconfig.base.json's paths; vitest.config.ts uses them too. */
export const pathAliases = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@contract/': fileURLToPath(new URL('./contract/', import.meta.url)),
  '@games/': fileURLToPath(new URL('./games/', import.meta.url)),
  '@machines/': fileURLToPath(new URL('./machines/', import.meta.url)),
  '@server/': fileURLToPath(new URL('./server/', import.meta.url)),
};

const apiOrigin = 'http://127.0.0.1:8080';

export default defineConfig({
  resolve: { alias: pathAliases },
  plugins: [
    // The router plugin must run before the React plugin so it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
  ],
  server: {
    proxy: {
      '/v2': apiOrigin,
      '/healthz': apiOrigin,
      '/readyz': apiOrigin,
      '/dev': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the first page needs anyway goes in one chunk: dozens of small shared chunks
        // compress worse apart and cost a request each (about 12 kB gzipped on the home page).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
});
