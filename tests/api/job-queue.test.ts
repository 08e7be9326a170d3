import type { Database } from '@server/db/client';
import { type JobQueue, startJobQueue } from '@server/job-queue';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabaseFromTemplate, type TestDatabase } from './database-template';

const logger = pino({ level: 'silent' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function freshDatabase(): Promise<{ current: TestDatabase }> {
  const holder = { current: await openDatabaseFromTemplate(inject('databaseTemplate')) };
  cleanups.push(() => holder.current.drop());
  return holder;
}

async function queueOn(db: Database): Promise<JobQueue> {
  const jobs = await startJobQueue(db, logger);
  cleanups.push(() => jobs.stop());
  return jobs;
}

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The one job of a queue: its state and the seconds until it may run. */
async function jobOf(db: Database, queue: string) {
  const [job] = await rowsOf<{ state: string; wait: number; retryCount: number }>(
    db,
    sql`select state, extract(epoch from start_after - now())::float8 as wait, retry_count as "retryCount"
        from pgboss.job where name = ${queue}`,
  );
  return job;
}

describe('the job queue', () => {
  it('runs after a restart a job that was sent but not run before the stop', async () => {
    const database = await freshDatabase();
    const before = await startJobQueue(database.current.db, logger);
    // No process works the queue yet: the job waits as a row.
    await before.send(database.current.db, 'mail', { mailId: 41 });
    await before.stop();
    expect((await jobOf(database.current.db, 'mail'))?.state).toBe('created');

    database.current = await database.current.reopen();
    const after = await queueOn(database.current.db);
    const ran = new Promise((resolve) => void after.work('mail', async (data) => resolve(data)));
    expect(await ran).toEqual({ mailId: 41 });
    await expect.poll(async () => (await jobOf(database.current.db, 'mail'))?.state).toBe('completed');
  });

  it('retries a failing job with a growing wait, and completes it once it succeeds', async () => {
    const { current } = await freshDatabase();
    const jobs = await queueOn(current.db);
    const runs: number[] = [];
    await jobs.work('mail', async (_data, job) => {
      runs.push(job.retryCount);
      if (runs.length < 3) throw new Error(`refused ${runs.length}`);
    });
    await jobs.send(current.db, 'mail', { mailId: 7 });
    jobs.kick('mail');

    // The mail queue waits 30 s after the first failure and 60 s after the second, each plus up
    // to as much again at random. The wait is cut short here, as if the time had passed.
    for (const [failures, shortest, longest] of [
      [1, 30, 60],
      [2, 60, 120],
    ] as const) {
      await expect.poll(() => runs.length).toBe(failures);
      await expect.poll(async () => (await jobOf(current.db, 'mail'))?.retryCount).toBe(failures - 1);
      await expect.poll(async () => (await jobOf(current.db, 'mail'))?.state).toBe('retry');
      const job = await jobOf(current.db, 'mail');
      expect(job?.wait).toBeGreaterThan(shortest - 5);
      expect(job?.wait).toBeLessThanOrEqual(longest);
      await current.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail'`);
      jobs.kick('mail');
    }
    await expect.poll(async () => (await jobOf(current.db, 'mail'))?.state).toBe('completed');
    expect(runs).toEqual([0, 1, 2]);
  });

  it('never runs a periodic job in two processes at once', async () => {
    const { current } = await freshDatabase();
    const other = await current.another();
    cleanups.push(() => other.close());
    const processes = [await queueOn(current.db), await queueOn(other.db)];
    let running = 0;
    let mostAtOnce = 0;
    const ranIn: number[] = [];
    for (const [index, jobs] of processes.entries()) {
      await jobs.work('accounts-housekeeping', async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        ranIn.push(index);
        await new Promise((resolve) => setTimeout(resolve, 150));
        running -= 1;
      });
    }
    // Both processes add the job as often as they can (the schedule of each would), and look for it at once.
    const until = Date.now() + 3000;
    for (let round = 0; Date.now() < until; round += 1) {
      // Each round another process goes first.
      for (const index of round % 2 ? [1, 0] : [0, 1]) {
        await processes[index]!.send(index ? other.db : current.db, 'accounts-housekeeping', null);
        processes[index]!.kick('accounts-housekeeping');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await expect.poll(() => running).toBe(0);
    expect(ranIn.length).toBeGreaterThan(5);
    expect(mostAtOnce).toBe(1);
  });
});
