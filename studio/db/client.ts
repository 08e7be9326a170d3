import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as tables from './schema';

export type StudioDatabase = PgDatabase<PgQueryResultHKT, typeof tables>;

/** The connection the studio shares with the product: the embedded PGlite or a PostgreSQL pool. */
export type SharedConnection = PGlite | pg.Pool;

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Its journal lives in the studio's schema, apart from the product's. */
const migrationConfig = { migrationsFolder, migrationsSchema: 'studio' };
/** Any id works as long as every process uses the same one (not the product's own). */
const migrationLockId = 7_318_200_412;

/**
 * The studio's database over the shared connection, its migrations applied (forward only; on
 * PostgreSQL one process at a time).
 */
export async function openStudioDatabase(connection: SharedConnection): Promise<StudioDatabase> {
  if (connection instanceof PGlite) {
    const db = drizzlePglite(connection, { schema: tables });
    await migratePglite(db, migrationConfig);
    return db as unknown as StudioDatabase;
  }
  const client = await connection.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [migrationLockId]);
    await migrateNodePostgres(drizzleNodePostgres(client, { schema: tables }), migrationConfig);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
    client.release();
  }
  return drizzleNodePostgres(connection, { schema: tables }) as unknown as StudioDatabase;
}
