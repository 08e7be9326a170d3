import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const execFileAsync = promisify(execFile);

/** The operator every component test server has, and the password the set-up gives it. */
export const deskOperator = { account: 'deskreviewer', password: 'Review-desk-4ll7-test' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated data directory with the operator in it, which each test server starts from a copy of. */
    deskTemplate: { dataDir: string; otpauthUrl: string };
  }
}

/**
 * Migrates one data directory and makes the operator in it with `npm run operator:create`, once per
 * run: each test file's server then starts on a copy instead of migrating a new one.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-desk-template-'));
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-operator.ts', deskOperator.account, `${deskOperator.account}@example.test`],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', OPERATOR_PASSWORD: deskOperator.password } },
  );
  const otpauthUrl = stdout.split('\n').find((line) => line.startsWith('otpauth://'));
  if (!otpauthUrl) throw new Error(`operator:create printed no authenticator URL:\n${stdout}`);
  project.provide('deskTemplate', { dataDir, otpauthUrl });
  return () => rm(dataDir, { recursive: true, force: true });
}
