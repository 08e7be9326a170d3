import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'repo',
          environment: 'node',
          include: ['tests/repo/**/*.test.ts'],
        },
      },
      {
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
