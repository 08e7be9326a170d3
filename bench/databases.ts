import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@server/db/client';
import { seedDatabase } from '@server/db/seed';
import pg from 'pg';

/** A PGlite data directory in the system temp folder, migrated and seeded like a fresh installation. */
export async function preparePgliteDataDir(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await database.migrate();
    await seedDatabase(database.db);
  } finally {
    await database.close();
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface PostgresTarget {
  url: string;
  /** Which database the figures were taken on, for the report. */
  label: string;
  /** False when the figures run on DATABASE_URL itself: then nothing may write bench accounts or money there. */
  scratch: boolean;
  drop(): Promise<void>;
}

/**
 * A scratch database on the server DATABASE_URL names, so the bench never migrates or seeds the
 * caller's own database. Without the right to create one, it falls back to DATABASE_URL itself,
 * where the server's own start-up would migrate and seed (only empty tables) anyway.
 */
export async function preparePostgres(serverUrl: string): Promise<PostgresTarget> {
  const name = `game_hall_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    const reason = error instanceof Error ? error.message : String(error);
    return {
      url: serverUrl,
      label: `DATABASE_URL itself (no scratch database: ${reason})`,
      scratch: false,
      drop: async () => {},
    };
  }
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `scratch database ${name}`,
    scratch: true,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
