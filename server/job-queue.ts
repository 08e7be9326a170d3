import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type Database, isDatabaseUnavailable } from './db/client';
import type { EventLetter } from './shared/event-letters';

/**
 * Every queue of background work and how its jobs are retried. A job is a row in the database
 * (pg-boss's schema), so it outlives the process that sent it, and any process may run it: a
 * worker takes a job with FOR UPDATE SKIP LOCKED, so no two processes take the same one.
 * A periodic queue is 'stately': at most one job waiting and one running, across all processes.
 */
/**
 * A periodic queue's run, added every minute. Its expiry is short because a run whose ending could
 * not be written (the database went away under it) holds the queue's one active place until it
 * expires: with the default five minutes, interrupted payouts and callbacks waited that long.
 * A run that outlives it may overlap the next one, which every periodic handler allows (each claims
 * its rows or is idempotent).
 */
const everyMinute = { policy: 'stately', retryLimit: 0, expireInSeconds: 60 } as const;

const queues = {
  /** One job per outgoing message (mail/delivery.ts); a refused one is tried 8 times over 1 to 2 hours. */
  mail: { policy: 'standard', retryLimit: 7, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  /** One job per event that writes a letter (letters/event-letters.ts); the letter's event key makes a rerun write nothing. */
  'station-letter': { policy: 'standard', retryLimit: 7, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  'accounts-housekeeping': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
  /** Payouts of approved withdrawals left unsent (draw/service.ts), swept every minute. */
  'payout-resume': everyMinute,
  /** The sandbox provider's unacknowledged callbacks, sent again every minute. */
  'sandbox-pay-callbacks': everyMinute,
  /** Seats of the game hall left idle, freed every minute (hall/hall.ts). */
  'game-seats-housekeeping': everyMinute,
  /** The game studio's rounds left unfinished (studio/rounds.ts), settled or rolled back every minute. */
  'studio-recovery': everyMinute,
  /** Crypto deposits followed to their confirmations and credited (crypto/watcher.ts), every minute. */
  'crypto-watcher': everyMinute,
  /** Agents' commission for each finished Japanese day (agent/commission.ts), looked at every hour. */
  'agent-commission': {
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  },
} satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

type QueueName = keyof typeof queues;

/** What a job carries; periodic jobs carry nothing. */
interface JobData {
  mail: { mailId: number };
  'station-letter': EventLetter;
  'accounts-housekeeping': null;
  'payout-resume': null;
  'sandbox-pay-callbacks': null;
  'game-seats-housekeeping': null;
  'studio-recovery': null;
  'crypto-watcher': null;
  'agent-commission': null;
}

interface JobInfo {
  id: string;
  /** 0 on the first run. */
  retryCount: number;
  retryLimit: number;
}

type JobHandler<Q extends QueueName> = (data: JobData[Q], job: JobInfo) => Promise<void>;

export interface JobQueue {
  /**
   * Adds a job through `db`: inside a transaction it exists exactly when the change that caused it
   * does, and a rolled-back transaction leaves none.
   */
  send<Q extends QueueName>(db: Database, queue: Q, data: JobData[Q]): Promise<void>;
  /**
   * Runs the queue's jobs in this process, one at a time, taking the next at once while there
   * are any and looking again every `pollSeconds` otherwise. A handler that throws has its job
   * retried with the queue's backoff.
   */
  work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, options?: { pollSeconds?: number }): Promise<void>;
  /** Also adds the queue's job on a cron schedule (UTC, minutes at the finest); one process a minute adds it. */
  every<Q extends QueueName>(queue: Q, cron: string, handler: JobHandler<Q>): Promise<void>;
  /** Wakes this process's worker of the queue, for a job just sent, rather than at its next look. */
  kick(queue: QueueName): void;
  /** Stops taking jobs and waits for the running ones to finish; call before closing the database. */
  stop(): Promise<void>;
}

interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** pg-boss's statements over the app's own connection: the PGlite instance or the pool. */
function executorOf(db: Database): Executor {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        // Statements without values include pg-boss's scripts (BEGIN … COMMIT around schema changes
        // and clean-up). In a transaction of PGlite's, a failing script is rolled back instead of
        // leaving the only connection in an aborted transaction.
        const results = await client.transaction((tx) => tx.exec(text));
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  if (client instanceof pg.Pool) return { executeSql: (text, values) => client.query(text, values) };
  throw new Error('the job queue needs a PGlite or pg.Pool database');
}

/** pg-boss's statements through Drizzle, so they join whatever transaction `db` is. */
function executorIn(db: Database): Executor {
  return {
    async executeSql(text, values = []) {
      // Drizzle numbers the values afresh (pg-boss repeats some) and renders undefined as nothing.
      const parts = text.split(/\$(\d+)/);
      const query = sql.join(
        parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
      );
      const result = (await db.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

const defaultPollSeconds = 2;
const periodicPollSeconds = 10;
/**
 * On a database that has the queue, its start waits this long, or until a job is kicked: its first
 * statements read pg-boss's tables for the first time in the process, which on PGlite would hold
 * up the first requests (and readiness) by a good part of a second.
 */
const deferredStartMs = 1000;

/**
 * The job queue of this process. On a database without pg-boss's schema (the first start) it is
 * installed with the queues before this resolves; otherwise the workers, the schedules and the
 * clean-up every process takes part in start shortly after (jobs can be sent at once).
 */
export async function startJobQueue(db: Database, logger: Logger): Promise<JobQueue> {
  const base = executorOf(db);
  const calls = callsInFlight();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => calls.track(base.executeSql(text, values)) },
    // A stuck job (its process died) is failed and retried once it has outlived its queue's expiry.
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const workers = new Map<QueueName, string>();
  /** The queues this process adds on a schedule (`every`). */
  const periodicQueues = new Set<QueueName>();
  const starting = startSequence(() => boss.start().then(() => createQueues(boss)), logger);

  async function work<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, pollSeconds: number) {
    let workerId: string | undefined;
    workerId = await boss.work<JobData[Q]>(
      queue,
      { pollingIntervalSeconds: pollSeconds, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        // Draining: the worker looks for the next job at once instead of after its interval.
        if (workerId) boss.notifyWorker(workerId);
        const info = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
        try {
          await calls.track(handler(job.data, info));
        } catch (error) {
          logJobFailure(logger, error, queue, info, periodicQueues.has(queue));
          throw error;
        }
      },
    );
    workers.set(queue, workerId);
  }

  if (await boss.isInstalled()) starting.startLater();
  else await starting.start();

  return {
    async send(target, queue, data) {
      await boss.send(queue, data as object, { db: executorIn(target) });
    },
    work: (queue, handler, options = {}) =>
      starting.whenStarted(() => work(queue, handler, options.pollSeconds ?? defaultPollSeconds)),
    every: (queue, cron, handler) => {
      periodicQueues.add(queue);
      return starting.whenStarted(async () => {
        await boss.schedule(queue, cron, undefined, { tz: 'UTC' });
        await work(queue, handler, periodicPollSeconds);
      });
    },
    kick(queue) {
      // A worker not yet started looks for jobs as it starts.
      if (!starting.started) return starting.startSoon();
      const workerId = workers.get(queue);
      if (workerId) boss.notifyWorker(workerId);
    },
    async stop() {
      if (!(await starting.settle())) return;
      await boss.stop({ graceful: true, close: false, timeout: 30_000 });
      await calls.drain();
    },
  };
}

/** Creates the queues missing from the database and updates those whose options have changed. */
async function createQueues(boss: PgBoss): Promise<void> {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const [name, options] of Object.entries(queues)) {
    const current = existing.get(name);
    if (!current) await boss.createQueue(name, { name, ...options });
    else if (Object.entries(options).some(([key, value]) => current[key as keyof typeof current] !== value)) {
      await boss.updateQueue(name, { name, ...options });
    }
  }
}

/**
 * pg-boss's statements still running. pg-boss resolves stop() before its workers' last statements
 * have returned; `drain` awaits them.
 */
function callsInFlight() {
  const inFlight = new Set<Promise<unknown>>();
  return {
    track<T>(promise: Promise<T>): Promise<T> {
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
      return promise;
    },
    async drain(): Promise<void> {
      // A worker's last fetch may still hand it a job, and a finished job's completion is written
      // after its handler returns: wait a turn of the event loop after each settles.
      do {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size > 0);
    },
  };
}

/**
 * The queue's start (pg-boss's own, then the queues), deferred or at once, and the workers and
 * schedules, each registered after the start and the ones before it.
 */
function startSequence(startQueue: () => Promise<void>, logger: Logger) {
  /** Set once the start has begun. */
  let ready: Promise<void> | null = null;
  let registered: Promise<void> = Promise.resolve();
  const waiting: (() => Promise<void>)[] = [];
  let startTimer: NodeJS.Timeout | null = null;

  function afterStart(register: () => Promise<void>): Promise<void> {
    const previous = registered;
    registered = (async () => {
      await previous;
      await ready;
      await register();
    })();
    return registered;
  }

  function start(): Promise<void> {
    if (startTimer) clearTimeout(startTimer);
    if (!ready) {
      ready = startQueue();
      for (const register of waiting.splice(0)) void afterStart(register).catch(startFailed);
    }
    return Promise.all([ready, registered]).then(() => undefined);
  }

  function startFailed(error: unknown) {
    logger.error({ err: error }, 'job queue did not start');
  }

  function startSoon() {
    start().catch(startFailed);
  }

  return {
    start,
    startSoon,
    /** Starts after `deferredStartMs`; a kick starts it sooner, a stop cancels it. */
    startLater() {
      startTimer = setTimeout(startSoon, deferredStartMs);
    },
    get started(): boolean {
      return ready !== null;
    },
    /** Registers at once once started (resolving when done), and otherwise when the start comes. */
    async whenStarted(register: () => Promise<void>): Promise<void> {
      if (ready) await afterStart(register);
      else waiting.push(register);
    },
    /** Cancels a deferred start and waits for the registrations; false when the queue never started. */
    async settle(): Promise<boolean> {
      if (startTimer) clearTimeout(startTimer);
      if (!ready) return false;
      await registered.catch(() => undefined);
      return true;
    },
  };
}

function logJobFailure(logger: Logger, error: unknown, queue: QueueName, job: JobInfo, periodic: boolean): void {
  const retried = job.retryCount < job.retryLimit;
  // A periodic run the database's absence cut short is simply run again a minute later.
  const rerun = !retried && periodic && isDatabaseUnavailable(error);
  const details = { err: error, queue, job };
  if (retried) logger.warn(details, 'job failed; it will be retried');
  else if (rerun) logger.warn(details, 'job failed; its next run will do it');
  else logger.error(details, 'job failed for good');
}
