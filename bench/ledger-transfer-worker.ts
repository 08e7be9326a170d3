/**
 * Ledger transfers through the ledger's own `transfer` service function, from as many database
 * connections as loops: the agent member transfer API (a pure ledger transfer) still answers 501.
 * Set-up: players created and funded from the adjustments house account; each measured transfer
 * moves one coin between two players picked at random, under a fresh idempotency key.
 */
import { randomInt } from 'node:crypto';
import { systemClock } from '../server/clock';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema/auth';
import { houseAccount, playerAccount, transfer } from '../server/modules/ledger/service';
import { coinCurrency } from '../server/modules/user/context';
import { serveSlices } from './load-worker';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const players = Number(process.env.BENCH_LEDGER_PLAYERS ?? '');
const connections = Number(process.env.BENCH_LEDGER_CONNECTIONS ?? '');
if (!databaseUrl || !Number.isSafeInteger(players) || players < 2 || !Number.isSafeInteger(connections) || connections < 1) {
  throw new Error('BENCH_DATABASE_URL, BENCH_LEDGER_PLAYERS (2 or more) and BENCH_LEDGER_CONNECTIONS are required');
}

const startingCoins = 1_000_000_000n;

async function main() {
  const database = await openDatabase({ databaseUrl: databaseUrl!, poolSize: connections });
  await database.migrate();
  const now = systemClock.now();
  const created = await database.db
    .insert(users)
    .values(Array.from({ length: players }, (_, index) => ({ username: `benchledger${index}`, registeredAt: now })))
    .returning({ id: users.id });
  const userIds = created.map((row) => row.id);
  for (const userId of userIds) {
    await transfer(database.db, systemClock, {
      from: houseAccount('adjustments', coinCurrency),
      to: playerAccount(userId, coinCurrency),
      amount: startingCoins,
      currency: coinCurrency,
      idempotencyKey: `bench-funding-${userId}`,
      kind: 'adjustment',
      actor: 'system',
      reason: 'bench funding',
    });
  }

  let sequence = 0;
  serveSlices(
    async () => {
      const from = randomInt(userIds.length);
      const to = (from + 1 + randomInt(userIds.length - 1)) % userIds.length;
      sequence += 1;
      await transfer(database.db, systemClock, {
        from: playerAccount(userIds[from]!, coinCurrency),
        to: playerAccount(userIds[to]!, coinCurrency),
        amount: 1n,
        currency: coinCurrency,
        idempotencyKey: `bench-transfer-${process.pid}-${sequence}`,
        kind: 'agentTransfer',
        actor: 'system',
        reason: 'bench transfer',
      });
    },
    () => database.close(),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
