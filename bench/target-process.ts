import { spawn } from 'node:child_process';
import path from 'node:path';
import { exited, repoRoot, stopChild, tailOf } from './processes';

export interface RunningTarget {
  url: string;
  stop(): Promise<void>;
}

const startTimeoutMs = 60_000;

/** Starts bench/serve-target.ts in a child process and waits until it reports its port. */
export async function startTarget(kind: 'app' | 'bare', env: Record<string, string>): Promise<RunningTarget> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', 'serve-target.ts'), kind], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const tail = tailOf(child);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${kind} server did not start within ${startTimeoutMs / 1000} s`));
    }, startTimeoutMs);
    child.once('message', (message: { port?: number }) => {
      clearTimeout(timer);
      if (typeof message.port === 'number') resolve(message.port);
      else reject(new Error(`${kind} server sent ${JSON.stringify(message)}`));
    });
    void exited(child).then((code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited (${code}) before listening: ${tail()}`));
    });
  });
  child.disconnect();
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}
