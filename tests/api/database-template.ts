import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import pg from 'pg';

export type DatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export const templateDatabaseName = 'game_hall_template';

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A fresh database copied from the template: a PGlite loaded from the dump, or CREATE DATABASE ... TEMPLATE. */
export async function openDatabaseFromTemplate(
  template: DatabaseTemplate,
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (template.kind === 'pglite') {
    const dump = await readFile(template.file);
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    const database = await openDatabase({ pglite: client });
    return { ...database, drop: () => database.close() };
  }
  const name = `game_hall_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: databaseUrlFor(template.serverUrl, name), poolSize: 10 });
  return {
    ...database,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: template.serverUrl });
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
