import { spawn } from 'node:child_process';
import { findFreePort, repoRoot, sleep, stopChild, tailOf, tsxBin } from './processes';

export interface MainServer {
  url: string;
  /** Milliseconds from spawning `tsx server/main.ts` until /readyz answered 200. */
  readyAfterMs: number;
  /** Stops with SIGTERM (graceful shutdown) and resolves with the exit code. */
  stop(): Promise<number | null>;
}

const readyDeadlineMs = 30_000;
const pollIntervalMs = 20;

/**
 * Starts the product exactly as `npm start` does after its build (`tsx server/main.ts`) on an
 * existing PGlite data directory and a port found free beforehand, and times it until ready.
 */
export async function startMainServer(dataDir: string): Promise<MainServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(tsxBin, ['server/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = tailOf(child);
  const stop = async () => {
    await stopChild(child);
    return child.exitCode;
  };

  while (performance.now() - started < readyDeadlineMs) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server/main.ts exited (${child.exitCode ?? child.signalCode}) before it was ready: ${tail()}`);
    }
    const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { url, readyAfterMs: performance.now() - started, stop };
    await sleep(pollIntervalMs);
  }
  await stop();
  throw new Error(`server/main.ts was not ready after ${readyDeadlineMs / 1000} s: ${tail()}`);
}

export interface ColdStart {
  medianMs: number;
  runsMs: number[];
}

/** Median of `runs` cold starts; every run must also shut down cleanly (exit code 0). */
export async function measureColdStart(dataDir: string, runs: number): Promise<ColdStart> {
  const runsMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const server = await startMainServer(dataDir);
    runsMs.push(server.readyAfterMs);
    const code = await server.stop();
    if (code !== 0) throw new Error(`server/main.ts exited with ${code} on SIGTERM instead of shutting down cleanly`);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, runsMs };
}
