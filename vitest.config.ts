import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './vite.config.ts';

/**
 * API tests whose subject is the embedded database itself, or that start server processes on a
 * data directory whatever database the run has: `api-embedded` runs them on PGlite, while the
 * `api` project, on the real PostgreSQL server the test command starts for the same run, runs every
 * other API test (and the ones here that also hold on a server). The browser tests run the whole product on PGlite.
 */
const embeddedDatabaseTests = [
  'tests/api/crypto-watcher-kill.test.ts',
  'tests/api/data-dir-lock.test.ts',
  'tests/api/env.test.ts',
  'tests/api/job-queue.test.ts',
  'tests/api/mail.test.ts',
  'tests/api/plain-rows.test.ts',
  'tests/api/rate-limit.test.ts',
  'tests/api/server-core.test.ts',
  'tests/api/auth-session-cache.test.ts',
  'tests/api/shutdown.test.ts',
  'tests/properties/wallet.property.test.ts',
  'tests/properties/ledger.property.test.ts',
];
/** Of those, the ones that never use the run's database server: no use running them on PostgreSQL too. */
const embeddedOnlyTests = [
  'tests/api/crypto-watcher-kill.test.ts',
  'tests/api/data-dir-lock.test.ts',
  'tests/api/env.test.ts',
  'tests/api/shutdown.test.ts',
];
/**
 * Tests against real servers and processes wait on other processes, not on a fixed time: on a loaded
 * machine (load average 10 on two cores) a step that takes half a second idle can take ten. Their
 * tests and hooks get minutes, and expect.poll half a minute instead of its default second, so only
 * a hang fails on time. (Testing Library's waits get theirs in tests/components/setup.ts.)
 */
const serverTestTimeouts = { testTimeout: 120_000, hookTimeout: 180_000, expect: { poll: { timeout: 30_000 } } };
const apiTestSettings = {
  environment: 'node' as const,
  globalSetup: ['tests/api/global-setup.ts'],
  ...serverTestTimeouts,
};

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    // Most API and component test time is spent waiting on a database server, a server process or
    // a timer: with a worker per core, a fifth of two cores stayed idle (on a clean clone the whole
    // run took 429 s with two workers, 358 s with three).
    maxWorkers: availableParallelism() + 1,
    // Computation-heavy tests (parsing every source file, a game's exact odds) take many
    // times their idle time on a loaded machine; none of them is about time. Server tests get more.
    testTimeout: 60_000,
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
          ...apiTestSettings,
          include: ['tests/api/**/*.test.ts', 'tests/properties/**/*.test.ts'],
          exclude: embeddedOnlyTests,
        },
      },
      {
        extends: true,
        // On PGlite even in a run whose other API tests use a server (the test command runs both at once).
        test: {
          name: 'api-embedded',
          ...apiTestSettings,
          include: embeddedDatabaseTests,
          env: { TEST_DATABASE_URL: '' },
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
          ...serverTestTimeouts,
        },
      },
    ],
  },
});
