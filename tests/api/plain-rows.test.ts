import { PGlite } from '@electric-sql/pglite';
import { plainRows } from '@server/db/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabaseFromTemplate } from './database-template';

let database: Awaited<ReturnType<typeof openDatabaseFromTemplate>>;
beforeAll(async () => {
  database = await openDatabaseFromTemplate(inject('databaseTemplate'));
});
afterAll(() => database.drop());

const plainValues = sql`select 42::integer as whole, 1.5::double precision as fraction, true as yes, null::integer as nothing, ${"a ' quote"}::text as words`;
const expected = [{ whole: 42, fraction: 1.5, yes: true, nothing: null, words: "a ' quote" }];

describe('plainRows', () => {
  it('reads numbers, booleans, text and nulls as Drizzle reads them, parameters included', async () => {
    const { rows } = (await database.db.execute(plainValues)) as unknown as { rows: unknown[] };
    expect(rows).toEqual(expected);
    expect(await plainRows(database.db, plainValues)).toEqual(expected);
  });

  it('reads inside a transaction, which sees its own writes', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table plain_rows_probe (id integer) on commit drop`);
      await tx.execute(sql`insert into plain_rows_probe values (7)`);
      return plainRows(tx, sql`select id from plain_rows_probe`);
    });
    expect(rows).toEqual([{ id: 7 }]);
  });

  it("goes to PGlite itself, without Drizzle's parsers, outside a transaction", async () => {
    const client = (database.db as { $client?: unknown }).$client;
    if (!(client instanceof PGlite)) return;
    const query = vi.spyOn(client, 'query');
    try {
      await plainRows(database.db, plainValues);
      expect(query).toHaveBeenCalledTimes(1);
      expect(query.mock.calls[0]).toHaveLength(2);
    } finally {
      query.mockRestore();
    }
  });
});
