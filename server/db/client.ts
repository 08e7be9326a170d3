import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { schema } from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the repository's SQL migrations, forward only. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any lock id works as long as every process uses the same one. */
const migrationLockId = 7_318_200_411;

export type DatabaseConfig =
  | { databaseUrl: string; poolSize?: number }
  | { dataDir: string }
  | { pglite: PGlite };

/** Real PostgreSQL through a pool when a URL is given, otherwise embedded PGlite in a data directory. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if ('databaseUrl' in config) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 20 });
    // An idle connection the server closes (restart, admin kill) must not crash the process; the
    // pool drops it and the next query opens a new one.
    pool.on('error', () => {});
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several processes may start at once against one server: only one migrates at a time.
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
          await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in config) {
    client = config.pglite;
  } else {
    await mkdir(config.dataDir, { recursive: true });
    client = await PGlite.create(config.dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

const dialect = new PgDialect();

/**
 * The rows of one statement whose columns are all plain values (numbers, booleans, text), as the
 * driver parses them. On PGlite outside a transaction the statement goes to PGlite itself: through
 * Drizzle, every query hands PGlite Drizzle's parsers for dates and intervals, and PGlite then
 * copies its whole table of some 350 type parsers to merge them, about 0.3 ms of the server's only
 * thread per query. Dates and intervals would come back parsed on that path, hence plain columns only.
 */
export async function plainRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await client.query<T>(text, params)).rows;
  }
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
