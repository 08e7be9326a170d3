import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Log lines at level error or above, as written. */
  errorLines: string[];
  /** The last lines the process wrote on stdout and stderr, for failure messages. */
  tail(): string;
  alive(): boolean;
}

const pinoError = 50;
const keptChars = 6000;

/**
 * server/main.ts in a process of its own, as `npm start` runs it. Node itself with tsx as a loader,
 * so signals reach the server process directly: the tsx CLI relays them through a parent that
 * SIGKILLs a child slow (60 ms) to acknowledge them. Resolves once it prints its address.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-keptChars);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const errorLines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const address = /running at (http:\/\/\S+)/.exec(line)?.[1];
      if (address) resolve(address);
      try {
        if (((JSON.parse(line) as { level?: number }).level ?? 0) >= pinoError) errorLines.push(line);
      } catch {
        // Not a log line.
      }
    });
    void exited.then((code) => reject(new Error(`server exited with ${code} before listening: ${tail}`)));
  });
  return {
    url,
    child,
    exited,
    errorLines,
    tail: () => tail,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
}
