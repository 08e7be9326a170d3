import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { protectionRefusals } from '@contract/protection';
import type { GameRecord } from '@contract/record';
import type { StudioFairness, StudioRound } from '@contract/studio';
import { roundTitle } from '@games/catalogue';
import { serverSeedCommitment } from '@games/provably-fair';
import { walletTransactions } from '@server/db/schema/hall';
import { balanceOf } from '@server/modules/ledger/accounts';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStudioApp } from '../../studio/app';
import type { StudioDatabase } from '../../studio/db/client';
import * as studioTables from '../../studio/db/schema';
import { rounds } from '../../studio/db/schema';
import { recoverRounds } from '../../studio/rounds';
import { retireLeftSeeds } from '../../studio/seeds';
import { studioOf } from '../../studio/studio-deps';
import { createCaptchaTexts } from '../support/accounts';
import { launchTokenOf, machinesOf } from '../support/game-provider';
import { ledgerViolations } from '../support/ledger-invariants';
import { fundPlayer, manyPlayersLimits, newPlayer, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { anotherStudio, launchStudioGame, type StudioCaller, studioOver } from '../support/studio-client';
import { createTestClock, createTestServer, type TestServer } from './harness';

// Docs: docs/architecture.md §12 "Game studio", docs/requirements.md §11, docs/games.md §1.
const clock = createTestClock(new Date('2026-05-01T10:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
/** The embedded studio, reached over HTTP at the product's own address. */
let studio: StudioCaller;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    clock,
  });
  studio = studioOver((request) => fetch(request), server.url);
}, 60_000);
afterAll(async () => {
  expect(await ledgerViolations(server.db)).toEqual([]);
  await server.close();
  await smtp.close();
});

interface Opened {
  sessionToken: string;
  game: {
    code: string;
    kind: string;
    mechanic: string;
    volatility: string;
    name: string;
    stakes: number[];
    rtpBasisPoints: number;
  };
  machineNumber: number;
  currency: string;
  balance: number;
  fairness: StudioFairness;
  resumedRound: StudioRound | null;
}
interface Played {
  round: StudioRound;
  balance: number;
  fairness: StudioFairness;
}

async function fundedPlayer(coins: number): Promise<TestPlayer> {
  const player = await newPlayer(server, smtp);
  await fundPlayer(server, player, coins);
  return player;
}

async function open(player: TestPlayer, gameCode: string, via = studio, lang = 'en-US') {
  const launchToken = await launchStudioGame(server, player, gameCode);
  return via<Opened>('/studio/api/session/open', { launchToken }, { lang });
}

/** Opens the game as its page does: on a first visit the page chooses a client seed of its own for the committed seed. */
async function opened(player: TestPlayer, gameCode: string): Promise<Opened> {
  const answer = await open(player, gameCode);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
  return withClientSeed(answer.body.data as Opened);
}

/** The session as the page leaves it on opening: with a client seed, chosen now when the player had none. */
async function withClientSeed(session: Opened): Promise<Opened> {
  if (session.fairness.clientSeed !== null) return session;
  const chosen = await setClientSeed(session.sessionToken, randomUUID(), session.fairness.serverSeedHash);
  expect(chosen.body, JSON.stringify(chosen.body)).toMatchObject({ code: 200 });
  return { ...session, fairness: chosen.body.data?.fairness as StudioFairness };
}

const setClientSeed = (session: string, clientSeed: string, serverSeedHash: string, lang = 'en-US') =>
  studio<{ fairness: StudioFairness }>(
    '/studio/api/fairness/client-seed',
    { clientSeed, serverSeedHash },
    { session, lang },
  );

interface Rotated {
  revealed: { serverSeed: string; serverSeedHash: string; roundsPlayed: number };
  fairness: StudioFairness;
}

const rotate = (session: string, clientSeed: string, nextServerSeedHash: string, lang = 'en-US') =>
  studio<Rotated>('/studio/api/fairness/rotate', { clientSeed, nextServerSeedHash }, { session, lang });

const play = (session: string, stake: number, roundKey: string = randomUUID(), via = studio) =>
  via<Played>('/studio/api/round/play', { stake, roundKey }, { session });

async function coinsOf(player: TestPlayer): Promise<number> {
  return Number((await balanceOf(server.db, player.userId, 'COIN')).available);
}

async function walletRows(roundId: string) {
  return server.db
    .select({
      kind: walletTransactions.kind,
      amount: walletTransactions.amount,
      rolledBackAt: walletTransactions.rolledBackAt,
    })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.providerId, 'studio'), eq(walletTransactions.round, roundId)));
}

/** A fetch for a studio whose wallet calls on `path` go wrong as `fault` says. */
function faultyFetch(path: string, fault: 'unsent' | 'answerLost' | 'tampered'): typeof fetch {
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.endsWith(`/${path}`)) return fetch(input, init);
    if (fault === 'unsent') throw new TypeError('fetch failed: connection refused');
    const response = await fetch(input, init);
    if (fault === 'answerLost') throw new TypeError('fetch failed: socket hang up');
    const text = (await response.text()).replace('"status":"RS_OK"', '"status":"RS_OK","forged":true');
    return new Response(text, { status: response.status, headers: response.headers });
  };
}

describe('a whole visit', () => {
  it('opens both games, plays rounds, and the balances and game records agree with the studio’s rounds', async () => {
    const player = await fundedPlayer(5000);
    const slot = await opened(player, 'sakura-sevens');
    expect(slot).toMatchObject({
      game: { code: 'sakura-sevens', kind: 'slot', name: 'Sakura Sevens', rtpBasisPoints: 9600 },
      currency: 'COIN',
      balance: 5000,
      fairness: { nonce: 0 },
      resumedRound: null,
    });
    const slotTitle = roundTitle('sakura-sevens');
    if (!slotTitle) throw new Error('no sakura-sevens');
    expect(slot.game).toMatchObject({ mechanic: slotTitle.mechanic, volatility: slotTitle.volatility });
    expect(slot.game.stakes).toEqual(slotTitle.stakes);
    const played: StudioRound[] = [];
    let expected = 5000;
    for (const stake of [20, 40, 100, 20, 200]) {
      const answer = await play(slot.sessionToken, stake);
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
        code: 200,
        data: { round: { stake, status: 'settled' } },
      });
      const round = answer.body.data?.round as StudioRound;
      expected += round.win - stake;
      expect(answer.body.data?.balance).toBe(expected);
      expect(round.nonce).toBe(played.length);
      // The round carries the title's own outcome, as its schema reads it on the page.
      expect(v.parse(slotTitle.outcome, round.outcome)).toEqual(round.outcome);
      expect(round.outcome).toMatchObject({ totalBet: stake, totalWin: round.win });
      played.push(round);
    }
    const pachinko = await opened(player, 'fuji-rush');
    expect(pachinko.game).toMatchObject({ code: 'fuji-rush', kind: 'pachinko' });
    expect(pachinko.balance).toBe(expected);
    for (const stake of [10, 50, 100]) {
      const answer = await play(pachinko.sessionToken, stake);
      expect(answer.body.data?.round).toMatchObject({
        stake,
        status: 'settled',
        outcome: { balls: expect.any(Array) },
      });
      expected += (answer.body.data?.round.win ?? 0) - stake;
      expect(answer.body.data?.balance).toBe(expected);
      played.push(answer.body.data?.round as StudioRound);
    }
    expect(await coinsOf(player)).toBe(expected);
    const records = await server.call<{ list: GameRecord[]; total: number }>(
      '/v2/app/record/game/record/query',
      { pageSize: 100 },
      { token: player.token },
    );
    expect(records.body.data?.total).toBe(played.length);
    const pairs = (list: { bet: number; win: number }[]) => list.map((r) => `${r.bet}/${r.win}`).sort();
    expect(
      pairs(records.body.data?.list.map((r) => ({ bet: Number(r.betAmount), win: Number(r.winAmount) })) ?? []),
    ).toEqual(pairs(played.map((r) => ({ bet: r.stake, win: r.win }))));
    // Each round is one bet and one win at the wallet, under the studio's round id.
    for (const round of played) {
      expect((await walletRows(round.id)).map((row) => `${row.kind}:${row.amount}`).sort()).toEqual(
        [`bet:${round.stake}`, `win:${round.win}`].sort(),
      );
    }
  });

  it('names the game in the page’s language and refuses a used or unknown launch token', async () => {
    const player = await fundedPlayer(100);
    const launchToken = await launchStudioGame(server, player, 'fuji-rush');
    const first = await studio<Opened>('/studio/api/session/open', { launchToken }, { lang: 'ja-JP' });
    expect(first.body.data?.game.name).toBe('富士ラッシュ');
    // A launch URL opens one session: sent again, even by the page that opened it, it is used.
    const again = await studio<Opened>('/studio/api/session/open', { launchToken });
    expect(again.body).toMatchObject({
      code: 401,
      msg: 'This game link has been used or is not valid; open the game again from the game hall',
    });
    const unknown = await studio('/studio/api/session/open', { launchToken: 'not-a-token' }, { lang: 'ja-JP' });
    expect(unknown.body).toMatchObject({ code: 401 });
    expect(unknown.body.msg).toMatch(/ゲームホール/);
    expect((await studio('/studio/api/session/open', {})).body).toMatchObject({
      code: 400,
      fields: { launchToken: expect.any(String) },
    });
  });

  it('opens one session per launch URL, once: not again later, by anyone, nor after a relaunch', async () => {
    const player = await fundedPlayer(5000);
    const [machine] = (await machinesOf(server, player, 'sakura-sevens')).slice(-1);
    await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
    const relaunch = async () => {
      const launched = await server.call<{ url: string }>(
        '/v2/app/game/launch',
        { machineId: machine?.id },
        { token: player.token },
      );
      return launchTokenOf(launched.body.data?.url ?? '');
    };
    const launchToken = await relaunch();
    const first = await studio<Opened>('/studio/api/session/open', { launchToken });
    expect(first.body.code).toBe(200);
    const { sessionToken, game } = await withClientSeed(first.body.data as Opened);
    const stake = game.stakes[0] ?? 0;
    expect((await play(sessionToken, stake)).body.code).toBe(200);
    const coins = await coinsOf(player);
    // Past the launch token's 60 s, the same URL is worth nothing.
    clock.advance(65_000);
    expect((await studio('/studio/api/session/open', { launchToken })).body).toMatchObject({ code: 401 });
    // The player launches the machine again: the earlier session plays no more, the old URL opens nothing.
    const newest = await relaunch();
    expect((await play(sessionToken, stake)).body).toMatchObject({ code: 402 });
    expect((await studio('/studio/api/session/open', { launchToken })).body).toMatchObject({ code: 401 });
    expect(await coinsOf(player)).toBe(coins);
    const reopened = await studio<Opened>('/studio/api/session/open', { launchToken: newest });
    expect(reopened.body.code).toBe(200);
    expect((await play((await withClientSeed(reopened.body.data as Opened)).sessionToken, stake)).body.code).toBe(200);
  });
});

describe('money is moved once', () => {
  it('plays a repeated roundKey once, and two presses at once with one key once', async () => {
    const player = await fundedPlayer(1000);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const key = randomUUID();
    const first = await play(sessionToken, 10, key);
    const retry = await play(sessionToken, 10, key);
    expect(retry.body.data?.round).toEqual(first.body.data?.round);
    const doubleKey = randomUUID();
    const [a, b] = await Promise.all([play(sessionToken, 50, doubleKey), play(sessionToken, 50, doubleKey)]);
    expect(a.body.code).toBe(200);
    expect(b.body.data?.round).toEqual(a.body.data?.round);
    const roundIds = [first.body.data?.round.id, a.body.data?.round.id];
    const won = (first.body.data?.round.win ?? 0) + (a.body.data?.round.win ?? 0);
    expect(await coinsOf(player)).toBe(1000 - 60 + won);
    for (const id of roundIds) expect((await walletRows(id ?? '')).filter((row) => row.kind === 'bet')).toHaveLength(1);
    // No nonce was spent on the refused duplicates.
    expect(a.body.data?.round.nonce).toBe(1);
    // Presses with keys of their own, all at once: each played once, on nonces of their own.
    const many = await Promise.all(Array.from({ length: 5 }, () => play(sessionToken, 10)));
    expect(many.map((answer) => answer.body.data?.round.nonce).sort()).toEqual([2, 3, 4, 5, 6]);
    const manyWon = many.reduce((sum, answer) => sum + (answer.body.data?.round.win ?? 0), 0);
    expect(await coinsOf(player)).toBe(1000 - 60 + won - 50 + manyWon);
  });

  it('refuses a stake the game does not take, and a stake beyond the coins with the balance', async () => {
    const player = await fundedPlayer(30);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const odd = await play(sessionToken, 30);
    expect(odd.body).toMatchObject({ code: 400, fields: { stake: expect.any(String) } });
    const key = randomUUID();
    const broke = await studio(
      '/studio/api/round/play',
      { stake: 50, roundKey: key },
      { session: sessionToken, lang: 'ja-JP' },
    );
    expect(broke.body).toMatchObject({ code: 422, msg: 'コインが足りません', data: { balance: 30 } });
    expect((await play(sessionToken, 50, key)).body).toMatchObject({ code: 422 });
    expect(await coinsOf(player)).toBe(30);
    // A refused round is nothing to resume.
    const resumed = await studio<Played>('/studio/api/round/resume', { roundKey: key }, { session: sessionToken });
    expect(resumed.body).toMatchObject({ code: 200, data: { round: null, balance: 30 } });
  });

  it('answers an ended session 402: the seat left at the hall, or the studio session past its time', async () => {
    const player = await fundedPlayer(500);
    const { sessionToken } = await opened(player, 'fuji-rush');
    expect((await server.call('/v2/app/game/seat/release', {}, { token: player.token })).status).toBe(200);
    expect((await play(sessionToken, 10)).body).toMatchObject({ code: 402 });
    expect(await coinsOf(player)).toBe(500);
    const again = await opened(player, 'fuji-rush');
    clock.advance(31 * 60_000);
    expect((await play(again.sessionToken, 10)).body).toMatchObject({ code: 402 });
    expect((await play('no-such-session', 10)).body).toMatchObject({ code: 401 });
    expect(await coinsOf(player)).toBe(500);
  });
});

describe('the player’s own protection', () => {
  /** A wallet that refuses every bet as the protection does, signed with a key the studio trusts here. */
  function protectingWallet(reason: unknown) {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const resign = (text: string) =>
      new Response(text, {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'X-Hub88-Signature': sign('sha256', Buffer.from(text), keys.privateKey).toString('base64'),
        },
      });
    // Bets never reach the real wallet, which would book them; every other call does, answered re-signed.
    const fetchIt: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/transaction/bet')) {
        const bet = JSON.parse(String(init?.body)) as { request_uuid: string };
        return resign(JSON.stringify({ status: 'RS_ERROR_USER_DISABLED', request_uuid: bet.request_uuid, reason }));
      }
      return resign(await (await fetch(input, init)).text());
    };
    return anotherStudio(server.studio, {
      fetch: fetchIt,
      walletPublicKeyPem: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
  }

  it('answers a bet the protection refused 403 with its reason and its sentence, and books nothing', async () => {
    const player = await fundedPlayer(500);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const played = await play(sessionToken, 10);
    expect(played.body).toMatchObject({ code: 200 });
    const refusing = await protectingWallet('lossLimit');
    const key = randomUUID();
    const refused = await refusing(
      '/studio/api/round/play',
      { stake: 10, roundKey: key },
      { session: sessionToken, lang: 'ja-JP' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, data: { reason: 'lossLimit' } });
    expect(refused.body.msg).toContain('損失上限に達しました');
    // The same key answers the same refusal, in the asker's language, whichever studio is asked.
    const repeated = await play(sessionToken, 10, key);
    expect(repeated.body).toMatchObject({
      code: 403,
      data: { reason: 'lossLimit' },
      msg: expect.stringContaining('loss limit'),
    });
    expect(await coinsOf(player)).toBe(500 - 10 + (played.body.data?.round.win ?? 0));
  });

  it('passes on the wallet’s own loss-limit refusal, with its reason', async () => {
    const player = await fundedPlayer(500);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const limited = await server.call(
      '/v2/app/protection/limit/set',
      { kind: 'loss', period: 'day', value: 1 },
      { token: player.token },
    );
    expect(limited.body, JSON.stringify(limited.body)).toMatchObject({ code: 200 });
    let refused = await play(sessionToken, 10);
    // Wins may keep the player within the limit for a while; every round played counts towards it.
    for (let round = 0; round < 20 && refused.body.code === 200; round += 1) refused = await play(sessionToken, 10);
    expect(refused.body).toMatchObject({ code: 403, data: { reason: 'lossLimit' } });
  });

  it('answers every reason with its own sentence, and a frozen account or an unknown reason as before', async () => {
    const player = await fundedPlayer(500);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const sentences = new Set<string>();
    for (const reason of protectionRefusals) {
      const refused = await (await protectingWallet(reason))(
        '/studio/api/round/play',
        { stake: 10, roundKey: randomUUID() },
        { session: sessionToken, lang: 'en-US' },
      );
      expect(refused.body).toMatchObject({ code: 403, data: { reason } });
      sentences.add(refused.body.msg);
    }
    expect(sentences.size).toBe(protectionRefusals.length);
    for (const reason of [undefined, 'holiday', 42]) {
      const refused = await (await protectingWallet(reason))(
        '/studio/api/round/play',
        { stake: 10, roundKey: randomUUID() },
        { session: sessionToken, lang: 'en-US' },
      );
      expect(refused.body).toMatchObject({ code: 403 });
      expect(refused.body).not.toHaveProperty('data');
    }
    expect(await coinsOf(player)).toBe(500);
  });
});

describe('a wallet that does not answer, or not truly', () => {
  it('refuses an answer the wallet did not sign: the bet is rolled back, and the recovery finishes it', async () => {
    const player = await fundedPlayer(500);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const forged = await anotherStudio(server.studio, {
      fetch: async (input, init) => faultyFetch('transaction/bet', 'tampered')(input, init),
    });
    const key = randomUUID();
    const answer = await play(sessionToken, 100, key, forged);
    // The bet was booked, but its answer is not the wallet's: rolled back at once.
    expect(answer.body).toMatchObject({ code: 200, data: { round: { status: 'rolledBack', win: 0 }, balance: 500 } });
    expect(await coinsOf(player)).toBe(500);
    const id = answer.body.data?.round.id ?? '';
    expect((await walletRows(id)).find((row) => row.kind === 'bet')?.rolledBackAt).not.toBeNull();

    // A studio that trusts a key other than the wallet's hears nothing it can use.
    const wrongKey = await anotherStudio(server.studio, {
      walletPublicKeyPem: (await import('node:crypto'))
        .generateKeyPairSync('rsa', { modulusLength: 2048 })
        .publicKey.export({ type: 'spki', format: 'pem' })
        .toString(),
    });
    const stuck = await play(sessionToken, 50, randomUUID(), wrongKey);
    expect(stuck.body).toMatchObject({ code: 503 });
    clock.advance(2 * 60_000);
    await recoverRounds(studioOf(server.studio));
    expect(await coinsOf(player)).toBe(500);
  });

  it('rolls back a bet whose answer was lost, and one never sent, giving the coins back', async () => {
    const player = await fundedPlayer(300);
    const { sessionToken } = await opened(player, 'fuji-rush');
    for (const fault of ['answerLost', 'unsent'] as const) {
      const faulty = await anotherStudio(server.studio, { fetch: faultyFetch('transaction/bet', fault) });
      const answer = await play(sessionToken, 100, randomUUID(), faulty);
      expect(answer.body).toMatchObject({ code: 200, data: { round: { status: 'rolledBack' }, balance: 300 } });
      expect(await coinsOf(player)).toBe(300);
    }
  });

  it('settles exactly once a round whose win was not answered (a crash between bet and win)', async () => {
    const player = await fundedPlayer(1000);
    const { sessionToken } = await opened(player, 'sakura-sevens');
    const crashed = await anotherStudio(server.studio, { fetch: faultyFetch('transaction/win', 'unsent') });
    const answer = await play(sessionToken, 100, randomUUID(), crashed);
    expect(answer.body).toMatchObject({ code: 200, data: { round: { status: 'open' }, balance: 900 } });
    const round = answer.body.data?.round as StudioRound;
    // Too recent for the recovery.
    expect(await recoverRounds(studioOf(server.studio))).toEqual([]);
    clock.advance(2 * 60_000);
    const recovered = await recoverRounds(studioOf(server.studio));
    expect(recovered.map((row) => [row.id, row.status])).toEqual([[round.id, 'settled']]);
    expect(await recoverRounds(studioOf(server.studio))).toEqual([]);
    expect(await coinsOf(player)).toBe(900 + round.win);
    expect((await walletRows(round.id)).map((row) => row.kind).sort()).toEqual(['bet', 'win']);
  });

  it('finishes the open round on reconnect: by resume, and when the game is opened again', async () => {
    const player = await fundedPlayer(1000);
    const first = await opened(player, 'sakura-sevens');
    const crashed = await anotherStudio(server.studio, { fetch: faultyFetch('transaction/win', 'unsent') });
    const key = randomUUID();
    const open1 = (await play(first.sessionToken, 200, key, crashed)).body.data?.round as StudioRound;
    expect(open1.status).toBe('open');
    const resumed = await studio<Played>(
      '/studio/api/round/resume',
      { roundKey: key },
      { session: first.sessionToken },
    );
    expect(resumed.body.data).toMatchObject({
      round: { id: open1.id, status: 'settled', win: open1.win },
      balance: 800 + open1.win,
    });
    const open2 = (await play(first.sessionToken, 20, randomUUID(), crashed)).body.data?.round as StudioRound;
    const reopened = await opened(player, 'sakura-sevens');
    expect(reopened.resumedRound).toMatchObject({ id: open2.id, status: 'settled' });
    expect(reopened.balance).toBe(800 + open1.win - 20 + open2.win);
    expect(await coinsOf(player)).toBe(reopened.balance);
    // A key the studio never saw: nothing was played.
    expect(
      (await studio('/studio/api/round/resume', { roundKey: randomUUID() }, { session: reopened.sessionToken })).body,
    ).toMatchObject({
      code: 200,
      data: { round: null },
    });
  });

  it('rolls back a round whose process died after sending its bet', async () => {
    const player = await fundedPlayer(400);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const dying = await anotherStudio(server.studio, {
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if (!url.endsWith('/transaction/bet')) return fetch(input, init);
        await fetch(input, init);
        // The process is gone before it hears the answer: nothing more happens here.
        return new Promise<Response>(() => undefined);
      },
    });
    void play(sessionToken, 100, randomUUID(), dying);
    await expect.poll(() => coinsOf(player)).toBe(300);
    const [cut] = await server.db
      .select()
      .from(rounds)
      .where(eq(rounds.player, `player-${player.userId}`));
    expect(cut?.status).toBe('betting');
    // Its lease still holds: neither a visit nor the recovery touches it yet.
    clock.advance(30_000);
    expect(await recoverRounds(studioOf(server.studio))).toEqual([]);
    clock.advance(2 * 60_000);
    const recovered = await recoverRounds(studioOf(server.studio));
    expect(recovered.map((row) => [row.id, row.status])).toEqual([[cut?.id, 'rolledBack']]);
    expect(await coinsOf(player)).toBe(400);
  });

  it('lets two processes recover at once without settling any round twice', async () => {
    // Rounds of earlier tests are finished: only this test's are left for the two.
    expect(await recoverRounds(studioOf(server.studio))).toEqual([]);
    const players = await Promise.all([fundedPlayer(1000), fundedPlayer(1000), fundedPlayer(1000)]);
    const crashed = await anotherStudio(server.studio, { fetch: faultyFetch('transaction/win', 'unsent') });
    const open: { player: TestPlayer; round: StudioRound }[] = [];
    for (const player of players) {
      const { sessionToken } = await opened(player, 'fuji-rush');
      for (let i = 0; i < 3; i++) {
        const round = (await play(sessionToken, 100, randomUUID(), crashed)).body.data?.round as StudioRound;
        open.push({ player, round });
      }
    }
    clock.advance(2 * 60_000);
    const second = await server.anotherDatabase();
    const { openStudioDatabase } = await import('../../studio/db/client');
    const otherDb = await openStudioDatabase(
      (second.db as unknown as { $client: Parameters<typeof openStudioDatabase>[0] }).$client,
    );
    try {
      const [mine, theirs] = await Promise.all([
        recoverRounds(studioOf(server.studio)),
        recoverRounds(studioOf({ ...server.studio, db: otherDb })),
      ]);
      expect([...mine, ...theirs].map((row) => row.id).sort()).toEqual(open.map((entry) => entry.round.id).sort());
    } finally {
      await second.close();
    }
    for (const player of players) {
      const won = open.filter((entry) => entry.player === player).reduce((sum, entry) => sum + entry.round.win, 0);
      expect(await coinsOf(player)).toBe(700 + won);
    }
    for (const { round } of open)
      expect((await walletRows(round.id)).map((row) => row.kind).sort()).toEqual(['bet', 'win']);
    const statuses = await server.db.select({ status: rounds.status }).from(rounds);
    expect(
      statuses.filter((row) => row.status !== 'settled' && row.status !== 'rolledBack' && row.status !== 'refused'),
    ).toEqual([]);
  });
});

describe('its database away', () => {
  it('answers 503 with Retry-After in the caller’s language, and logs it as a warning', async () => {
    const player = await fundedPlayer(500);
    const { sessionToken } = await opened(player, 'fuji-rush');
    const unreachable = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', max: 1 });
    const logged: string[] = [];
    const app = await createStudioApp({
      ...server.studio,
      db: drizzle(unreachable, { schema: studioTables }) as unknown as StudioDatabase,
      schedule: async () => undefined,
      logger: {
        warn: (_details, message) => logged.push(`warn: ${message}`),
        error: (_details, message) => logged.push(`error: ${message}`),
      },
    });
    try {
      for (const lang of ['ja-JP', 'vi-VN']) {
        const response = await app.request('/studio/api/round/play', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': lang, 'studio-session': sessionToken },
          body: JSON.stringify({ stake: 10, roundKey: randomUUID() }),
        });
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('2');
        const messages = JSON.parse(readFileSync(`locales/${lang}/studio.json`, 'utf8')) as {
          api: Record<string, string>;
        };
        expect(await response.json()).toEqual({ code: 503, msg: messages.api.databaseUnavailable });
      }
      expect(logged).toEqual(['warn: studio database unavailable', 'warn: studio database unavailable']);
    } finally {
      await unreachable.end();
    }
    expect(await coinsOf(player)).toBe(500);
  });
});

/**
 * What a player was shown and what they sent, in order. A round is fair only if the commitment of
 * its server seed was shown before its client seed was sent, and that client seed is one the
 * player sent: then the server seed existed, unchangeable, before the client seed was known.
 */
class FairnessTimeline {
  private step = 0;
  private readonly shownAt = new Map<string, number>();
  private readonly sentAt = new Map<string, number>();

  shown(fairness: StudioFairness | undefined) {
    if (!fairness) throw new Error('no fairness in the answer');
    for (const hash of [fairness.serverSeedHash, fairness.nextServerSeedHash])
      if (!this.shownAt.has(hash)) this.shownAt.set(hash, this.step++);
  }

  /** A new client seed of the player's, recorded as it is sent. */
  sent(): string {
    const clientSeed = randomUUID();
    this.sentAt.set(clientSeed, this.step++);
    return clientSeed;
  }

  /** What is wrong with a round drawn from this server seed commitment and client seed. */
  problemsOf(round: { id: string; serverSeedHash: string; clientSeed: string }): string[] {
    const sent = this.sentAt.get(round.clientSeed);
    if (sent === undefined) return [`round ${round.id}: client seed ${round.clientSeed} was never sent by the player`];
    const shown = this.shownAt.get(round.serverSeedHash);
    if (shown === undefined || shown > sent)
      return [
        `round ${round.id}: server seed ${round.serverSeedHash} was committed only after its client seed was sent`,
      ];
    return [];
  }
}

interface Proof {
  gameCode: string;
  round: StudioRound;
  clientSeed: string;
  serverSeedHash: string;
  serverSeed: string | null;
}

const proofOf = async (roundId: string) => {
  const answer = await studio<Proof>('/studio/api/round/proof', { roundId });
  if (!answer.body.data) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
};

describe('provable fairness', () => {
  it('never draws a round with a server seed created after the client seed it is used with', async () => {
    const player = await fundedPlayer(10_000);
    const timeline = new FairnessTimeline();
    const rounds: StudioRound[] = [];
    const playOn = async (session: string, count: number) => {
      for (let i = 0; i < count; i++) {
        const answer = await play(session, 20);
        expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
        rounds.push(answer.body.data?.round as StudioRound);
        timeline.shown(answer.body.data?.fairness);
      }
    };

    // A first visit: both seeds committed, and no client seed the server chose.
    const first = await open(player, 'sakura-sevens');
    let session = first.body.data?.sessionToken ?? '';
    timeline.shown(first.body.data?.fairness);
    expect(first.body.data?.fairness.clientSeed, 'a client seed made by the server').toBeNull();
    const committed = first.body.data?.fairness as StudioFairness;
    expect(committed.nextServerSeedHash).not.toBe(committed.serverSeedHash);
    const unseeded = await studio(
      '/studio/api/round/play',
      { stake: 20, roundKey: randomUUID() },
      {
        session,
        lang: 'ja-JP',
      },
    );
    expect(unseeded.body).toMatchObject({ code: 409, msg: '最初のラウンドの前にクライアントシードを設定してください' });
    expect(await coinsOf(player)).toBe(10_000);

    // A client seed keeps the committed server seed; the nonce goes on.
    const firstSeed = await setClientSeed(session, timeline.sent(), committed.serverSeedHash);
    expect(firstSeed.body.data?.fairness).toEqual({ ...committed, clientSeed: expect.any(String), nonce: 0 });
    timeline.shown(firstSeed.body.data?.fairness);
    await playOn(session, 2);
    const secondSeed = await setClientSeed(session, timeline.sent(), committed.serverSeedHash);
    expect(secondSeed.body.data?.fairness).toMatchObject({ serverSeedHash: committed.serverSeedHash, nonce: 2 });
    timeline.shown(secondSeed.body.data?.fairness);
    await playOn(session, 1);

    // A rotation reveals the seed, moves to the next one shown before, and commits a new next one.
    const rotated = await rotate(session, timeline.sent(), committed.nextServerSeedHash);
    expect(rotated.body.data?.revealed).toMatchObject({ serverSeedHash: committed.serverSeedHash, roundsPlayed: 3 });
    expect(serverSeedCommitment(rotated.body.data?.revealed.serverSeed ?? '')).toBe(committed.serverSeedHash);
    expect(rotated.body.data?.fairness).toMatchObject({ serverSeedHash: committed.nextServerSeedHash, nonce: 0 });
    timeline.shown(rotated.body.data?.fairness);
    await playOn(session, 2);

    // Another visit finds the same seeds; a seed named by a commitment that is no longer the one
    // meant (another window rotated) changes nothing.
    const again = await open(player, 'sakura-sevens');
    session = again.body.data?.sessionToken ?? '';
    const now = again.body.data?.fairness as StudioFairness;
    expect(now).toEqual({ ...(rotated.body.data?.fairness as StudioFairness), nonce: 2 });
    timeline.shown(now);
    const staleRotation = await rotate(session, timeline.sent(), committed.nextServerSeedHash, 'ja-JP');
    expect(staleRotation.body).toMatchObject({ code: 409 });
    expect(staleRotation.body.msg).toMatch(/別のウィンドウ/);
    const staleSeed = await setClientSeed(session, timeline.sent(), committed.serverSeedHash);
    expect(staleSeed.body).toMatchObject({ code: 409 });
    const unchanged = await open(player, 'sakura-sevens');
    expect(unchanged.body.data?.fairness).toEqual(now);
    session = unchanged.body.data?.sessionToken ?? '';

    // Two rotations at once to the same next seed: one moves, the other changes nothing.
    const [a, b] = await Promise.all([
      rotate(session, timeline.sent(), now.nextServerSeedHash),
      rotate(session, timeline.sent(), now.nextServerSeedHash),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([200, 409]);
    const moved = (a.body.code === 200 ? a : b).body.data as Rotated;
    expect(moved.revealed.roundsPlayed).toBe(2);
    timeline.shown(moved.fairness);
    await playOn(session, 2);
    // The last rotation reveals the seed of the last rounds too.
    const last = await rotate(session, timeline.sent(), moved.fairness.nextServerSeedHash);
    expect(last.body).toMatchObject({ code: 200 });

    const title = roundTitle('sakura-sevens');
    if (!title) throw new Error('no sakura-sevens');
    const problems: string[] = [];
    for (const round of rounds) {
      const proof = await proofOf(round.id);
      problems.push(...timeline.problemsOf({ id: round.id, ...proof }));
      if (!proof.serverSeed) throw new Error(`round ${round.id}: its server seed is not revealed`);
      expect(serverSeedCommitment(proof.serverSeed)).toBe(proof.serverSeedHash);
      const again = title.play({ serverSeed: proof.serverSeed, clientSeed: proof.clientSeed, nonce: round.nonce }, 20);
      expect(again).toEqual(round.outcome);
      expect(again.totalWin).toBe(round.win);
    }
    expect(problems).toEqual([]);
    expect(rounds.map((round) => round.nonce)).toEqual([0, 1, 2, 0, 1, 0, 1]);
  });

  it('keeps a round’s server seed secret until it is rotated, and refuses a client seed it cannot take', async () => {
    const player = await fundedPlayer(1000);
    const session = await opened(player, 'fuji-rush');
    const round = (await play(session.sessionToken, 10)).body.data?.round as StudioRound;
    expect(await proofOf(round.id)).toMatchObject({
      serverSeed: null,
      serverSeedHash: session.fairness.serverSeedHash,
      clientSeed: session.fairness.clientSeed,
    });
    expect((await studio('/studio/api/round/proof', { roundId: 'nope' })).body).toMatchObject({ code: 404 });
    for (const clientSeed of ['has space', '', 'x'.repeat(65)]) {
      const refused = await setClientSeed(session.sessionToken, clientSeed, session.fairness.serverSeedHash, 'ko-KR');
      expect(refused.body).toMatchObject({ code: 400, fields: { clientSeed: expect.any(String) } });
    }
    const unnamed = await studio(
      '/studio/api/fairness/rotate',
      { clientSeed: 'lucky-7' },
      { session: session.sessionToken },
    );
    expect(unnamed.body).toMatchObject({ code: 400, fields: { nextServerSeedHash: expect.any(String) } });
    expect((await open(player, 'fuji-rush')).body.data?.fairness).toEqual({ ...session.fairness, nonce: 1 });
  });
});

describe('every past round becomes checkable', () => {
  const leave = (session: string) =>
    studio<{ revealed: Rotated['revealed'] | null }>('/studio/api/session/leave', {}, { session });

  /** Each round's proof names a revealed seed of its commitment, and the title replays the stored outcome from it. */
  async function expectCheckable(gameCode: string, played: StudioRound[]) {
    const title = roundTitle(gameCode);
    if (!title) throw new Error(`no ${gameCode}`);
    for (const round of played) {
      const proof = await proofOf(round.id);
      expect(proof.serverSeed, `round ${round.nonce} revealed`).not.toBeNull();
      expect(serverSeedCommitment(proof.serverSeed ?? '')).toBe(proof.serverSeedHash);
      const seeds = { serverSeed: proof.serverSeed ?? '', clientSeed: proof.clientSeed, nonce: round.nonce };
      expect(title.play(seeds, round.stake)).toEqual(round.outcome);
    }
  }

  async function playSome(session: Opened, count: number): Promise<StudioRound[]> {
    const played: StudioRound[] = [];
    for (let index = 0; index < count; index++) {
      const answer = await play(session.sessionToken, session.game.stakes[0] ?? 0);
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
      played.push(answer.body.data?.round as StudioRound);
    }
    return played;
  }

  it('reveals the seed when the player leaves the machine: the session ends, the next visit draws anew', async () => {
    const player = await fundedPlayer(5000);
    const session = await opened(player, 'sakura-sevens');
    const played = await playSome(session, 3);
    expect((await proofOf(played[0]?.id ?? '')).serverSeed).toBeNull();
    const left = await leave(session.sessionToken);
    expect(left.body, JSON.stringify(left.body)).toMatchObject({
      code: 200,
      data: { revealed: { serverSeedHash: session.fairness.serverSeedHash, roundsPlayed: 3 } },
    });
    await expectCheckable('sakura-sevens', played);
    // The session left plays no more; the next visit draws on the seed committed as next, once the page chose its client seed.
    expect((await play(session.sessionToken, 20)).body).toMatchObject({ code: 402 });
    expect((await leave(session.sessionToken)).body).toMatchObject({ code: 402 });
    const next = await open(player, 'sakura-sevens');
    expect(next.body.data?.fairness).toMatchObject({
      serverSeedHash: session.fairness.nextServerSeedHash,
      clientSeed: null,
      nonce: 0,
    });
    // Leaving before any round reveals nothing: a seed that drew nothing stays committed.
    const untouched = await withClientSeed(next.body.data as Opened);
    expect((await leave(untouched.sessionToken)).body).toMatchObject({ code: 200, data: { revealed: null } });
  });

  it('reveals it too when the session runs out, but not while another session plays on with it', async () => {
    const player = await fundedPlayer(5000);
    const first = await opened(player, 'fuji-rush');
    const played = await playSome(first, 2);
    // Opened again from the hall: the first session still runs, so leaving this one keeps the seed.
    const second = await opened(player, 'fuji-rush');
    played.push(...(await playSome(second, 1)));
    expect((await leave(second.sessionToken)).body).toMatchObject({ code: 200, data: { revealed: null } });
    expect((await proofOf(played[2]?.id ?? '')).serverSeed).toBeNull();
    // Past the first session's time, the housekeeping retires the seed (the scheduled job may be first).
    clock.advance(31 * 60_000);
    await retireLeftSeeds(studioOf(server.studio));
    await expectCheckable('fuji-rush', played);
    // Once retired, the housekeeping leaves the new seeds alone.
    await retireLeftSeeds(studioOf(server.studio));
    const again = await open(player, 'fuji-rush');
    expect(again.body.data?.fairness).toMatchObject({ serverSeedHash: first.fairness.nextServerSeedHash, nonce: 0 });
  });
});
