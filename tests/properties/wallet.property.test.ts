import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { systemClock } from '@server/clock';
import { users } from '@server/db/schema/auth';
import { gameMachines, providerGames } from '@server/db/schema/hall';
import { defaultSessionLifetimes } from '@server/modules/auth/context';
import { startSession } from '@server/modules/auth/sessions';
import { balanceOf, houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { transfer } from '@server/modules/ledger/service';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrlFor, openDatabaseFromTemplate, type TestDatabase } from '../api/database-template';
import { createTestServer, type TestServer } from '../api/harness';
import { createCaptchaTexts } from '../support/accounts';
import {
  launchTokenOf,
  machinesOf,
  openGameSession,
  testProvider,
  type WalletAnswer,
  walletClient,
} from '../support/game-provider';
import { ledgerViolations, queryRows } from '../support/ledger-invariants';
import { fundPlayer, manyPlayersLimits, newPlayer, type TestPlayer } from '../support/players';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import {
  materialiseWalletOperations,
  userIdOfSeat,
  type WalletGame,
  WalletModel,
  type WalletRequest,
  type WalletSeat,
  walletOperation,
  walletRunViolations,
} from './wallet-operations';

/**
 * The game wallet's money property (docs/architecture.md §11, docs/requirements.md §10): for any
 * sequence of signed bets, wins and rollbacks over a few players and rounds — wins and rollbacks
 * naming bets, wins or uuids never seen (a tombstone, so the late bet is refused), each possibly
 * repeated with its request_uuid, sent again under a new one, or its request_uuid reused with
 * another body — every answer is the one the protocol's rules give, and afterwards each player's
 * coins moved by exactly Σ(win − bet) over the rounds, as game_records holds them and as the model
 * predicts; no balance goes below zero and the ledger's rules hold. Providers retry whenever an
 * answer is lost, so a wallet that moved coins twice, or answered a repeat differently, would create
 * or lose money here.
 *
 * On PostgreSQL the same holds with two server processes (server/main.ts) on one database: bets of
 * one player through both at once never overdraw, and when one process is SIGKILLed in the middle
 * of a wallet transaction while two provider loops play, the provider retries every request whose
 * answer was lost, with the same request_uuid and transaction_uuid, once the process is back.
 */

const template = inject('databaseTemplate');
const onPostgres = template.kind === 'postgres';
const unit = 100;
const acme = testProvider('acme', unit);
const game: WalletGame = { gameCode: 'acme-slot', currency: 'COIN', unit };
const playersPerRun = 3;
/** What a launch needs in the account; each run then sets its own balances. */
const launchCoins = 100;

function runNonce(): string {
  return randomBytes(4).toString('hex');
}

/** Moves coins between the player and the adjustments account until the player holds exactly `coins`. */
async function setCoins(server: TestServer, player: TestPlayer, coins: number): Promise<void> {
  const difference = coins - Number((await balanceOf(server.db, player.userId, 'COIN')).available);
  if (difference === 0) return;
  const adjustments = houseAccount('adjustments', 'COIN');
  const account = playerAccount(player.userId, 'COIN');
  await transfer(server.db, server.deps.clock, {
    actor: 'system',
    reason: 'test balance',
    from: difference > 0 ? adjustments : account,
    to: difference > 0 ? account : adjustments,
    amount: BigInt(Math.abs(difference)),
    currency: 'COIN',
    idempotencyKey: `set-coins-${randomUUID()}`,
    kind: 'adjustment',
  });
}

describe('the game wallet against a model, one process', () => {
  let smtp: SmtpTestServer;
  let server: TestServer;
  let wallet: ReturnType<typeof walletClient>;
  const players: { player: TestPlayer; seat: WalletSeat }[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await createTestServer({
      smtpUrl: smtp.url,
      captchaText: createCaptchaTexts().next,
      authLimits: manyPlayersLimits,
      games: { providers: [acme.config] },
    });
    wallet = walletClient(server, acme.config.id, acme.privateKey);
    for (let index = 0; index < playersPerRun; index += 1) {
      const player = await newPlayer(server, smtp);
      // A launch needs coins to play with.
      await fundPlayer(server, player, launchCoins);
      const machine = (await machinesOf(server, player, game.gameCode))[index];
      const token = await openGameSession(server, wallet, player, machine?.id ?? 0);
      players.push({ player, seat: { user: `player-${player.userId}`, token } });
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('answers every request as the rules say, and coins, rounds and ledger agree afterwards', async () => {
    const statuses = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 80 }), { minLength: playersPerRun, maxLength: playersPerRun }),
        fc.array(walletOperation(playersPerRun), { minLength: 1, maxLength: 30 }),
        async (coins, scenario) => {
          const namespace = runNonce();
          const startingCoins = new Map<string, number>();
          for (const [index, { player, seat }] of players.entries()) {
            await setCoins(server, player, coins[index] ?? 0);
            startingCoins.set(seat.user, coins[index] ?? 0);
          }
          const requests = materialiseWalletOperations(
            scenario,
            players.map(({ seat }) => seat),
            namespace,
            game,
          );
          const model = new WalletModel(startingCoins, unit);
          const wrongAnswers: string[] = [];
          for (const request of requests) {
            const answer = await wallet.call(request.path, request.body);
            statuses.add(answer.status);
            const problem = model.answered(request, answer);
            if (problem) wrongAnswers.push(problem);
          }
          expect(wrongAnswers).toEqual([]);
          expect(
            await walletRunViolations(server.db, model, { providerId: acme.config.id, namespace, startingCoins }),
          ).toEqual([]);
        },
      ),
      { numRuns: 50 },
    );
    // The runs reached every rule, not only the happy path. A rollback of a bet a win has settled
    // (RS_ERROR_UNKNOWN) takes a bet, its win and the rollback of one player in one run: the runs
    // meet it now and then, and game-wallet.test.ts checks it every time.
    expect([...statuses].filter((status) => status !== 'RS_ERROR_UNKNOWN').sort()).toEqual([
      'RS_ERROR_DUPLICATE_TRANSACTION',
      'RS_ERROR_NOT_ENOUGH_MONEY',
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      'RS_ERROR_WRONG_SYNTAX',
      'RS_OK',
    ]);
  }, 120_000);
});

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

describe.runIf(onPostgres)(
  'the game wallet in two server processes, one of them SIGKILLed (PostgreSQL only: an embedded database dies with its process, a case the product does not promise)',
  () => {
    const provider = {
      ...acme.config,
      games: acme.config.games.map((entry) => ({ ...entry, machines: 8 })),
    };
    let database: TestDatabase;
    let databaseUrl: string;
    let dataDir: string;
    const processes: ServerProcess[] = [];
    const wallets: ReturnType<typeof walletClient>[] = [];
    let machineIds: number[] = [];
    let machineCursor = 0;

    /** A server process as `npm start` runs it; its connections are named, to find them in pg_stat_activity. */
    async function startWalletProcess(name: string): Promise<number> {
      const url = new URL(databaseUrl);
      url.searchParams.set('application_name', name);
      const started = await startServerProcess({
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        GAME_PROVIDERS: JSON.stringify([provider]),
      });
      processes.push(started);
      wallets.push(walletClient(started, provider.id, acme.privateKey));
      return processes.length - 1;
    }

    beforeAll(async () => {
      if (template.kind !== 'postgres') return;
      database = await openDatabaseFromTemplate(template);
      const [named] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
      databaseUrl = databaseUrlFor(template.serverUrl, named?.name ?? '');
      dataDir = await mkdtemp(path.join(tmpdir(), 'game-wallet-processes-'));
      // One after the other: the first sets up the provider and the deployment's keys, the second finds them.
      await startWalletProcess('wallet-a');
      await startWalletProcess('wallet-b');
      machineIds = (
        await database.db
          .select({ id: gameMachines.id })
          .from(gameMachines)
          .innerJoin(providerGames, eq(providerGames.id, gameMachines.gameId))
          .where(eq(providerGames.providerId, provider.id))
          .orderBy(asc(gameMachines.number))
      ).map((row) => row.id);
    }, 120_000);
    afterAll(async () => {
      for (const started of processes) {
        if (started.alive()) started.child.kill('SIGTERM');
        await started.exited;
      }
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    /** A funded player signed in, seated through a process and holding a game session, as a browser and provider get one. */
    async function seatedPlayer(through: number, coins: number): Promise<WalletSeat> {
      const now = systemClock.now();
      const [row] = await database.db
        .insert(users)
        .values({ username: `wallet${randomBytes(5).toString('hex')}`, registeredAt: now })
        .returning({ id: users.id });
      const userId = row?.id ?? 0;
      await transfer(database.db, systemClock, {
        actor: 'system',
        reason: 'test funding',
        from: houseAccount('depositsClearing', 'COIN'),
        to: playerAccount(userId, 'COIN'),
        amount: BigInt(coins),
        currency: 'COIN',
        idempotencyKey: `fund-${userId}`,
        kind: 'deposit',
      });
      const session = await startSession(database.db, {
        userId,
        remember: false,
        now,
        clientAddress: '127.0.0.1',
        lifetimes: defaultSessionLifetimes,
      });
      const base = (processes[through] as ServerProcess).url;
      const xsrfCookie = ((await fetch(`${base}/v2/xsrf`)).headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
      const launched = await fetch(`${base}/v2/app/game/launch`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: xsrfCookie,
          'x-xsrf-token': xsrfCookie.slice(xsrfCookie.indexOf('=') + 1),
          token: session.token,
        },
        body: JSON.stringify({ machineId: machineIds[machineCursor++] }),
      });
      const envelope = (await launched.json()) as { code: number; data?: { url: string } };
      expect(envelope, JSON.stringify(envelope)).toMatchObject({ code: 200 });
      const info = await (wallets[through] as ReturnType<typeof walletClient>).call('user/info', {
        request_uuid: randomUUID(),
        token: launchTokenOf(envelope.data?.url ?? ''),
      });
      expect(info.status).toBe('RS_OK');
      return { user: info.user ?? '', token: info.token ?? '' };
    }

    it('never overdraws a player whose bets arrive through both processes at once', async () => {
      const seat = await seatedPlayer(0, 100);
      const namespace = runNonce();
      const bets = Array.from({ length: 60 }, (_, index) => ({
        request_uuid: `${namespace}-rq${index}`,
        transaction_uuid: `${namespace}-bet${index}`,
        user: seat.user,
        token: seat.token,
        round: `${namespace}-r${index % 3}`,
        game_code: game.gameCode,
        currency: game.currency,
        amount: 5 * unit,
        is_free: false,
        round_closed: false,
      }));
      const betThrough = (through: number) =>
        Promise.all(
          bets.map((body, index) =>
            (wallets[(index + through) % 2] as ReturnType<typeof walletClient>).call('transaction/bet', body),
          ),
        );
      const answers = await betThrough(0);
      const taken = answers.filter((answer) => answer.status === 'RS_OK');
      expect(taken).toHaveLength(20);
      expect(answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(40);
      // One after the other, whatever the process: each bet saw the balance the one before left.
      expect(taken.map((answer) => answer.balance).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
        Array.from({ length: 20 }, (_, index) => index * 5 * unit),
      );
      // The same requests again, each through the other process: the first answers, and nothing moves.
      expect(await betThrough(1)).toEqual(answers);
      expect(Number((await balanceOf(database.db, userIdOfSeat(seat.user), 'COIN')).available)).toBe(0);
      const [rounds] = await queryRows<{ bet: string }>(
        database.db,
        sql`SELECT sum(bet_amount)::text AS bet FROM game_records WHERE starts_with(round, ${`${namespace}-`})`,
      );
      expect(rounds?.bet).toBe('100');
      expect(await ledgerViolations(database.db)).toEqual([]);
    }, 60_000);

    it('keeps every coin when a process is SIGKILLed mid-transaction and the provider retries what it lost', async () => {
      const seed = Date.now();
      const namespace = runNonce();
      const playersPerLoop = 3;
      const requestsPerPlayer = 45;
      const startingCoins = new Map<string, number>();
      const lists: WalletRequest[][] = [];
      for (let index = 0; index < 2 * playersPerLoop; index += 1) {
        const seat = await seatedPlayer(index % 2, 200);
        startingCoins.set(seat.user, 200);
        // Each player's own list: no transaction is named across players, so their order across players is free.
        const [scenario] = fc.sample(
          fc.array(walletOperation(1), { minLength: requestsPerPlayer, maxLength: requestsPerPlayer }),
          { seed: seed + index, numRuns: 1 },
        );
        lists.push(materialiseWalletOperations(scenario ?? [], [seat], `${namespace}-${index}`, game));
      }
      const model = new WalletModel(startingCoins, unit);
      const wrongAnswers: string[] = [];
      const down = [false, false];
      const inFlight = [0, 0];
      const lost: { player: number; index: number }[] = [];
      let turn = 0;
      let answered = 0;

      /** Through the live processes in turn; null when the answer was lost to the kill. */
      async function send(request: WalletRequest): Promise<WalletAnswer | null> {
        const live = [0, 1].filter((index) => !down[index]);
        const through = live[turn++ % live.length] as number;
        inFlight[through] = (inFlight[through] ?? 0) + 1;
        try {
          return await (wallets[through] as ReturnType<typeof walletClient>).call(request.path, request.body);
        } catch (error) {
          // fetch fails with a TypeError when the connection is refused or cut.
          if (error instanceof TypeError && down[through]) return null;
          throw error;
        } finally {
          inFlight[through] = (inFlight[through] ?? 0) - 1;
        }
      }
      /** One player's requests in order; a lost answer stops the player until the provider retries it. */
      async function play(player: number, from: number): Promise<void> {
        const requests = lists[player] as WalletRequest[];
        for (let index = from; index < requests.length; index += 1) {
          const request = requests[index] as WalletRequest;
          const answer = await send(request);
          if (answer === null) {
            lost.push({ player, index });
            return;
          }
          const problem = model.answered(request, answer);
          if (problem) wrongAnswers.push(problem);
          answered += 1;
        }
      }
      const providerLoop = (loop: number) =>
        Promise.all(Array.from({ length: playersPerLoop }, (_, index) => play(loop * playersPerLoop + index, 0)));
      // A failed call ends the test at once, not after the waits below.
      let failure: unknown = null;
      const load = Promise.all([providerLoop(0), providerLoop(1)]).catch((error: unknown) => {
        failure = error;
      });

      const killed = processes[0] as ServerProcess;
      const inTransaction = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE application_name = 'wallet-a' AND xact_start IS NOT NULL AND state <> 'idle'`,
          )
        )[0]?.n ?? 0;
      expect(await waitFor(() => answered >= 40 || failure !== null, 30_000)).toBe(true);
      // Killed while a wallet call to it is under way and one of its transactions is open: the
      // process is frozen first, so the call seen under way cannot answer before the kill.
      const underWay = async () => (inFlight[0] ?? 0) > 0 && (await inTransaction()) > 0;
      const caught = await waitFor(async () => {
        if (failure !== null) return true;
        if (!(await underWay())) return false;
        killed.child.kill('SIGSTOP');
        if (await underWay()) return true;
        killed.child.kill('SIGCONT');
        return false;
      }, 10_000);
      if (failure !== null) throw failure;
      expect({ seed, caught }).toEqual({ seed, caught: true });
      down[0] = true;
      killed.child.kill('SIGKILL');
      expect(await killed.exited).toBeNull();
      await load;
      if (failure !== null) throw failure;
      expect(lost.length, `seed ${seed}`).toBeGreaterThan(0);

      // The process comes back (at a new address); the provider retries every lost request there, unchanged.
      const restarted = await startWalletProcess('wallet-a-restarted');
      processes[0] = processes[restarted] as ServerProcess;
      wallets[0] = wallets[restarted] as ReturnType<typeof walletClient>;
      down[0] = false;
      for (const { player, index } of lost) {
        const request = (lists[player] as WalletRequest[])[index] as WalletRequest;
        const problem = model.answered(
          request,
          await (wallets[0] as ReturnType<typeof walletClient>).call(request.path, request.body),
        );
        if (problem) wrongAnswers.push(problem);
      }
      // And its players play on through both processes.
      await Promise.all(lost.map(({ player, index }) => play(player, index + 1)));

      expect(wrongAnswers, `seed ${seed}`).toEqual([]);
      expect(
        await walletRunViolations(database.db, model, { providerId: provider.id, namespace, startingCoins }),
        `seed ${seed}`,
      ).toEqual([]);
      expect(processes.slice(1).flatMap((started) => started.errorLines)).toEqual([]);
    }, 180_000);
  },
);
