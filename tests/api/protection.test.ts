import { randomUUID } from 'node:crypto';
import type { ProtectionState } from '@contract/protection';
import type { FamilyDeclarationItem } from '@contract/protection-desk';
import { signMessage } from '@server/adapters/pay-protocol';
import { users } from '@server/db/schema/auth';
import { depositOrders } from '@server/db/schema/deposit';
import { sandboxPayments } from '@server/db/schema/sandbox-pay';
import { writeEventLetter } from '@server/modules/letters/event-letters';
import { loadServerSecret } from '@server/secrets';
import type { EventLetter } from '@server/shared/event-letters';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machinesOf, openGameSession, testProvider, type walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import {
  balanceOfPlayer,
  bindCard,
  completeProfile,
  fundPlayer,
  newOperator,
  newPlayer,
  refusal,
  signInAgain,
  type TestPlayer,
  withKey,
} from '../support/players';
import type { SmtpTestServer } from '../support/smtp-test-server';
import { createTestClock, type TestServer } from './harness';

// Docs: docs/requirements.md §18 (player protection). Acme counts 100 units per coin.
const unit = 100;
const acme = testProvider('acme', unit);
const hour = 60 * 60 * 1000;
// 10:00 in Japan on a Wednesday: the day, week and month have hours to go.
const clock = createTestClock(new Date('2026-05-06T01:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
let wallet: ReturnType<typeof walletClient>;
let operator: TestPlayer;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  ({ server, smtp, wallet, close: closeServer } = await startGameTestServer(acme, clock));
  operator = await newOperator(server);
}, 60_000);
afterAll(() => closeServer());

const stateOf = async (player: TestPlayer, lang = 'en-US') => {
  const answer = await server.call<ProtectionState>('/v2/app/protection/state', {}, { token: player.token, lang });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return answer.body.data as ProtectionState;
};
const protect = (player: TestPlayer, path: string, body: Record<string, unknown>, lang = 'en-US') =>
  server.call<ProtectionState>(`/v2/app/protection/${path}`, body, { token: player.token, lang });
/** The player's letters once the letter jobs have written them (the queue runs them as they come). */
async function lettersOf(player: TestPlayer, count: number) {
  for (;;) {
    const page = await server.call<{ list: { title: string; content: string }[] }>(
      '/v2/app/station/query',
      {},
      { token: player.token, lang: 'en-US' },
    );
    const list = page.body.data?.list ?? [];
    if (list.length >= count) return list;
    const jobs = (await server.db.execute(
      sql`select data from pgboss.job where name = 'station-letter' and (data->>'userId')::int = ${player.userId}`,
    )) as unknown as { rows: { data: EventLetter }[] };
    for (const { data } of jobs.rows) await writeEventLetter(server.db, server.deps.clock, data);
  }
}

const limitOf = (state: ProtectionState, kind: string, period: string | null) =>
  state.limits.find((limit) => limit.kind === kind && limit.period === period);

let machineCursor = 0;
/** A funded player seated at the next Acme machine with an open game session. */
async function seated(coins: number, player?: TestPlayer) {
  const who = player ?? (await newPlayer(server, smtp));
  if (!player) await fundPlayer(server, who, coins);
  const machines = await machinesOf(server, who, 'acme-slot');
  const machine = machines[machineCursor % machines.length];
  machineCursor += 1;
  await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
  const token = await openGameSession(server, wallet, who, machine?.id ?? 0);
  return { player: who, user: `player-${who.userId}`, token };
}
type Seated = Awaited<ReturnType<typeof seated>>;

/** A bet of `coins` in a new round; the answer, with the round and the transaction a win names. */
async function bet(who: Seated, coins: number) {
  const round = `round-${randomUUID()}`;
  const transactionUuid = randomUUID();
  const answer = await wallet.call('transaction/bet', {
    request_uuid: randomUUID(),
    transaction_uuid: transactionUuid,
    user: who.user,
    token: who.token,
    round,
    game_code: 'acme-slot',
    currency: 'COIN',
    amount: coins * unit,
    is_free: false,
    round_closed: false,
  });
  return { ...answer, round, transactionUuid };
}

/** The win that closes a bet's round. */
const win = (who: Seated, placed: { round: string; transactionUuid: string }, coins: number) =>
  wallet.call('transaction/win', {
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: placed.transactionUuid,
    user: who.user,
    token: who.token,
    round: placed.round,
    game_code: 'acme-slot',
    currency: 'COIN',
    amount: coins * unit,
    round_closed: true,
  });

async function betAndWin(who: Seated, stake: number, won: number) {
  const placed = await bet(who, stake);
  expect(placed.status).toBe('RS_OK');
  expect((await win(who, placed, won)).status).toBe('RS_OK');
}

describe('limits', () => {
  it('applies a first or lower limit at once, and a higher one or a removal 24 hours later', async () => {
    const player = await signInAgain(server, await newPlayer(server, smtp));
    const set = await protect(player, 'limit/set', { kind: 'deposit', period: 'day', value: 10_000 });
    expect(set.body.data?.limits).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        period: 'day',
        value: 10_000,
        used: 0,
        pending: null,
        setBy: 'player',
      }),
    ]);
    expect(limitOf(set.body.data as ProtectionState, 'deposit', 'day')?.resetsAt).toBe('2026-05-06T15:00:00.000Z');

    const raised = await protect(player, 'limit/set', { kind: 'deposit', period: 'day', value: 20_000 });
    const appliesAt = new Date(clock.now().getTime() + 24 * hour).toISOString();
    expect(limitOf(raised.body.data as ProtectionState, 'deposit', 'day')).toMatchObject({
      value: 10_000,
      pending: { value: 20_000, appliesAt },
    });
    clock.advance(24 * hour - 1000);
    expect(limitOf(await stateOf(player), 'deposit', 'day')?.value).toBe(10_000);
    clock.advance(1000);
    const fresh = await signInAgain(server, player);
    expect(limitOf(await stateOf(fresh), 'deposit', 'day')).toMatchObject({ value: 20_000, pending: null });

    const lowered = await protect(fresh, 'limit/set', { kind: 'deposit', period: 'day', value: 5_000 });
    expect(limitOf(lowered.body.data as ProtectionState, 'deposit', 'day')).toMatchObject({
      value: 5_000,
      pending: null,
    });
    const removing = await protect(fresh, 'limit/set', { kind: 'deposit', period: 'day', value: null });
    expect(limitOf(removing.body.data as ProtectionState, 'deposit', 'day')).toMatchObject({
      value: 5_000,
      pending: { value: null },
    });
    // A lower value while a raise waits applies at once and drops the raise.
    const again = await protect(fresh, 'limit/set', { kind: 'deposit', period: 'day', value: 4_000 });
    expect(limitOf(again.body.data as ProtectionState, 'deposit', 'day')).toMatchObject({
      value: 4_000,
      pending: null,
    });
    await protect(fresh, 'limit/set', { kind: 'deposit', period: 'day', value: null });
    clock.advance(24 * hour);
    const later = await signInAgain(server, fresh);
    expect(limitOf(await stateOf(later), 'deposit', 'day')).toBeUndefined();
  });

  it('refuses a limit the contract does not know, in the reader’s language, and changes nothing', async () => {
    const player = await newPlayer(server, smtp);
    for (const body of [
      { kind: 'deposit', period: 'year', value: 1000 },
      { kind: 'loss', period: 'day', value: 0 },
      { kind: 'session', value: 24 * 60 + 1 },
      { kind: 'wager', period: 'day', value: 1.5 },
    ]) {
      const answer = await protect(player, 'limit/set', body, 'ja-JP');
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    expect((await stateOf(player)).limits).toEqual([]);
  });

  it('writes every change to the audit log and as a letter to the player', async () => {
    const player = await newPlayer(server, smtp);
    await protect(player, 'limit/set', { kind: 'loss', period: 'week', value: 3_000 });
    await protect(player, 'reality-check/set', { minutes: 15 });
    const texts = (await lettersOf(player, 2)).map((letter) => `${letter.title}: ${letter.content}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your limit has changed: Your weekly loss limit is set to 3,000 coins, from /),
        'Reality check set: While you play, we will show you your time played and your result every 15 minutes.',
      ]),
    );
    const desk = await server.call<{ history: { action: string; actor: string }[] }>(
      '/v2/admin/protection/player',
      { userId: player.userId },
      { token: (await signInAgain(server, operator, 'operator')).token },
    );
    expect(desk.body.data?.history.map((entry) => entry.action)).toEqual([
      'protection.realityCheck',
      'protection.limit',
    ]);
    expect(desk.body.data?.history[0]?.actor).toBe(`user:${player.userId}`);
  });
});

describe('the wallet’s bet', () => {
  it('refuses a bet that would pass the loss limit, with the reason, and counts wins back', async () => {
    const who = await seated(10_000);
    await protect(who.player, 'limit/set', { kind: 'loss', period: 'day', value: 1_000 });
    await betAndWin(who, 600, 0);
    const over = await bet(who, 500);
    expect(over).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reason: 'lossLimit', balance: 9_400 * unit });
    await betAndWin(who, 100, 300);
    // Lost 600 + 100 - 300 = 400: a bet of 500 reaches 900.
    expect((await bet(who, 500)).status).toBe('RS_OK');
    expect(limitOf(await stateOf(who.player), 'loss', 'day')?.used).toBe(900);
  });

  it('refuses a bet over the wager limit, and starts again the next day in Japan', async () => {
    const who = await seated(10_000);
    await protect(who.player, 'limit/set', { kind: 'wager', period: 'day', value: 1_000 });
    expect((await bet(who, 1_000)).status).toBe('RS_OK');
    expect(await bet(who, 1)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reason: 'wagerLimit' });
    // Midnight in Japan is 15:00 UTC.
    const midnight = new Date(clock.now());
    midnight.setUTCHours(15, 0, 0, 0);
    if (midnight <= clock.now()) midnight.setUTCDate(midnight.getUTCDate() + 1);
    clock.set(midnight);
    const player = await signInAgain(server, who.player);
    const again = await seated(0, player);
    expect((await bet(again, 1)).status).toBe('RS_OK');
  });

  it('ends a play session at its time limit; a new session starts after 30 minutes without a bet', async () => {
    const who = await seated(10_000);
    await protect(who.player, 'limit/set', { kind: 'session', value: 1 });
    expect((await bet(who, 10)).status).toBe('RS_OK');
    clock.advance(61_000);
    expect(await bet(who, 10)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reason: 'sessionLimit' });
    clock.advance(30 * 60_000);
    const again = await seated(0, who.player);
    expect((await bet(again, 10)).status).toBe('RS_OK');
  });

  it('keeps the play summary of the session for the reality check', async () => {
    const who = await seated(10_000);
    await betAndWin(who, 100, 40);
    clock.advance(5 * 60_000);
    await betAndWin(who, 50, 0);
    const summary = await server.call('/v2/app/protection/play-summary', {}, { token: who.player.token });
    expect(summary.body.data).toEqual({
      startedAt: new Date(clock.now().getTime() - 5 * 60_000).toISOString(),
      minutes: 5,
      bets: 150,
      wins: 40,
      net: -110,
      realityCheckMinutes: 60,
    });
    await protect(who.player, 'reality-check/set', { minutes: null });
    clock.advance(31 * 60_000);
    const later = await server.call('/v2/app/protection/play-summary', {}, { token: who.player.token });
    expect(later.body.data).toEqual({
      startedAt: null,
      minutes: 0,
      bets: 0,
      wins: 0,
      net: 0,
      realityCheckMinutes: null,
    });
  });
});

describe('a time-out', () => {
  it('closes play, deposits, addresses and gifts at once, keeps wins, withdrawals and records, and cannot be shortened', async () => {
    const who = await seated(5_000);
    const placed = await bet(who, 100);
    expect(placed.status).toBe('RS_OK');

    const started = await protect(who.player, 'time-out', { duration: '24h' });
    expect(started.body.data?.block).toEqual({
      kind: 'timeOut',
      setBy: 'player',
      startedAt: clock.now().toISOString(),
      endsAt: new Date(clock.now().getTime() + 24 * hour).toISOString(),
      canRequestReopen: false,
      reopensAt: null,
    });
    expect(await bet(who, 10)).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', reason: 'timeOut' });
    // The round played before the break is still paid.
    const paid = await win(who, placed, 50);
    expect(paid.status).toBe('RS_OK');
    expect(await balanceOfPlayer(server, who.player)).toBe(4_950);

    const machines = await machinesOf(server, who.player, 'acme-slot');
    const launch = await server.call(
      '/v2/app/game/launch',
      { machineId: machines[0]?.id },
      { token: who.player.token },
    );
    refusal(launch, 403, /taking a break/);
    await completeProfile(server, who.player);
    const card = await bindCard(server, who.player);
    const order = await server.call(
      '/v2/app/pay/order',
      { channelId: 'online-bank', amount: 1_000, bankCardId: card.id },
      withKey(who.player.token),
    );
    refusal(order, 403, /taking a break/);
    const address = await server.call(
      '/v2/cpp/coins/deposit/address',
      { coin: 'USDT', network: 'TRC20' },
      { token: who.player.token },
    );
    refusal(address, 403, /taking a break/);
    const records = await server.call('/v2/app/record/game/record/query', {}, { token: who.player.token });
    expect(records.body.code).toBe(200);

    const shorter = await protect(who.player, 'time-out', { duration: '24h' });
    refusal(shorter, 409, /cannot be shortened/);
    const longer = await protect(who.player, 'time-out', { duration: '7d' });
    expect(longer.body.data?.block?.endsAt).toBe(new Date(clock.now().getTime() + 7 * 24 * hour).toISOString());

    clock.advance(7 * 24 * hour);
    const back = await signInAgain(server, who.player);
    expect((await stateOf(back)).block).toBeNull();
    const seatedAgain = await seated(0, back);
    expect((await bet(seatedAgain, 10)).status).toBe('RS_OK');
  });

  it('hides the desk’s letters to everyone sent during the break, not those sent before or the player’s own', async () => {
    const player = await newPlayer(server, smtp);
    const desk = await signInAgain(server, operator, 'operator');
    const marker = randomUUID().slice(0, 8);
    const broadcast = (title: string) =>
      server.call(
        '/v2/admin/station/send',
        { audience: 'allPlayers', texts: { 'ja-JP': { title: `${title} ${marker}`, body: 'お知らせ' } } },
        withKey(desk.token),
      );
    expect((await broadcast('before')).body.code).toBe(200);
    clock.advance(1000);
    await protect(player, 'time-out', { duration: '24h' });
    clock.advance(1000);
    expect((await broadcast('during')).body.code).toBe(200);
    const titles = (await lettersOf(player, 2)).map((letter) => letter.title).filter((title) => title.includes(marker));
    expect(titles).toEqual([`before ${marker}`]);
  });

  it('keeps an agent from giving coins to the member, not from taking them back', async () => {
    const agent = await newPlayer(server, smtp, 'agent');
    const member = await newPlayer(server, smtp, 'member');
    const code = `PR${agent.userId}`;
    await server.db.update(users).set({ isAgent: true, referralCode: code }).where(eq(users.id, agent.userId));
    await server.db.update(users).set({ agentCode: code }).where(eq(users.id, member.userId));
    await fundPlayer(server, agent, 1_000);
    const give = (key = randomUUID()) =>
      server.call(
        '/v2/app/agent/type/member/transfer',
        { memberUserId: member.userId, amount: 100 },
        withKey(agent.token, key),
      );
    const firstKey = randomUUID();
    expect((await give(firstKey)).body.code).toBe(200);
    await protect(member, 'time-out', { duration: '24h' });
    refusal(await give(), 422, /on a break or self-excluded/);
    // A retry of the gift made before the break answers as the first call did.
    expect((await give(firstKey)).body.code).toBe(200);
    const takeBack = await server.call(
      '/v2/app/agent/type/member/transfer/decrease',
      { memberUserId: member.userId, amount: 50 },
      withKey(agent.token),
    );
    expect(takeBack.body.code).toBe(200);
  });
});

describe('self-exclusion', () => {
  it('opens a fixed period only 24 hours after the player asks, once it ended; never a permanent one', async () => {
    let player = await newPlayer(server, smtp);
    const excluded = await protect(player, 'self-exclude', { duration: '6m' });
    const endsAt = excluded.body.data?.block?.endsAt as string;
    const sixMonths = new Date(clock.now());
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(endsAt).toBe(sixMonths.toISOString());
    refusal(await protect(player, 'reopen', {}), 409, /cannot be reopened now/);
    refusal(await protect(player, 'time-out', { duration: '6w' }), 409, /cannot be shortened/);

    clock.set(new Date(endsAt));
    player = await signInAgain(server, player);
    expect((await stateOf(player)).block).toMatchObject({ kind: 'selfExclusion', canRequestReopen: true });
    const asked = await protect(player, 'reopen', {});
    const reopensAt = new Date(clock.now().getTime() + 24 * hour).toISOString();
    expect(asked.body.data?.block).toMatchObject({ canRequestReopen: false, reopensAt });
    refusal(await protect(player, 'reopen', {}), 409, /cannot be reopened now/);
    clock.advance(24 * hour);
    player = await signInAgain(server, player);
    expect((await stateOf(player)).block).toBeNull();

    const forGood = await protect(player, 'self-exclude', { duration: 'permanent' });
    expect(forGood.body.data?.block).toMatchObject({ kind: 'selfExclusion', endsAt: null, canRequestReopen: false });
    clock.advance(5 * 365 * 24 * hour);
    player = await signInAgain(server, player);
    refusal(await protect(player, 'reopen', {}), 409, /cannot be reopened now/);
    // Signing in still works: the balance can be withdrawn and the records read.
    expect((await server.call('/v2/app/user/info', {}, { token: player.token })).body.code).toBe(200);
  });
});

describe('the desk', () => {
  it('imposes a time-out or an exclusion with a reason, audited, and never shortens one', async () => {
    const player = await newPlayer(server, smtp);
    const session = await signInAgain(server, operator, 'operator');
    const impose = (body: Record<string, unknown>) =>
      server.call('/v2/admin/protection/block', { userId: player.userId, ...body }, { token: session.token });
    expect((await impose({ kind: 'timeOut', duration: '7d', reason: '' })).status).toBe(400);
    expect((await impose({ kind: 'timeOut', duration: '7d', reason: 'asked by phone' })).body.code).toBe(200);
    refusal(await impose({ kind: 'timeOut', duration: '24h', reason: 'shorter' }), 409, /cannot be shortened/);
    expect((await impose({ kind: 'selfExclusion', duration: '1y', reason: 'problem gambling' })).body.code).toBe(200);
    const view = await server.call<{ state: ProtectionState; history: { action: string; reason: string }[] }>(
      '/v2/admin/protection/player',
      { userId: player.userId },
      { token: session.token },
    );
    expect(view.body.data?.state.block).toMatchObject({ kind: 'selfExclusion', setBy: 'operator' });
    expect(view.body.data?.history.map((entry) => entry.reason)).toEqual([
      expect.stringMatching(/^operator selfExclusion until .*: problem gambling$/),
      expect.stringMatching(/^operator timeOut until .*: asked by phone$/),
    ]);
    const player403 = await server.call('/v2/admin/protection/block', {}, { token: player.token });
    expect(player403.status).toBe(403);
  });
});

describe('the family declaration', () => {
  const declaration = (playerAccount: string) => ({
    playerAccount,
    requesterName: '山田 花子',
    relationship: 'spouse',
    email: 'hanako@example.test',
    phone: '+819012345678',
    depositMonthly: 30_000,
    lossMonthly: 10_000,
    reason: '生活費まで使ってしまうため',
  });

  it('answers the same for any account, and the desk’s approval applies the limits with a letter', async () => {
    const player = await newPlayer(server, smtp);
    const sent = await server.call('/v2/app/protection/family-declaration', declaration(player.email.toUpperCase()));
    expect(sent.body).toMatchObject({ code: 200 });
    const unknown = await server.call('/v2/app/protection/family-declaration', declaration('nobody-here'));
    expect(unknown.body).toEqual(sent.body);
    const missing = await server.call('/v2/app/protection/family-declaration', {
      ...declaration(player.account),
      depositMonthly: null,
      lossMonthly: null,
    });
    expect(missing.status).toBe(400);

    const session = await signInAgain(server, operator, 'operator');
    const queue = await server.call<{ list: FamilyDeclarationItem[] }>(
      '/v2/admin/protection/family/list',
      { keyword: player.account },
      { token: session.token },
    );
    const item = queue.body.data?.list.find((entry) => entry.user?.userId === player.userId);
    expect(item).toMatchObject({ status: 'pendingReview', relationship: 'spouse', depositMonthly: 30_000 });
    const approve = await server.call(
      '/v2/admin/protection/family/approve',
      { declarationId: item?.id },
      { token: session.token },
    );
    expect(approve.body.code).toBe(200);
    refusal(
      await server.call('/v2/admin/protection/family/approve', { declarationId: item?.id }, { token: session.token }),
      409,
      /already been reviewed/,
    );
    const state = await stateOf(player);
    expect(limitOf(state, 'deposit', 'month')).toMatchObject({ value: 30_000, setBy: 'family' });
    expect(limitOf(state, 'loss', 'month')).toMatchObject({ value: 10_000, setBy: 'family' });
    const letters = await lettersOf(player, 3);
    expect(letters.map((letter) => letter.title)).toContain("Limits set at your family's request");

    const nobody = (
      await server.call<{ list: FamilyDeclarationItem[] }>(
        '/v2/admin/protection/family/list',
        { keyword: 'nobody-here' },
        { token: session.token },
      )
    ).body.data?.list[0];
    refusal(
      await server.call('/v2/admin/protection/family/approve', { declarationId: nobody?.id }, { token: session.token }),
      422,
      /No account matches/,
    );
    const rejected = await server.call(
      '/v2/admin/protection/family/reject',
      { declarationId: nobody?.id, reason: 'no such account' },
      { token: session.token },
    );
    expect(rejected.body.code).toBe(200);
  });
});

describe('deposits', () => {
  async function depositReady(): Promise<TestPlayer & { cardId: number }> {
    const player = await signInAgain(server, await newPlayer(server, smtp));
    await completeProfile(server, player);
    return { ...player, cardId: (await bindCard(server, player)).id };
  }
  const order = (player: TestPlayer & { cardId: number }, yen: number) =>
    server.call<{ order: { orderSn: string } }>(
      '/v2/app/pay/order',
      { channelId: 'online-bank', amount: yen, bankCardId: player.cardId },
      withKey(player.token),
    );

  it('refuses an order above the deposit limit, counting the orders still open', async () => {
    const player = await depositReady();
    await protect(player, 'limit/set', { kind: 'deposit', period: 'week', value: 5_000 });
    expect((await order(player, 3_000)).body.code).toBe(200);
    refusal(await order(player, 3_000), 422, /over your deposit limit/);
    expect((await order(player, 2_000)).body.code).toBe(200);
  });

  it('credits nothing when a payment arrives over a limit lowered since: flagged, refunded, the player told', async () => {
    const player = await depositReady();
    const opened = await order(player, 4_000);
    const orderSn = opened.body.data?.order.orderSn as string;
    await protect(player, 'limit/set', { kind: 'deposit', period: 'day', value: 3_000 });
    const [payment] = await server.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.merchantReference, orderSn));
    const secret = await loadServerSecret(server.db, 'pay-sandbox');
    /** The provider's signed callback of one event of this payment. */
    const callback = async (type: string) => {
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type,
        paymentId: payment?.id,
        merchantReference: orderSn,
        amount: 4_000,
        currency: 'JPY',
        occurredAt: clock.now().toISOString(),
      });
      const timestamp = Math.floor(clock.now().getTime() / 1000);
      const answer = await fetch(`${server.url}/v2/pay/notify/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-pay-timestamp': String(timestamp),
          'x-pay-signature': signMessage(secret, timestamp, body),
        },
        body,
      });
      return answer.json();
    };
    expect(await callback('payment.succeeded')).toMatchObject({ code: 200, data: { outcome: 'protectionRefused' } });
    expect(await balanceOfPlayer(server, player)).toBe(0);
    const [row] = await server.db.select().from(depositOrders).where(eq(depositOrders.orderSn, orderSn));
    expect(row).toMatchObject({ status: 'refundInProcess', protectionFlag: 'depositLimit', creditTransferId: null });
    const view = await server.call<{ flaggedDeposits: { reference: string; flag: string }[] }>(
      '/v2/admin/protection/player',
      { userId: player.userId },
      { token: (await signInAgain(server, operator, 'operator')).token },
    );
    expect(view.body.data?.flaggedDeposits).toEqual([
      expect.objectContaining({ reference: orderSn, amount: 4_000, flag: 'depositLimit' }),
    ]);
    // The provider refunds the yen: the order ends refunded, and no coins move.
    expect(await callback('refund.succeeded')).toMatchObject({ code: 200, data: { outcome: 'refunded' } });
    const [refunded] = await server.db.select().from(depositOrders).where(eq(depositOrders.orderSn, orderSn));
    expect(refunded?.status).toBe('refundSuccessful');
    expect(await balanceOfPlayer(server, player)).toBe(0);
  });
});
