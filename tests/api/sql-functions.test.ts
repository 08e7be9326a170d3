import type { Database } from '@server/db/client';
import { applySqlFunctions, readSqlFunctionSources, type SqlFunctionSource } from '@server/db/sql-functions';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabaseFromTemplate } from './database-template';

let database: Awaited<ReturnType<typeof openDatabaseFromTemplate>>;
let sources: SqlFunctionSource[];
beforeAll(async () => {
  database = await openDatabaseFromTemplate(inject('databaseTemplate'));
  sources = readSqlFunctionSources();
});
afterAll(() => database.drop());

interface Definition {
  name: string;
  arguments: string;
  result: string;
  source: string;
  definition: string;
}

/** The definitions of the functions in a schema, the schema's name left out, by function name. */
async function definitionsIn(db: Database, schema: string): Promise<Record<string, Definition[]>> {
  const { rows } = (await db.execute(sql`select p.proname as name,
      pg_get_function_arguments(p.oid) as arguments, pg_get_function_result(p.oid) as result,
      p.prosrc as source, replace(pg_get_functiondef(p.oid), ${`FUNCTION ${schema}.`}, 'FUNCTION ') as definition
    from pg_proc p
    where p.pronamespace = ${schema}::regnamespace
      -- An extension's functions are the extension's, not ours.
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    order by p.proname, p.oid`)) as unknown as { rows: Definition[] };
  const byName: Record<string, Definition[]> = {};
  for (const row of rows) {
    const signatures = byName[row.name] ?? [];
    signatures.push(row);
    byName[row.name] = signatures;
  }
  return byName;
}

/** As a start finds the database after a migration that came after the functions were last applied. */
async function migrationRun() {
  await database.db.execute(sql`update sql_function_sources set checked_after_migration = 'an earlier migration'`);
}

const probeSchema = 'sql_function_probe';

/** The definitions the files make, created in a schema of their own in a transaction that is rolled back. */
async function definitionsOfFiles(db: Database): Promise<Record<string, Definition[]>> {
  let made: Record<string, Definition[]> = {};
  await db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`create schema ${probeSchema}`));
      // Unqualified names are created in the first schema of the path; the tables stay visible.
      await tx.execute(sql.raw(`set local search_path = ${probeSchema}, public`));
      for (const source of sources) await tx.execute(sql.raw(source.text));
      made = await definitionsIn(tx, probeSchema);
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return made;
}

describe('SQL functions', () => {
  it('every function of the schema has its file, and every file one function', async () => {
    const inDatabase = await definitionsIn(database.db, 'public');
    expect(Object.keys(inDatabase).sort()).toEqual(sources.map((source) => source.name));
    for (const [name, signatures] of Object.entries(inDatabase)) {
      expect(signatures.length, `${name} has one signature`).toBe(1);
    }
  });

  it('the database has exactly the definitions of the files: arguments, result and body', async () => {
    const fromFiles = await definitionsOfFiles(database.db);
    expect(Object.keys(fromFiles)).toHaveLength(sources.length);
    expect(await definitionsIn(database.db, 'public')).toEqual(fromFiles);
  });

  it('applies nothing when nothing changed', async () => {
    expect(await applySqlFunctions(database.db)).toEqual([]);
  });

  it('applies again a file whose text changed', async () => {
    await database.db.execute(
      sql`update sql_function_sources set source_sha256 = 'an older text' where name = 'auth_count_attempt'`,
    );
    expect(await applySqlFunctions(database.db)).toEqual(['auth_count_attempt']);
    expect(await applySqlFunctions(database.db)).toEqual([]);
  });

  it('applies again a function a migration replaced or dropped', async () => {
    await database.db.execute(sql`create or replace function ledger_entries_guard() returns trigger
      language plpgsql as $$ begin return old; end $$`);
    await database.db.execute(sql`drop function auth_end_guess(text, text, boolean, timestamptz, bigint)`);
    expect(await definitionsIn(database.db, 'public')).not.toEqual(await definitionsOfFiles(database.db));
    // Without a migration since the last look, a start does not read the catalog.
    expect(await applySqlFunctions(database.db)).toEqual([]);
    await migrationRun();
    expect(await applySqlFunctions(database.db)).toEqual(['auth_end_guess', 'ledger_entries_guard']);
    expect(await definitionsIn(database.db, 'public')).toEqual(await definitionsOfFiles(database.db));
    expect(await applySqlFunctions(database.db)).toEqual([]);
  });

  it('refuses a second signature beside the one the file defines, changing nothing', async () => {
    await database.db.execute(sql`create function auth_end_guess(p_key text) returns void
      language plpgsql as $$ begin end $$`);
    await migrationRun();
    try {
      await expect(applySqlFunctions(database.db)).rejects.toThrow(/auth_end_guess; a migration must drop the old one/);
    } finally {
      await database.db.execute(sql`drop function auth_end_guess(text)`);
    }
    expect(await applySqlFunctions(database.db)).toEqual([]);
    expect(await definitionsIn(database.db, 'public')).toEqual(await definitionsOfFiles(database.db));
  });
});
