/**
 * A load that runs in its own child process (raw argon2id verifications, ledger transfers), so that
 * it does not share an event loop or thread pool with the bench. The parent asks for one timed
 * slice at a time over IPC and receives the slice's figures; SIGTERM ends the child.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot, stopChild, tailOf } from './processes';
import { type LoopsResult, runTimedLoops } from './timed-loops';

interface SliceRequest {
  durationMs: number;
  concurrency: number;
}

type WorkerMessage = { ready: true } | { slice: LoopsResult } | { error: string };

/** In the child: reports ready, then runs each requested slice of `operation`. */
export function serveSlices(operation: (loop: number) => Promise<void>, close: () => Promise<void>): void {
  process.on('message', (request: SliceRequest) => {
    runTimedLoops(request.concurrency, request.durationMs, operation).then(
      (slice) => process.send?.({ slice } satisfies WorkerMessage),
      (error: unknown) =>
        process.send?.({
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies WorkerMessage),
    );
  });
  process.once('SIGTERM', () => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  process.send?.({ ready: true } satisfies WorkerMessage);
}

export interface LoadWorker {
  runSlice(durationMs: number, concurrency: number): Promise<LoopsResult>;
  stop(): Promise<void>;
}

const startTimeoutMs = 120_000;

/** In the parent: starts bench/<script> and waits until it is ready (its set-up done). */
export async function startLoadWorker(script: string, env: Record<string, string>): Promise<LoadWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const tail = tailOf(child);
  const next = (timeoutMs: number) =>
    new Promise<WorkerMessage>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        cleanUp();
        resolve(message);
      };
      const onExit = (code: number | null) => {
        cleanUp();
        reject(new Error(`${script} exited (${code}): ${tail()}`));
      };
      const timer = setTimeout(() => {
        cleanUp();
        reject(new Error(`${script} did not answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const cleanUp = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode);
    });
  try {
    const first = await next(startTimeoutMs);
    if (!('ready' in first))
      throw new Error(`${script} failed to start: ${'error' in first ? first.error : JSON.stringify(first)}`);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    async runSlice(durationMs, concurrency) {
      child.send({ durationMs, concurrency } satisfies SliceRequest);
      // An operation under way at the deadline still finishes: allow it a generous bound.
      const message = await next(durationMs + 30_000);
      if ('error' in message) throw new Error(`${script}: ${message.error}`);
      if (!('slice' in message)) throw new Error(`${script} sent ${JSON.stringify(message)}`);
      return message.slice;
    },
    stop: () => stopChild(child),
  };
}
