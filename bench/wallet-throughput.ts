import { generateKeyPairSync } from 'node:crypto';
import { systemClock } from '@server/clock';
import { openDatabase } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { gameMachines, gameSeats, providerGames } from '@server/db/schema/hall';
import { protectionLimits } from '@server/db/schema/protection';
import type { GameProviderConfig } from '@server/modules/hall/providers';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ledgerViolations, queryRows } from '../tests/support/ledger-invariants';
import { fundAndSignIn } from './funded-sessions';
import { compareAppLoadWithTpcb, type TpcbComparison, type TpcbSettings } from './pgbench';
import type { WalletBenchPlayer, WalletBenchProvider } from './wallet-worker';

export interface WalletComparison extends TpcbComparison {
  /** Wallet calls answered RS_OK over the whole run, warm-up included. */
  answered: number;
}

const startingCoins = 1_000_000_000n;
const providerId = 'benchprovider';
const gameCode = 'bench-slot';

/** A third-party provider as GAME_PROVIDERS configures one, with a machine for every client. */
function benchProvider(clients: number): { config: GameProviderConfig; provider: WalletBenchProvider } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    config: {
      id: providerId,
      name: 'Bench Games',
      baseUrl: 'https://bench.example/play',
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      currency: 'COIN',
      amountUnit: 1,
      enabled: true,
      games: [{ code: gameCode, kind: 'slot', name: { 'ja-JP': 'ベンチスロット' }, machines: clients, enabled: true }],
    },
    provider: {
      id: providerId,
      gameCode,
      currency: 'COIN',
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
  };
}

/** Limits no bench bet reaches: every bet is checked against each and booked. */
const unreachable = 1_000_000_000_000_000;

/**
 * The players (one per client), funded and signed in, written straight to the database; with
 * `limits`, each with a loss and a wager limit per day, week and month and a session limit, as a
 * careful player would set them.
 */
async function preparePlayers(url: string, clients: number, limits: boolean): Promise<number[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate();
    const now = systemClock.now();
    const prefix = limits ? 'benchlimited' : 'benchplayer';
    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: clients }, (_, index) => ({ username: `${prefix}${index}`, registeredAt: now })))
      .returning({ id: users.id });
    if (limits) {
      const moneyLimits = (['loss', 'wager'] as const).flatMap((kind) =>
        (['day', 'week', 'month'] as const).map((period) => ({ kind, period, value: unreachable })),
      );
      await database.db.insert(protectionLimits).values(
        rows.flatMap(({ id }) =>
          [...moneyLimits, { kind: 'session' as const, period: 'session' as const, value: 24 * 60 }].map((limit) => ({
            userId: id,
            ...limit,
            setBy: 'player' as const,
            updatedAt: now,
          })),
        ),
      );
    }
    return rows.map((row) => row.id);
  } finally {
    await database.close();
  }
}

/** Sessions and machines once the app has set up the provider's machines at its start. */
async function seatPlayers(url: string, userIds: number[]): Promise<WalletBenchPlayer[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    const machines = await database.db
      .select({ id: gameMachines.id })
      .from(gameMachines)
      .innerJoin(providerGames, eq(providerGames.id, gameMachines.gameId))
      .where(eq(providerGames.providerId, providerId))
      .orderBy(asc(gameMachines.number));
    // The players of an earlier run on this database leave their seats: these players take them.
    await database.db.delete(gameSeats).where(
      inArray(
        gameSeats.machineId,
        machines.map((machine) => machine.id),
      ),
    );
    // One after another: every funding debits the same house account.
    const players: WalletBenchPlayer[] = [];
    for (const [index, userId] of userIds.entries()) {
      players.push({ token: await fundAndSignIn(database.db, userId, startingCoins), machineId: machines[index]!.id });
    }
    return players;
  } finally {
    await database.close();
  }
}

/**
 * After the run: the ledger's rules hold, every player's coins moved by exactly the rounds' wins
 * less their bets, and the ledger holds one bet or win transfer per call answered RS_OK.
 */
async function checkPlay(url: string, userIds: number[], answered: number): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const violations = await ledgerViolations(database.db);
    if (violations.length > 0) throw new Error(`the ledger broke its rules under the load: ${violations.join(' | ')}`);
    const rows = await queryRows<{ user_id: number; balance: string; net: string; transfers: number }>(
      database.db,
      sql`SELECT u.id AS user_id, a.balance::text AS balance,
          (SELECT coalesce(sum(r.win_amount - r.bet_amount), 0)::text FROM game_records r WHERE r.user_id = u.id) AS net,
          (SELECT count(*)::int FROM ledger_transfers t WHERE t.kind IN ('gameBet', 'gameWin')
             AND (t.from_account_id = a.id OR t.to_account_id = a.id)) AS transfers
        FROM users u JOIN ledger_accounts a ON a.user_id = u.id WHERE u.id IN ${userIds}`,
    );
    let transfers = 0;
    for (const row of rows) {
      transfers += row.transfers;
      if (BigInt(row.balance) - startingCoins !== BigInt(row.net)) {
        throw new Error(
          `player ${row.user_id}: balance ${row.balance} is not the start plus the rounds' net ${row.net}`,
        );
      }
    }
    if (transfers !== answered)
      throw new Error(`${answered} wallet calls answered RS_OK but the ledger holds ${transfers}`);
  } finally {
    await database.close();
  }
}

/**
 * Signed bets and wins through the wallet's HTTP API (bench/wallet-worker.ts: one provider server
 * per player, every request signed and every answer's signature checked) against pgbench's TPC-B
 * with as many clients, on the app composed as in production with the bench provider configured.
 */
export async function compareWalletWithPgbench(
  url: string,
  settings: TpcbSettings,
  options: { limits: boolean },
): Promise<WalletComparison> {
  const { config, provider } = benchProvider(settings.clients);
  const userIds = await preparePlayers(url, settings.clients, options.limits);
  const { measured, answered } = await compareAppLoadWithTpcb(url, settings, {
    appEnv: { BENCH_DATABASE_URL: url, BENCH_GAME_PROVIDERS: JSON.stringify([config]) },
    worker: 'wallet-worker.ts',
    beforeLoad: async () => ({
      BENCH_WALLET_PLAYERS: JSON.stringify(await seatPlayers(url, userIds)),
      BENCH_WALLET_PROVIDER: JSON.stringify(provider),
    }),
  });
  await checkPlay(url, userIds, answered);
  return { ...measured, answered };
}
