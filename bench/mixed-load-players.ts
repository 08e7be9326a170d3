/**
 * What the players of the mixed load do, as the pages do it: deposits at the sandbox checkout,
 * withdrawals, reads, and rounds at the machines of the embedded game studio. Every call goes
 * through the real API, to the server processes in turn.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { HallGame } from '@contract/hall';
import type { StudioFairness, StudioRound } from '@contract/studio';
import { roundTitle } from '@games/catalogue';
import {
  type Answer,
  type Caller,
  callApi,
  callStudio,
  clickOnCheckout,
  type LoadContext,
  newIdempotencyKey,
  pick,
  RoundRobin,
} from './mixed-load-client';
import type { BenchPlayer } from './mixed-load-setup';

const depositYen = [1_000, 3_000, 5_000, 10_000, 30_000, 50_000];
const wrongPayPassword = '000000';

type DepositAnswer = { order: { orderSn: string }; instructions: { kind: string; url?: string } };
type WithdrawalAnswer = { orderSn: string };

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

/**
 * Before the timed load: one order per player, paid at once, so every player has coins to withdraw.
 * Each player's goes to the process of its turn, the players in turn across the processes.
 */
export async function startingDeposits(context: LoadContext, players: BenchPlayer[], callers: Caller[], yen: number) {
  await Promise.all(
    players.map((player, index) =>
      startingDeposit(context, context.urls[index % context.urls.length]!, player, callers[index]!, yen),
    ),
  );
}

async function startingDeposit(context: LoadContext, url: string, player: BenchPlayer, caller: Caller, yen: number) {
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
  const games = (hall?.body?.data ?? []).filter((game) => roundTitle(game.code));
  return Promise.all(
    players.map(async (_player, index) => {
      const game = games[index % games.length];
      const machine = game?.machines[Math.floor(index / games.length)];
      const stake = game ? roundTitle(game.code)?.stakes[0] : undefined;
      if (!game || !machine || stake === undefined) return null;
      return seatAt(context, urls[index % urls.length]!, callers[index]!, machine.id, stake);
    }),
  );
}

/** Launches the game at the machine and opens its studio session with a client seed of the page's own. */
async function seatAt(
  { tally }: LoadContext,
  url: string,
  caller: Caller,
  machineId: number,
  stake: number,
): Promise<StudioSeat | null> {
  const launched = await callApi<{ url: string }>(
    tally,
    'set-up: game launch',
    url,
    '/v2/app/game/launch',
    { machineId },
    caller,
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
