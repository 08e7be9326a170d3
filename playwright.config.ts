import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);
// The browser-test server makes an operator (for the review journeys) and names it in this file;
// set here so the test workers inherit it.
process.env.E2E_OPERATOR_FILE ??= path.join(os.tmpdir(), `game-hall-e2e-operator-${port}.json`);
// The operator session the workers share, one per run (e2e/fixtures.ts), removed after it.
process.env.E2E_OPERATOR_SESSION_FILE ??= path.join(
  os.tmpdir(),
  `game-hall-e2e-operator-session-${port}-${process.pid}.json`,
);
// test-all.sh asks for a JSON report beside the list to add the browser tests to its total.
const jsonReport = process.env.E2E_JSON_REPORT;

/**
 * Browser tests in the system's Chromium (Debian's `chromium` package); Playwright never downloads a
 * browser here. The server is the real product built by `vite build`, started fresh for the run.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  globalTeardown: './e2e/global-teardown.ts',
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The machine coverage reporter prints which states and transitions the path replays walked.
  reporter: [
    [ci ? 'list' : 'line'],
    ['./e2e/machine-coverage-reporter.ts'],
    ...(jsonReport ? ([['json', { outputFile: jsonReport }]] as const) : []),
  ],
  use: {
    baseURL,
    locale: 'ja-JP',
    // The app's service worker would take the pages' requests out of page.route()'s reach; only
    // the spec of the installable app lets it run (e2e/app-access-installable.spec.ts).
    serviceWorkers: 'block',
    // A failed test keeps its trace: actions with DOM snapshots, without the screencast, whose
    // stream of frames slows every test for a picture the failure screenshot already gives.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'bash scripts/e2e-server.sh',
    url: `${baseURL}/readyz`,
    env: { E2E_PORT: String(port), E2E_OPERATOR_FILE: process.env.E2E_OPERATOR_FILE },
    timeout: 120_000,
    reuseExistingServer: !ci,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
