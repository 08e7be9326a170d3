import { defineConfig } from 'vitest/config';
import { pathAliases } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'games',
          environment: 'node',
          include: ['tests/games/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'repo',
          environment: 'node',
          include: ['tests/repo/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/properties/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['tests/components/**/*.test.{ts,tsx}', 'tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/components/setup.ts'],
          globalSetup: ['tests/components/global-setup.ts'],
        },
      },
    ],
  },
});
