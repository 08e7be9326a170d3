/**
 * The mixed load: two server processes of the product on one PostgreSQL database, players
 * depositing, withdrawing, reading and playing rounds at the embedded game studio through the real
 * API while an operator approves and rejects withdrawals, for a fixed time. Each client sends its calls to the two processes in turn, as a
 * load balancer without session affinity would. Afterwards the money is checked on the database
 * (bench/mixed-load-checks.ts). The figure passes when no call got a 5xx, failed outright or got an
 * answer that call should never get, no server logged an error, both servers shut down cleanly,
 * and every check holds.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HallGame } from '@contract/hall';
import type { StudioFairness, StudioRound } from '@contract/studio';
import { studioGame } from '@games/catalogue';
import { openDatabase } from '@server/db/client';
import { type Check, checkMoney, type MoneyTotals, type ToldByServers } from './mixed-load-checks';
import {
  type Answer,
  type Caller,
  callApi,
  callStudio,
  clickOnCheckout,
  newIdempotencyKey,
  Tally,
} from './mixed-load-client';
import { type ProductServer, startProductServer } from './mixed-load-servers';
import { type BenchPlayer, prepareHall } from './mixed-load-setup';
import { sleep } from './processes';
import { xsrfHeaders } from './throughput';

export interface MixedLoadSettings {
  /** Player clients, one player each; the operator is one more client. */
  clients: number;
  durationSeconds: number;
  /** Every player's first deposit, paid before the timed load. */
  startingDepositYen: number;
}

export interface MixedLoadResult {
  servers: number;
  /** Calls made in the timed load (the starting deposits are counted in `tally` but not here). */
  loadRequests: number;
  loadSeconds: number;
  tally: Tally;
  checks: Check[];
  totals: MoneyTotals;
  loggedErrors: { count: number; samples: string[] };
  warnings: Map<string, number>;
  /** Exit code of each server after SIGTERM; 0 is a clean shutdown. */
  exitCodes: (number | null)[];
  passed: boolean;
}

const serverCount = 2;
const depositYen = [1_000, 3_000, 5_000, 10_000, 30_000, 50_000];
const wrongPayPassword = '000000';
const rejectReason = '口座名義を確認できませんでした';
/** Pause of the operator between two looks at the review queue, so some withdrawals wait and stay held. */
const operatorPauseMs = 300;

type DepositAnswer = { order: { orderSn: string }; instructions: { kind: string; url?: string } };
type WithdrawalAnswer = { orderSn: string };

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

/** One client's turn-taking between the server processes. */
class RoundRobin {
  private turn = randomInt(serverCount);
  constructor(private readonly urls: readonly string[]) {}
  next(): string {
    this.turn += 1;
    return this.urls[this.turn % this.urls.length]!;
  }
}

export interface LoadContext {
  urls: string[];
  tally: Tally;
  told: ToldByServers;
  running(): boolean;
}

/**
 * What a deposit order may answer. While the database is made to fail, the sandbox provider, which
 * keeps its books in the same database, may not take the payment: 422, the provider is unreachable.
 */
const orderAnswers = (context: LoadContext) => (context.tally.databaseFaults ? [200, 422] : [200]);

/** Every answer for one key must name the same order; a second one is a broken promise. */
function remember(
  context: LoadContext,
  table: Map<string, { userId: number; orderSn: string }>,
  key: string,
  userId: number,
  orderSn: string,
) {
  const earlier = table.get(key);
  if (earlier && earlier.orderSn !== orderSn)
    context.tally.problem(`key ${key} was answered with ${earlier.orderSn} and with ${orderSn}`);
  else table.set(key, { userId, orderSn });
}

const withdrawalSnOf = (answer: Answer<WithdrawalAnswer> | null) =>
  answer?.status === 200 ? (answer.body?.data?.orderSn ?? null) : null;

async function pay(context: LoadContext, kind: string, orderSn: string, checkoutUrl: string, clicks: number) {
  const answers = await Promise.all(
    Array.from({ length: clicks }, () => clickOnCheckout(context.tally, kind, checkoutUrl, 'pay')),
  );
  if (answers.some((answer) => answer?.status === 303)) context.told.paidOrders.add(orderSn);
}

interface DepositRequest {
  key: string;
  body: { channelId: string; amount: number; bankCardId: number };
}

/** POST /v2/app/pay/order; the order and its checkout page when it was answered 200. */
async function openOrder(
  context: LoadContext,
  kind: string,
  url: string,
  player: BenchPlayer,
  caller: Caller,
  request: DepositRequest,
  expected: number[],
) {
  const answer = await callApi<DepositAnswer>(context.tally, kind, url, '/v2/app/pay/order', request.body, caller, {
    expected,
    idempotencyKey: request.key,
  });
  if (answer?.status !== 200) return null;
  const orderSn = answer.body?.data?.order.orderSn;
  const checkoutUrl = answer.body?.data?.instructions.url;
  if (!orderSn || !checkoutUrl) {
    context.tally.problem(
      `${kind} answered 200 without an order and its checkout page: ${JSON.stringify(answer.body?.data)}`,
    );
    return null;
  }
  remember(context, context.told.depositOrders, request.key, player.userId, orderSn);
  return { orderSn, checkoutUrl };
}

const depositRequest = (player: BenchPlayer, yen: number): DepositRequest => ({
  key: newIdempotencyKey('deposit'),
  body: { channelId: 'online-bank', amount: yen, bankCardId: player.cardId },
});

/** Before the timed load: one order per player, paid at once, so every player has coins to withdraw. */
export async function startingDeposit(
  context: LoadContext,
  url: string,
  player: BenchPlayer,
  caller: Caller,
  yen: number,
) {
  const opened = await openOrder(
    context,
    'set-up: starting deposit order',
    url,
    player,
    caller,
    depositRequest(player, yen),
    [200],
  );
  if (opened) await pay(context, 'set-up: starting deposit payment', opened.orderSn, opened.checkoutUrl, 1);
}

/**
 * A deposit as the deposit page makes it: the order (sometimes sent to both processes at once, sent
 * again after its answer, or its key reused for another amount), then at the sandbox checkout:
 * paid, paid with a double click, cancelled, or left open.
 */
async function deposit(context: LoadContext, servers: RoundRobin, player: BenchPlayer, caller: Caller) {
  const request = depositRequest(player, pick(depositYen));
  const opened =
    Math.random() < 0.1
      ? ((
          await Promise.all(
            context.urls.map((url) =>
              openOrder(context, 'deposit order, twin at once', url, player, caller, request, orderAnswers(context)),
            ),
          )
        ).find(Boolean) ?? null)
      : await openOrder(context, 'deposit order', servers.next(), player, caller, request, orderAnswers(context));
  if (!opened) return;
  const retry = Math.random();
  if (retry < 0.15)
    await openOrder(
      context,
      'deposit order, same key again',
      servers.next(),
      player,
      caller,
      request,
      orderAnswers(context),
    );
  else if (retry < 0.2) {
    const otherAmount = { ...request, body: { ...request.body, amount: request.body.amount + 1_000 } };
    await openOrder(
      context,
      'deposit order, same key other amount',
      servers.next(),
      player,
      caller,
      otherAmount,
      [409],
    );
  }
  const payment = Math.random();
  if (payment < 0.7) await pay(context, 'checkout pay', opened.orderSn, opened.checkoutUrl, 1);
  else if (payment < 0.8) await pay(context, 'checkout pay, double click', opened.orderSn, opened.checkoutUrl, 2);
  else if (payment < 0.9) await clickOnCheckout(context.tally, 'checkout cancel', opened.checkoutUrl, 'cancel');
}

/**
 * A withdrawal as the withdrawal page makes it, with its Idempotency-Key: usually a small amount,
 * sometimes more than the balance (422); sometimes with a wrong pay password (400), sent twice at
 * once to both processes, sent again after its answer, or its key reused for another amount (409).
 * 429 is a possible answer to any of them: wrong pay passwords count against the account.
 */
async function withdraw(context: LoadContext, servers: RoundRobin, player: BenchPlayer, caller: Caller) {
  const key = newIdempotencyKey('withdraw');
  const amount = Math.random() < 0.15 ? randomInt(100, 400) * 1_000 : randomInt(1, 21) * 1_000;
  const body = { bankCardId: player.cardId, amount, payPassword: player.payPassword };
  const send = (url: string, what: string, sent: typeof body, expected: number[]) =>
    callApi<WithdrawalAnswer>(context.tally, what, url, '/v2/app/draw/withdraw', sent, caller, {
      expected,
      idempotencyKey: key,
    });
  const told = (answer: Answer<WithdrawalAnswer> | null) => {
    const orderSn = withdrawalSnOf(answer);
    if (orderSn) remember(context, context.told.withdrawals, key, player.userId, orderSn);
    return orderSn;
  };
  const roll = Math.random();
  if (roll < 0.05) {
    await send(
      servers.next(),
      'withdrawal, wrong pay password',
      { ...body, payPassword: wrongPayPassword },
      [400, 429],
    );
    return;
  }
  if (roll < 0.2) {
    const twins = await Promise.all(
      context.urls.map((url) => send(url, 'withdrawal, twin at once', body, [200, 422, 429])),
    );
    twins.forEach(told);
    return;
  }
  if (!told(await send(servers.next(), 'withdrawal', body, [200, 422, 429]))) return;
  if (roll < 0.35) told(await send(servers.next(), 'withdrawal, same key again', body, [200, 429]));
  else if (roll < 0.4)
    await send(servers.next(), 'withdrawal, same key other amount', { ...body, amount: amount + 1_000 }, [409, 429]);
}

/** A player seated at a machine of a studio game, with the session its game page holds there. */
export interface StudioSeat {
  session: string;
  /** The game's smallest stake: every round the load plays takes it. */
  stake: number;
}

/** Share of a seated player's turns spent on a studio round (taken from the reads). */
const studioRoundShare = 0.2;

/**
 * Seats players at the studio's machines, one player a machine while they last, and opens the
 * studio session the game page would, with a client seed of the page's own; null for a player
 * left without a machine.
 */
export async function seatAtStudio(
  context: LoadContext,
  players: BenchPlayer[],
  callers: Caller[],
): Promise<(StudioSeat | null)[]> {
  const { tally, urls } = context;
  const hall = await callApi<HallGame[]>(
    tally,
    'set-up: game hall',
    urls[0]!,
    '/v2/app/game/machines',
    {},
    callers[0]!,
    {
      expected: [200],
    },
  );
  const games = (hall?.body?.data ?? []).filter((game) => studioGame(game.code));
  return Promise.all(
    players.map(async (_player, index) => {
      const game = games[index % games.length];
      const machine = game?.machines[Math.floor(index / games.length)];
      const stake = game ? studioGame(game.code)?.stakes[0] : undefined;
      if (!game || !machine || stake === undefined) return null;
      const url = urls[index % urls.length]!;
      const launched = await callApi<{ url: string }>(
        tally,
        'set-up: game launch',
        url,
        '/v2/app/game/launch',
        { machineId: machine.id },
        callers[index]!,
        { expected: [200] },
      );
      const launchUrl = launched?.body?.data?.url;
      if (!launchUrl) return null;
      const opened = await callStudio<{ sessionToken: string; fairness: StudioFairness }>(
        tally,
        'set-up: studio session',
        url,
        '/studio/api/session/open',
        { launchToken: new URL(launchUrl).searchParams.get('token') },
        null,
        [200],
      );
      const session = opened?.body?.data?.sessionToken;
      const serverSeedHash = opened?.body?.data?.fairness.serverSeedHash;
      if (!session || !serverSeedHash) return null;
      const chosen = await callStudio(
        tally,
        'set-up: studio client seed',
        url,
        '/studio/api/fairness/client-seed',
        { clientSeed: randomBytes(16).toString('hex'), serverSeedHash },
        session,
        [200],
      );
      return chosen?.status === 200 ? { session, stake } : null;
    }),
  );
}

/** One press of spin at the player's machine, with a round key of its own; 422 when the coins ran short. */
async function studioRound(context: LoadContext, servers: RoundRobin, seat: StudioSeat) {
  const roundKey = randomUUID();
  const answer = await callStudio<{ round: StudioRound }>(
    context.tally,
    'studio round',
    servers.next(),
    '/studio/api/round/play',
    { stake: seat.stake, roundKey },
    seat.session,
    [200, 422],
  );
  const round = answer?.status === 200 ? answer.body?.data?.round : undefined;
  if (round) context.told.studioRounds.set(roundKey, { id: round.id, status: round.status, win: round.win });
}

const reads: [string, string, unknown][] = [
  ['read user/info', '/v2/app/user/info', {}],
  ['read pay/list', '/v2/app/pay/list', {}],
  ['read draw/list', '/v2/app/draw/list', {}],
  ['read record/balance', '/v2/app/record/balance/query', {}],
  ['read record/game', '/v2/app/record/game/record/query', {}],
  ['read record/game/count', '/v2/app/record/game/record/count', {}],
  ['read pay/query', '/v2/app/pay/query', {}],
];

export async function playerLoop(context: LoadContext, player: BenchPlayer, caller: Caller, seat: StudioSeat | null) {
  const servers = new RoundRobin(context.urls);
  while (context.running()) {
    const roll = Math.random();
    if (seat && roll < studioRoundShare) await studioRound(context, servers, seat);
    else if (roll < 0.45) {
      const [kind, apiPath, body] = pick(reads);
      await callApi(context.tally, kind, servers.next(), apiPath, body, caller, { expected: [200] });
    } else if (roll < 0.7) await deposit(context, servers, player, caller);
    else await withdraw(context, servers, player, caller);
  }
}

/**
 * The review desk: looks at the queue (oldest first), decides on some of it (approve, reject with a
 * reason, or two decisions from two desks at once on both processes, of which exactly one may win),
 * now and then looks a player up, and pauses.
 */
export async function operatorLoop(context: LoadContext, operator: Caller, players: BenchPlayer[]) {
  const servers = new RoundRobin(context.urls);
  const { tally, told } = context;
  const decide = (url: string, what: string, decision: 'approve' | 'reject', orderSn: string, expected: number[]) =>
    callApi(
      tally,
      what,
      url,
      `/v2/admin/withdrawal/${decision}`,
      decision === 'approve' ? { orderSn } : { orderSn, reason: rejectReason },
      operator,
      {
        expected,
      },
    );
  while (context.running()) {
    const queue = await callApi<{ list: { orderSn: string }[] }>(
      tally,
      'operator: review queue',
      servers.next(),
      '/v2/admin/withdrawal/list',
      { pageSize: 10 },
      operator,
      {
        expected: [200],
      },
    );
    const waiting = queue?.body?.data?.list ?? [];
    for (const { orderSn } of waiting.slice(0, randomInt(waiting.length + 1))) {
      if (!context.running()) break;
      const roll = Math.random();
      if (roll < 0.1) {
        const decisions = roll < 0.05 ? (['approve', 'approve'] as const) : (['approve', 'reject'] as const);
        const what = roll < 0.05 ? 'operator: approve, twice at once' : 'operator: approve and reject at once';
        const answers = await Promise.all(
          decisions.map((decision, index) =>
            decide(context.urls[index % context.urls.length]!, what, decision, orderSn, [200, 409]),
          ),
        );
        const winners = decisions.filter((_, index) => answers[index]?.status === 200);
        if (winners[0] === 'approve') told.approved.add(orderSn);
        if (winners[0] === 'reject') told.rejected.add(orderSn);
        if (winners.length !== 1 && answers.every((answer) => answer && answer.status < 500)) {
          tally.problem(
            `${decisions.join(' and ')} of ${orderSn} sent to both processes at once were accepted ${winners.length} times`,
          );
        }
      } else if (roll < 0.6) {
        if ((await decide(servers.next(), 'operator: approve', 'approve', orderSn, [200]))?.status === 200)
          told.approved.add(orderSn);
      } else if ((await decide(servers.next(), 'operator: reject', 'reject', orderSn, [200]))?.status === 200)
        told.rejected.add(orderSn);
    }
    if (Math.random() < 0.3)
      await callApi(tally, 'operator: player search', servers.next(), '/v2/admin/user/search', {}, operator, {
        expected: [200],
      });
    if (Math.random() < 0.3) {
      await callApi(
        tally,
        'operator: player ledger',
        servers.next(),
        '/v2/admin/user/ledger',
        { userId: pick(players).userId },
        operator,
        { expected: [200] },
      );
    }
    await sleep(operatorPauseMs);
  }
}

/** Starts the servers side by side; if one fails, the others are stopped before the error is passed on. */
export async function startServers(databaseUrl: string, dataDir: string): Promise<ProductServer[]> {
  const started = await Promise.allSettled(
    Array.from({ length: serverCount }, () => startProductServer({ databaseUrl, dataDir })),
  );
  const running = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(running.map((server) => server.stop()));
    throw failed.reason;
  }
  return running;
}

/**
 * Runs the whole figure on a database that is the bench's own (it writes players and money):
 * players are prepared, two servers started, every player's starting deposit paid, the load run,
 * the servers stopped, and the database checked. Whatever happens, the servers are stopped and
 * their shared data directory removed before this returns or throws; SIGINT or SIGTERM ends the
 * load early and cleans up the same way.
 */
export async function measureMixedLoad(
  databaseUrl: string,
  settings: MixedLoadSettings,
  log: (message: string) => void,
): Promise<MixedLoadResult> {
  const interrupted = new AbortController();
  const onSignal = () => interrupted.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-mixed-load-'));
  let servers: ProductServer[] = [];
  const tally = new Tally();
  const told: ToldByServers = {
    depositOrders: new Map(),
    paidOrders: new Set(),
    withdrawals: new Map(),
    approved: new Set(),
    rejected: new Set(),
    studioRounds: new Map(),
  };
  let loadRequests = 0;
  let loadSeconds = 0;
  let exitCodes: (number | null)[] = [];
  try {
    log(
      `  preparing ${settings.clients} players and an operator through the API (register, profile, card, KYC approved, pay password)`,
    );
    const hall = await prepareHall(databaseUrl, settings.clients, path.join(workDir, 'files'));
    interrupted.signal.throwIfAborted();
    log(`  starting ${serverCount} server processes (server/main.ts, production, sandbox provider on)`);
    servers = await startServers(databaseUrl, workDir);
    const urls = servers.map((server) => server.url);
    const callers = await Promise.all(
      hall.players.map(async (player, index) => ({
        xsrf: await xsrfHeaders(urls[index % serverCount]!),
        token: player.token,
      })),
    );
    const operator: Caller = { xsrf: await xsrfHeaders(urls[0]!), token: hall.operatorToken };

    const setUp: LoadContext = { urls, tally, told, running: () => !interrupted.signal.aborted };
    log(`  paying every player's starting deposit of ${settings.startingDepositYen} yen at the sandbox checkout`);
    await Promise.all(
      hall.players.map((player, index) =>
        startingDeposit(setUp, urls[index % serverCount]!, player, callers[index]!, settings.startingDepositYen),
      ),
    );
    interrupted.signal.throwIfAborted();
    const seats = await seatAtStudio(setUp, hall.players, callers);
    interrupted.signal.throwIfAborted();

    log(
      `  load: ${settings.clients} player clients (${seats.filter(Boolean).length} seated at studio machines) and 1 operator for ${settings.durationSeconds} s, each alternating between the processes`,
    );
    const before = tally.requests;
    const started = performance.now();
    const deadline = started + settings.durationSeconds * 1000;
    const load: LoadContext = {
      urls,
      tally,
      told,
      running: () => !interrupted.signal.aborted && performance.now() < deadline,
    };
    await Promise.all([
      ...hall.players.map((player, index) => playerLoop(load, player, callers[index]!, seats[index] ?? null)),
      operatorLoop(load, operator, hall.players),
    ]);
    loadSeconds = (performance.now() - started) / 1000;
    loadRequests = tally.requests - before;
    interrupted.signal.throwIfAborted();
  } finally {
    exitCodes = await Promise.all(servers.map((server) => server.stop()));
    await rm(workDir, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  log('  servers stopped; checking the money on the database');
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    const { checks, totals } = await checkMoney(database.db, told);
    const loggedErrors = { count: 0, samples: [] as string[] };
    const warnings = new Map<string, number>();
    for (const server of servers) {
      loggedErrors.count += server.errors.count;
      loggedErrors.samples.push(...server.errors.samples);
      for (const [message, count] of server.warnings) warnings.set(message, (warnings.get(message) ?? 0) + count);
    }
    const passed =
      tally.failures === 0 &&
      loggedErrors.count === 0 &&
      exitCodes.every((code) => code === 0) &&
      checks.every((check) => check.violations.length === 0);
    return {
      servers: servers.length,
      loadRequests,
      loadSeconds,
      tally,
      checks,
      totals,
      loggedErrors,
      warnings,
      exitCodes,
      passed,
    };
  } finally {
    await database.close();
  }
}

/** Requests by kind and status, one line per kind, for the notes under the table. */
export function requestBreakdown(tally: Tally): string[] {
  return [...tally.byKind.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([kind, outcomes]) =>
        `${kind}: ${[...outcomes.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, count]) => `${status} x${count}`)
          .join(', ')}`,
    );
}
