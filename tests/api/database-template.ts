import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import pg from 'pg';

export type DatabaseTemplate =
  | { kind: 'pglite'; file: string }
  | { kind: 'postgres'; serverUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** One template per vitest project, so two projects of one run never drop each other's. */
export function templateDatabaseName(projectName: string): string {
  return `game_hall_template_${projectName.replace(/[^a-z0-9]/gi, '_')}`;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export interface TestDatabase extends DatabaseHandle {
  drop(): Promise<void>;
  /** Closes this handle and opens the same database again, as a restarted process would; drop that one instead. */
  reopen(): Promise<TestDatabase>;
  /** Another handle on the same database, as another process would have; PGlite has only the one. */
  another(): Promise<DatabaseHandle>;
}

/** A fresh database copied from the template: a PGlite loaded from the dump, or CREATE DATABASE ... TEMPLATE. */
export async function openDatabaseFromTemplate(template: DatabaseTemplate): Promise<TestDatabase> {
  if (template.kind === 'pglite') {
    return openPglite(new Blob([await readFile(template.file)]));
  }
  const name = `game_hall_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.templateName}`);
  await admin.end();
  return openPostgres(template.serverUrl, name);
}

async function openPglite(dataDir: Blob): Promise<TestDatabase> {
  const client = await PGlite.create({ loadDataDir: dataDir });
  const database = await openDatabase({ pglite: client });
  return {
    ...database,
    drop: () => database.close(),
    async reopen() {
      // What the data directory holds, and nothing of this instance's memory.
      const dump = await client.dumpDataDir('none');
      await database.close();
      return openPglite(dump);
    },
    // One instance serves every handle; only drop() closes it.
    another: async () => ({ ...database, close: async () => undefined }),
  };
}

async function openPostgres(serverUrl: string, name: string): Promise<TestDatabase> {
  const url = databaseUrlFor(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  return {
    ...database,
    async reopen() {
      await database.close();
      return openPostgres(serverUrl, name);
    },
    another: () => openDatabase({ databaseUrl: url, poolSize: 10 }),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        // pg's pool.end() resolves before its connections have closed; a FORCE drop that cuts one
        // of them makes it raise an error nobody listens to any more. Let them close first.
        for (let attempt = 0; attempt < 100; attempt++) {
          const { rows } = await cleanup.query<{ open: number }>(
            'SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if ((rows[0]?.open ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
