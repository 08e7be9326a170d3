import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The SQL functions the server calls and the ledger's and notifications' triggers run live one to a
 * file, `functions/<name>.sql`: one `CREATE OR REPLACE FUNCTION "<name>"` statement with a comment
 * on the rule it keeps. That file is the function's only source: no migration holds a function's
 * body (those that once did were cut down to what else they changed). The migration step applies
 * the files after the migrations, in one transaction, but only those whose text changed since they
 * were applied to this database, or whose function a migration has changed or dropped since (the
 * catalog row they left is kept beside the text's SHA-256, and read again after a migration), so a
 * start re-creates nothing when nothing changed.
 *
 * - Changing a function's body, or anything CREATE OR REPLACE can change: edit its file only.
 * - Changing its arguments or OUT columns: CREATE OR REPLACE cannot (new arguments would make a
 *   second function beside the old one), so a migration drops the old signature
 *   (`DROP FUNCTION "<name>"(<old argument types>)`) and the file gets the new one. The step refuses
 *   to finish while a function has two signatures.
 * - A new function: a new file. A migration whose trigger names a new function creates it first
 *   as a placeholder that raises (the file replaces it right after the migrations).
 * - Removing one: a migration drops it, and its file goes.
 * - Triggers stay in migrations. A migration never calls one of these functions: on a new database
 *   it does not exist yet, or is a placeholder.
 */
const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));
const journalFile = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));

export interface SqlFunctionSource {
  name: string;
  text: string;
  sha256: string;
}

/** Read synchronously, as the migrations are: through the thread pool, a start waited longer for them. */
export function readSqlFunctionSources(): SqlFunctionSource[] {
  return readdirSync(functionsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.sql'.length);
      const text = readFileSync(`${functionsFolder}/${file}`, 'utf8');
      if (!text.includes(`CREATE OR REPLACE FUNCTION "${name}"(`)) {
        throw new Error(`server/db/functions/${file} must define the function "${name}" with CREATE OR REPLACE`);
      }
      return { name, text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

type Migrator = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The catalog rows of each named function, as `oid:xmin` (one per signature): a migration that
 * replaces a function writes a new version of its row (another xmin), one that drops it takes the
 * row away, and one that creates it again gives it another oid.
 */
async function catalogRows(db: Migrator, names: string[]): Promise<Map<string, string>> {
  const rows = rowsOf<{ name: string; row: string }>(
    await db.execute(sql`select p.proname as name, p.oid::text || ':' || p.xmin::text as row from pg_proc p
      where p.pronamespace = current_schema()::regnamespace and p.proname in ${names} order by p.oid`),
  );
  const byName = new Map<string, string>();
  for (const { name, row } of rows) byName.set(name, byName.has(name) ? `${byName.get(name)} ${row}` : row);
  return byName;
}

/** The last migration there is; the migrations run before the functions, so it has been applied. */
function lastMigration(): string {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? '';
}

/** Brings the functions to their files' definitions; answers the names of those it applied. */
export async function applySqlFunctions(db: Migrator): Promise<string[]> {
  const sources = readSqlFunctionSources();
  const migration = lastMigration();
  const recorded = new Map(
    rowsOf<{ name: string; source_sha256: string; catalog_rows: string; checked_after_migration: string }>(
      await db.execute(
        sql`select name, source_sha256, catalog_rows, checked_after_migration from sql_function_sources`,
      ),
    ).map((row) => [row.name, row]),
  );
  // Only a migration changes a function behind its file's back, so the catalog is read only once
  // one has run since the last look: an ordinary start reads no catalog.
  const migrated = [...recorded.values()].some((row) => row.checked_after_migration !== migration);
  const allNames = sources.map((source) => source.name);
  const current = migrated ? await catalogRows(db, allNames) : null;
  const changed = sources.filter(({ name, sha256 }) => {
    const applied = recorded.get(name);
    return applied?.source_sha256 !== sha256 || (current !== null && applied.catalog_rows !== current.get(name));
  });
  if (changed.length === 0 && !migrated) return [];
  await db.transaction(async (tx) => {
    if (changed.length > 0) await replaceFunctions(tx, changed, migration);
    await tx.execute(sql`update sql_function_sources set checked_after_migration = ${migration}
      where checked_after_migration <> ${migration}`);
  });
  return changed.map((source) => source.name);
}

/** Creates or replaces the functions of the files, and records the files and what they left. */
async function replaceFunctions(tx: Migrator, sources: SqlFunctionSource[], migration: string): Promise<void> {
  for (const source of sources) await tx.execute(sql.raw(source.text));
  const names = sources.map((source) => source.name);
  const applied = await catalogRows(tx, names);
  const overloaded = names.filter((name) => applied.get(name)?.includes(' '));
  if (overloaded.length > 0) {
    throw new Error(
      `SQL functions with more than one signature: ${overloaded.join(', ')}; a migration must drop the old one`,
    );
  }
  const values = sources.map(
    ({ name, sha256 }) => sql`(${name}, ${sha256}, ${applied.get(name)}, ${migration}, now())`,
  );
  await tx.execute(sql`insert into sql_function_sources
      (name, source_sha256, catalog_rows, checked_after_migration, applied_at)
    values ${sql.join(values, sql`, `)}
    on conflict (name) do update set source_sha256 = excluded.source_sha256, catalog_rows = excluded.catalog_rows,
      checked_after_migration = excluded.checked_after_migration, applied_at = excluded.applied_at`);
}
