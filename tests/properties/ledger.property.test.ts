import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { systemClock } from '@server/clock';
import type { Database } from '@server/db/client';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor, openDatabaseFromTemplate } from '../api/database-template';
import { ledgerViolations } from '../support/ledger-invariants';
import {
  callerRowViolations,
  createPlayers,
  type LedgerOperation,
  type OperationOutcome,
  outcomeViolations,
  runConcurrently,
} from './ledger-operations';

/**
 * Random deposits, holds, posts, voids and player-to-player transfers, run concurrently with
 * duplicate keys, verbatim retries and keys reused with other values; afterwards every ledger rule
 * must hold and callers must have been told the truth. On PGlite (one connection, interleaved
 * operations) always; on PostgreSQL also from two OS processes at once, and with one process
 * killed mid-transaction and restarted.
 */

const template = inject('databaseTemplate');
const onPostgres = template.kind === 'postgres';
const playersPerRun = 4;
const keysPerKind = 6;

type AbstractOperation =
  | { type: 'deposit' | 'hold'; player: number; amount: number; key: number }
  | { type: 'post' | 'void'; player: number; key: number }
  | { type: 'transfer'; from: number; to: number; amount: number; key: number }
  | { type: 'retry'; of: number };

const player = fc.integer({ min: 0, max: playersPerRun - 1 });
const key = fc.integer({ min: 0, max: keysPerKind - 1 });
const amount = fc.integer({ min: 1, max: 150 });
const abstractOperation: fc.Arbitrary<AbstractOperation> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('deposit' as const), player, amount, key }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('hold' as const), player, amount, key }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constantFrom('post' as const, 'void' as const), player, key }) },
  {
    weight: 4,
    arbitrary: fc
      .record({ type: fc.constant('transfer' as const), from: player, to: player, amount, key })
      .filter((operation) => operation.from !== operation.to),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('retry' as const), of: fc.nat() }) },
);

/** Names real users and keys: keys are unique to the run, so runs never replay each other. */
function materialise(
  operations: readonly AbstractOperation[],
  userIds: readonly number[],
  run: string,
): LedgerOperation[] {
  const user = (index: number) => userIds[index] as number;
  const concrete: LedgerOperation[] = [];
  for (const operation of operations) {
    switch (operation.type) {
      case 'deposit':
        concrete.push({
          type: 'deposit',
          userId: user(operation.player),
          amount: operation.amount * 2,
          key: `${run}-d${operation.key}`,
        });
        break;
      case 'hold':
        concrete.push({
          type: 'hold',
          userId: user(operation.player),
          amount: operation.amount,
          key: `${run}-h${operation.key}`,
        });
        break;
      case 'post':
      case 'void':
        concrete.push({
          type: operation.type,
          holdUserId: user(operation.player),
          holdKey: `${run}-h${operation.key}`,
        });
        break;
      case 'transfer':
        concrete.push({
          type: 'transfer',
          fromUserId: user(operation.from),
          toUserId: user(operation.to),
          amount: operation.amount,
          key: `${run}-t${operation.key}`,
        });
        break;
      case 'retry': {
        const earlier = concrete.length > 0 ? concrete[operation.of % concrete.length] : undefined;
        if (earlier) concrete.push(earlier);
        break;
      }
    }
  }
  return concrete;
}

async function lastTransferId(db: Database): Promise<number> {
  const result = (await db.execute(sql`SELECT coalesce(max(id), 0) AS id FROM ledger_transfers`)) as unknown as {
    rows: { id: string | number }[];
  };
  return Number(result.rows[0]?.id ?? 0);
}

function runNonce(): string {
  return randomBytes(4).toString('hex');
}

describe('ledger invariants under random concurrent operations in one process', () => {
  let database: Awaited<ReturnType<typeof openDatabaseFromTemplate>>;
  beforeAll(async () => {
    database = await openDatabaseFromTemplate(template);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it(`hold after every run (${onPostgres ? 'PostgreSQL, eight connections' : 'PGlite, interleaved'})`, async () => {
    const lanes = onPostgres ? 8 : 4;
    await fc.assert(
      fc.asyncProperty(
        fc.array(abstractOperation, { minLength: 5, maxLength: 60 }),
        fc.boolean(),
        async (scenario, callerTransaction) => {
          const run = runNonce();
          const userIds = await createPlayers(database.db, playersPerRun, `prop${run}x`);
          const operations = materialise(scenario, userIds, run);
          const before = await lastTransferId(database.db);
          const outcomes = await runConcurrently(database.db, systemClock, operations, { lanes, callerTransaction });
          expect(await ledgerViolations(database.db)).toEqual([]);
          expect(await outcomeViolations(database.db, outcomes, before, { reported: 'moved' })).toEqual([]);
          if (callerTransaction) expect(await callerRowViolations(database.db, before)).toEqual([]);
        },
      ),
      { numRuns: onPostgres ? 60 : 25 },
    );
  });
});

interface WorkerRun {
  child: ChildProcess;
  outcomes: OperationOutcome[];
  finished: Promise<{ code: number | null; signal: NodeJS.Signals | null; done: boolean; stderr: string }>;
}

/** Starts the worker script as its own process group, so a SIGKILL reaches npx, tsx and node alike. */
function startWorker(
  databaseUrl: string,
  operationsFile: string,
  options: { lanes: number; applicationName: string; callerTransaction: boolean },
): WorkerRun {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', options.applicationName);
  const modeArguments = options.callerTransaction ? ['caller-transaction'] : [];
  const child = spawn(
    'npx',
    ['tsx', 'tests/properties/ledger-worker.ts', operationsFile, String(options.lanes), ...modeArguments],
    {
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const outcomes: OperationOutcome[] = [];
  let done = false;
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    const message = JSON.parse(line) as { index: number; outcome: OperationOutcome } | { done: true };
    if ('done' in message) done = true;
    else outcomes.push(message.outcome);
  });
  const finished = new Promise<{ code: number | null; signal: NodeJS.Signals | null; done: boolean; stderr: string }>(
    (resolve) => {
      let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
      let closed = false;
      const settle = () => {
        if (exit && closed) resolve({ ...exit, done, stderr });
      };
      child.once('exit', (code, signal) => {
        exit = { code, signal };
        settle();
      });
      lines.once('close', () => {
        closed = true;
        settle();
      });
    },
  );
  return { child, outcomes, finished };
}

type WorkerEnd = Awaited<WorkerRun['finished']>;

/** The worker ran its whole list and exited normally; its stderr explains a failure. */
function expectCleanExit(end: WorkerEnd, seed: number): void {
  expect({ seed, code: end.code, signal: end.signal, done: end.done }, end.stderr).toEqual({
    seed,
    code: 0,
    signal: null,
    done: true,
  });
}

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

describe.runIf(onPostgres)('ledger invariants with two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof openDatabaseFromTemplate>>;
  let databaseUrl: string;
  let workDir: string;
  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    database = await openDatabaseFromTemplate(template);
    const result = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseUrl = databaseUrlFor(template.serverUrl, result.rows[0]?.name ?? '');
    workDir = await mkdtemp(path.join(tmpdir(), 'ledger-workers-'));
  });
  afterAll(async () => {
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** Two lists over the same players and keys; the second repeats part of the first, so the processes race on the same keys. */
  async function twoWorkerLists(length: number, seed: number): Promise<[LedgerOperation[], LedgerOperation[]]> {
    const run = runNonce();
    const userIds = await createPlayers(database.db, playersPerRun, `proc${run}x`);
    const [first, second] = fc.sample(
      fc.tuple(
        fc.array(abstractOperation, { minLength: length, maxLength: length }),
        fc.array(abstractOperation, { minLength: length, maxLength: length }),
      ),
      {
        numRuns: 1,
        seed,
      },
    )[0] as [AbstractOperation[], AbstractOperation[]];
    const listA = materialise(first, userIds, run);
    const own = materialise(second, userIds, run);
    const listB = own.map((operation, index) => (index % 3 === 0 ? (listA[index] ?? operation) : operation));
    return [listA, listB];
  }

  async function writeList(name: string, operations: LedgerOperation[]): Promise<string> {
    const file = path.join(workDir, `${name}.json`);
    await writeFile(file, JSON.stringify(operations));
    return file;
  }

  it('hold when two processes run operations at once', async () => {
    const seed = Date.now();
    const [listA, listB] = await twoWorkerLists(300, seed);
    const before = await lastTransferId(database.db);
    const a = startWorker(databaseUrl, await writeList('both-a', listA), {
      lanes: 4,
      applicationName: 'ledger-worker-a',
      callerTransaction: false,
    });
    const b = startWorker(databaseUrl, await writeList('both-b', listB), {
      lanes: 4,
      applicationName: 'ledger-worker-b',
      callerTransaction: false,
    });
    const [endA, endB] = await Promise.all([a.finished, b.finished]);
    expectCleanExit(endA, seed);
    expectCleanExit(endB, seed);
    expect(a.outcomes).toHaveLength(listA.length);
    expect(b.outcomes).toHaveLength(listB.length);
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await outcomeViolations(database.db, [...a.outcomes, ...b.outcomes], before, { reported: 'moved' })).toEqual(
      [],
    );
    const movedAcrossProcesses = [...a.outcomes, ...b.outcomes].filter(
      (outcome) => outcome.status === 'replayed',
    ).length;
    expect(movedAcrossProcesses).toBeGreaterThan(0);
  }, 60_000);

  it('hold after a process is killed mid-transaction, and after it is restarted', async () => {
    const seed = Date.now();
    const [listA, listB] = await twoWorkerLists(1500, seed);
    const before = await lastTransferId(database.db);
    const fileA = await writeList('kill-a', listA);
    const inCallerTransactions = { lanes: 4, callerTransaction: true };
    const a = startWorker(databaseUrl, fileA, { ...inCallerTransactions, applicationName: 'ledger-worker-killed' });
    const b = startWorker(databaseUrl, await writeList('kill-b', listB), {
      ...inCallerTransactions,
      applicationName: 'ledger-worker-survivor',
    });

    const backendsOfA = async (inTransactionOnly: boolean) => {
      const result = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'ledger-worker-killed'
              AND (${!inTransactionOnly} OR state = 'idle in transaction')`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    };
    expect(await waitFor(() => a.outcomes.length >= 100, 30_000)).toBe(true);
    // Killed while one of its transactions is open: the ledger call made, the caller's row or commit not yet.
    const caughtInTransaction = await waitFor(async () => (await backendsOfA(true)) > 0, 10_000);
    expect({ caughtInTransaction, stillRunning: a.child.exitCode === null }).toEqual({
      caughtInTransaction: true,
      stillRunning: true,
    });
    process.kill(-(a.child.pid as number), 'SIGKILL');
    const endA = await a.finished;
    expect(endA.signal).toBe('SIGKILL');
    expect(endA.done).toBe(false);
    expect(a.outcomes.length).toBeLessThan(listA.length);

    const endB = await b.finished;
    expectCleanExit(endB, seed);
    // The server ends the dead process's sessions and rolls back whatever they had begun.
    expect(await waitFor(async () => (await backendsOfA(false)) === 0, 10_000)).toBe(true);
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await callerRowViolations(database.db, before)).toEqual([]);

    const restarted = startWorker(databaseUrl, fileA, {
      ...inCallerTransactions,
      applicationName: 'ledger-worker-restarted',
    });
    const endRestarted = await restarted.finished;
    expectCleanExit(endRestarted, seed);
    expect(await ledgerViolations(database.db)).toEqual([]);
    expect(await callerRowViolations(database.db, before)).toEqual([]);
    expect(
      await outcomeViolations(database.db, [...a.outcomes, ...b.outcomes, ...restarted.outcomes], before, {
        reported: 'movedOrReplayed',
      }),
    ).toEqual([]);
  }, 90_000);
});
