/**
 * A second (third, ...) process for the ledger property tests: runs a list of ledger operations
 * against the database named by DATABASE_URL, over several connections at once, and prints one
 * JSON line per finished operation, so a parent that kills it still knows what it was told.
 *
 *   DATABASE_URL=postgres://... npx tsx tests/properties/ledger-worker.ts <operations.json> <lanes> [caller-transaction]
 *
 * With `caller-transaction`, each operation runs inside a transaction of its own that also writes
 * a caller row, as a request handler would (see runInCallerTransaction).
 */
import { readFile } from 'node:fs/promises';
import { systemClock } from '@server/clock';
import { openDatabase } from '@server/db/client';
import { type LedgerOperation, runConcurrently } from './ledger-operations';

const [operationsFile, lanesArgument, mode] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
if (!operationsFile || !databaseUrl) {
  console.error(
    'usage: DATABASE_URL=... tsx tests/properties/ledger-worker.ts <operations.json> <lanes> [caller-transaction]',
  );
  process.exit(2);
}
const lanes = Number(lanesArgument ?? '4');
const operations = JSON.parse(await readFile(operationsFile, 'utf8')) as LedgerOperation[];
const database = await openDatabase({ databaseUrl, poolSize: lanes });
try {
  await runConcurrently(database.db, systemClock, operations, {
    lanes,
    callerTransaction: mode === 'caller-transaction',
    onOutcome: (index, outcome) => process.stdout.write(`${JSON.stringify({ index, outcome })}\n`),
  });
  process.stdout.write(`${JSON.stringify({ done: true })}\n`);
} finally {
  await database.close();
}
