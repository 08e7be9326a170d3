import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@server/db/client';
import { DataDirBusyError, dataDirLockName, lockDataDir } from '@server/db/data-dir-lock';
import { users } from '@server/db/schema/auth';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/**
 * Two processes on one embedded data directory: `npm run operator:create` once said it succeeded
 * while the server ran on the same directory, and the operator was lost. Whatever opens the
 * directory now holds it alone until it closes it; a second process is refused with a message
 * naming the holder, and a lock whose holder died is taken over.
 */
const execFileAsync = promisify(execFile);

let dataDir: string;
let running: ServerProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-data-dir-lock-'));
});
afterEach(async () => {
  if (running?.alive()) running.child.kill('SIGKILL');
  await running?.exited;
  running = null;
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** `npm run operator:create -- <name> <e-mail>` as a process of its own on the data directory. */
async function createOperator(username: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'scripts/create-operator.ts', username, `${username}@example.test`],
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function operatorExists(username: string): Promise<boolean> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return rows.length > 0;
  } finally {
    await database.close();
  }
}

/** The pid of a process that has run and ended. */
async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

const lockFile = () => path.join(dataDir, dataDirLockName);
/** Starting a server migrates and seeds a new directory: allow for a loaded machine. */
const processTimeout = { timeout: 180_000 };

// Only the embedded database has a data directory: the PostgreSQL pass leaves this file out.
describe.skipIf(process.env.TEST_DATABASE_URL)('one process per embedded data directory', () => {
  it(
    'refuses operator:create while the server runs on the directory, and creates the operator once it stopped',
    processTimeout,
    async () => {
      running = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const serverPid = running.child.pid;

      const refused = await createOperator('lockedoutdesk');
      expect(refused.code, refused.stdout).toBe(1);
      expect(refused.stderr).toContain(
        `operator:create: The data directory ${dataDir} is in use by process ${serverPid}`,
      );
      expect(refused.stdout).not.toContain('Created operator');
      // The server is untouched by the refused command.
      expect((await fetch(`${running.url}/readyz`)).status).toBe(200);

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      expect(existsSync(lockFile())).toBe(false);

      const created = await createOperator('lockeddesk');
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Created operator lockeddesk');
      expect(await operatorExists('lockeddesk')).toBe(true);
      expect(await operatorExists('lockedoutdesk')).toBe(false);
    },
  );

  it('refuses a second server on the directory while the first one runs', processTimeout, async () => {
    running = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const second = startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await expect(second).rejects.toThrow(
      `The data directory ${dataDir} is in use by process ${running.child.pid} (main.ts`,
    );
    expect((await fetch(`${running.url}/readyz`)).status).toBe(200);
  });

  it('takes over a lock whose holder was killed', processTimeout, async () => {
    running = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    running.child.kill('SIGKILL');
    await running.exited;
    expect(existsSync(lockFile())).toBe(true);
    const created = await createOperator('afterkilldesk');
    expect(created.code, created.stderr).toBe(0);
    expect(await operatorExists('afterkilldesk')).toBe(true);
  });

  it('takes over a lock naming an ended process, or a running one that started after the holder did', async () => {
    const ended = {
      pid: await pidOfEndedProcess(),
      startedAt: null,
      command: 'main.ts',
      since: '2026-01-01T00:00:00Z',
    };
    await writeFile(lockFile(), JSON.stringify(ended));
    const first = await lockDataDir(dataDir);
    await first.release();
    expect(existsSync(lockFile())).toBe(false);
    if (process.platform === 'linux') {
      // This very process, with the start time of an earlier process that had its pid.
      const reused = { pid: process.pid, startedAt: '1', command: 'main.ts', since: '2026-01-01T00:00:00Z' };
      await writeFile(lockFile(), JSON.stringify(reused));
      const second = await lockDataDir(dataDir);
      await second.release();
    }
  });

  it('lets one of two openings at once hold the directory, and refuses the other', async () => {
    const outcomes = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(dataDir)]);
    const held = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(held).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(DataDirBusyError);
    await (held[0] as PromiseFulfilledResult<{ release(): Promise<void> }>).value.release();
    await expect(openDatabase({ dataDir }).then((database) => database.close())).resolves.toBeUndefined();
  });
});
