import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The lock file inside an embedded data directory. PGlite runs PostgreSQL inside the process that
 * opens the directory and takes no lock of its own: a second process on the same directory writes
 * over the first one's files, and one of them loses what it committed.
 */
export const dataDirLockName = 'data-dir.lock';

/** What the lock file holds (JSON): who holds the directory. */
export interface DataDirHolder {
  pid: number;
  /** The process's start time as the kernel counts it (Linux), so a pid used again is not taken for the holder. */
  startedAt: string | null;
  /** The command that holds it, for the message: `npm run operator:create`, `main.ts`. */
  command: string;
  since: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). ` +
        'Only one process may open it at a time: stop that process (the server, or a command still running) and try again.',
    );
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Attempts at taking the lock: each one that fails has found a dead holder's lock and removed it, or met another process removing one. */
const attempts = 10;
const takeoverPauseMs = 50;

/**
 * Takes the data directory for this process, or throws DataDirBusyError naming the live process that
 * has it. The lock file is written whole under another name and linked into place, so it appears
 * with its content or not at all, and only one of two processes can link it. A lock whose holder
 * is gone (killed, crashed) is removed under a second, short-lived lock file, so that two
 * processes finding it at once cannot each remove a lock the other has just taken.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockFile = path.join(dataDir, dataDirLockName);
  const mine: DataDirHolder = {
    pid: process.pid,
    startedAt: processStartOf(process.pid),
    command: commandOfThisProcess(),
    since: new Date().toISOString(),
  };
  const text = JSON.stringify(mine);
  const draft = `${lockFile}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(draft, text, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      if (await linked(draft, lockFile)) {
        return {
          async release() {
            if ((await readText(lockFile)) === text) await unlink(lockFile);
          },
        };
      }
      const held = await readText(lockFile);
      if (held === null) continue;
      const holder = holderIn(held);
      if (holder && isAlive(holder)) throw new DataDirBusyError(dataDir, holder);
      if (!(await removeDeadLock(lockFile, held, draft))) await sleep(takeoverPauseMs);
    }
    throw new Error(`could not take the lock ${lockFile}: it kept changing hands`);
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

/**
 * Removes the lock file if it still holds `deadText`, under the takeover file. False when another
 * process is removing it at this moment (its takeover file is there and it is alive).
 */
async function removeDeadLock(lockFile: string, deadText: string, draft: string): Promise<boolean> {
  const takeover = `${lockFile}.takeover`;
  if (!(await linked(draft, takeover))) {
    const other = await readText(takeover);
    const remover = other === null ? null : holderIn(other);
    if (remover && isAlive(remover)) return false;
    // A process that died while removing a dead lock left its takeover file behind.
    if (other !== null && (await readText(takeover)) === other) await unlink(takeover).catch(() => undefined);
    return true;
  }
  try {
    // Only a takeover file's holder removes a lock, and a lock is linked only where none is, so the
    // text read here cannot be replaced before the unlink.
    if ((await readText(lockFile)) === deadText) await unlink(lockFile);
  } finally {
    await unlink(takeover);
  }
  return true;
}

async function linked(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The holder a lock file names; null for text that names none (then nobody holds it). */
function holderIn(text: string): DataDirHolder | null {
  try {
    const value = JSON.parse(text) as Partial<DataDirHolder>;
    if (!Number.isSafeInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return {
      pid: value.pid as number,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : null,
      command: typeof value.command === 'string' ? value.command : 'unknown command',
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
    };
  } catch {
    return null;
  }
}

/** Whether the process is running: it exists, is not a zombie, and started when the holder did. */
function isAlive(holder: DataDirHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = procStat(holder.pid);
  if (stat === null) return true;
  if (stat.state === 'Z') return false;
  return holder.startedAt === null || holder.startedAt === stat.startedAt;
}

/** State and start time from /proc/<pid>/stat (Linux); null where there is no /proc. */
function procStat(pid: number): { state: string; startedAt: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The fields after the command's closing parenthesis start at the third, the state; the start time is the 22nd.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, startedAt] = [fields[0], fields[19]];
  return state && startedAt ? { state, startedAt } : null;
}

function processStartOf(pid: number): string | null {
  return procStat(pid)?.startedAt ?? null;
}

function commandOfThisProcess(): string {
  const script = process.env.npm_lifecycle_event;
  if (script) return `npm run ${script}`;
  return path.basename(process.argv[1] ?? process.argv0);
}
