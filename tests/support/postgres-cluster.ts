import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** How to stop and start a server of scripts/with-postgres.sh: its pg_ctl and its cluster directory. */
export interface PostgresControl {
  binDir: string;
  clusterDir: string;
}

/** The control scripts/with-postgres.sh exports for its server, or null outside it. */
export function postgresControlFromEnv(env: NodeJS.ProcessEnv = process.env): PostgresControl | null {
  const binDir = env.TEST_POSTGRES_BIN_DIR;
  const clusterDir = env.TEST_POSTGRES_CLUSTER_DIR;
  return binDir && clusterDir ? { binDir, clusterDir } : null;
}

/**
 * pg_ctl on the cluster, as the cluster's owner (PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the postgres user). `stop` is a fast shutdown: sessions are ended, as in a
 * failover or a restart by an operator.
 */
export async function pgCtl(control: PostgresControl, action: 'stop' | 'start' | 'restart'): Promise<void> {
  const dataDir = path.join(control.clusterDir, 'data');
  const logFile = path.join(control.clusterDir, 'server.log');
  const args = {
    stop: ['-D', dataDir, '-m', 'fast', '-w', 'stop'],
    start: ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start'],
    restart: ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', 'restart'],
  }[action];
  const pgCtlPath = path.join(control.binDir, 'pg_ctl');
  const [command, ...rest] =
    process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', pgCtlPath, ...args] : [pgCtlPath, ...args];
  await run(command!, rest, { timeout: 90_000 });
}

export interface ThrowawayPostgres {
  /** The server's `postgres` database. */
  url: string;
  control: PostgresControl;
  /** Stops the server and removes its cluster. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL server of its own, from scripts/with-postgres.sh, for a test that stops and starts
 * its server: the server of the test run is shared by every test file running at the time. The
 * script runs a small Node child that reports the server and then waits for its stdin to close;
 * closing it (or this process ending) stops the server and removes the cluster.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const report = `process.stdout.write(JSON.stringify({ url: process.env.TEST_DATABASE_URL, binDir: process.env.TEST_POSTGRES_BIN_DIR, clusterDir: process.env.TEST_POSTGRES_CLUSTER_DIR }) + '\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;
  const child: ChildProcess = spawn(
    'bash',
    [path.join(repoRoot, 'scripts', 'with-postgres.sh'), process.execPath, '-e', report],
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const started = await new Promise<{ url: string; binDir: string; clusterDir: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve(JSON.parse(line) as { url: string; binDir: string; clusterDir: string }),
    );
    void exited.then(() => reject(new Error(`scripts/with-postgres.sh ended before its server was up: ${stderr}`)));
  });
  return {
    url: started.url,
    control: { binDir: started.binDir, clusterDir: started.clusterDir },
    async close() {
      child.stdin?.end();
      await exited;
    },
  };
}
