import { randomUUID } from 'node:crypto';
import type { LeverResult, PachislotState } from '@games/engine/pachislot';
import { alignedRole, stopsFor } from '@games/engine/pachislot-reels';
import { DrawStream } from '@games/provably-fair';
import { luckyLampTitle } from '@games/titles/lucky-lamp';
import { walletTransactions } from '@server/db/schema/hall';
import { balanceOf } from '@server/modules/ledger/accounts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pachislotGames, pachislotMachines, seeds } from '../../studio/db/schema';
import { autoStopAfterMs, gameView, leverGame, pressStop, recoverPachislotGames } from '../../studio/pachislot-games';
import type { PachislotGameRow } from '../../studio/pachislot-wallet';
import { sessionOf } from '../../studio/sessions';
import { type Studio, StudioError, studioOf } from '../../studio/studio-deps';
import { createCaptchaTexts } from '../support/accounts';
import { ledgerViolations } from '../support/ledger-invariants';
import { fundPlayer, manyPlayersLimits, newPlayer, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { launchStudioGame, type StudioCaller, studioOver } from '../support/studio-client';
import { createTestClock, createTestServer, type TestServer } from './harness';

// Docs: docs/architecture.md §12 "Game studio"; contract/studio-pachislot.ts.
const clock = createTestClock(new Date('2026-05-01T10:00:00Z'));
let smtp: SmtpTestServer;
let server: TestServer;
let studio: StudioCaller;
const gameCode = luckyLampTitle.code;
const title = luckyLampTitle;
const { strips } = luckyLampTitle.machine;
const titleOf = (code: string) => (code === gameCode ? title : undefined);

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

const services = (): Studio => studioOf(server.studio);

interface Seated {
  token: string;
  player: TestPlayer;
}

/** A funded player at a machine (Lucky Lamp's unless told), its page's client seed set. */
async function seated(coins: number, code = gameCode): Promise<Seated> {
  const who = await newPlayer(server, smtp);
  await fundPlayer(server, who, coins);
  const launchToken = await launchStudioGame(server, who, code);
  const opened = await studio<{
    sessionToken: string;
    fairness: { serverSeedHash: string; clientSeed: string | null };
  }>('/studio/api/session/open', { launchToken });
  const { sessionToken, fairness } = opened.body.data ?? { sessionToken: '', fairness: null };
  if (fairness?.clientSeed === null)
    await studio(
      '/studio/api/fairness/client-seed',
      { clientSeed: `page-${randomUUID()}`, serverSeedHash: fairness.serverSeedHash },
      { session: sessionToken },
    );
  return { token: sessionToken, player: who };
}

const sessionFor = (seat: Seated) => sessionOf(services(), seat.token);
const lever = async (seat: Seated, key = randomUUID(), via = services()) =>
  leverGame(via, await sessionFor(seat), title, key);
const stop = async (seat: Seated, gameId: string, reel: number, pressFrame: number) =>
  pressStop(services(), await sessionFor(seat), title, { gameId, reel, pressFrame });

async function coinsOf(player: TestPlayer): Promise<number> {
  return Number((await balanceOf(server.db, player.userId, 'COIN')).available);
}

async function walletRows(roundId: string) {
  const rows = await server.db
    .select({
      kind: walletTransactions.kind,
      amount: walletTransactions.amount,
      rolledBackAt: walletTransactions.rolledBackAt,
    })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.providerId, 'studio'), eq(walletTransactions.round, roundId)));
  return rows.map((row) => `${row.kind}:${row.amount}${row.rolledBackAt ? ':rolledBack' : ''}`).sort();
}

async function machineState(machine: number): Promise<{ state: unknown; games: number } | undefined> {
  const [row] = await services()
    .db.select({ state: pachislotMachines.state, games: pachislotMachines.games })
    .from(pachislotMachines)
    .where(and(eq(pachislotMachines.gameCode, gameCode), eq(pachislotMachines.machine, machine)));
  return row;
}

/**
 * The game recomputed apart from the studio: the lottery from the seed at its nonce with the state
 * before it, each reel's stop from its press, the pay and the next state from the stops.
 */
async function recomputed(game: PachislotGameRow, presses: readonly number[]) {
  const [seed] = await services().db.select().from(seeds).where(eq(seeds.id, game.seedId));
  if (!seed) throw new Error('no seed');
  const stream = new DrawStream({ serverSeed: seed.serverSeed, clientSeed: game.clientSeed, nonce: game.nonce });
  const lottery = luckyLampTitle.lever(game.stateBefore as PachislotState, 1, stream);
  const stops = stopsFor(strips, lottery.granted, presses);
  const { state, outcome } = luckyLampTitle.settle(lottery, stops);
  return { lottery, stops, pay: outcome.totalWin, state, outcome };
}

/** Press frames, reel 1 first, whose stops align `role` (null: align nothing) for the lever's granted roles. */
function pressesAligning(lottery: LeverResult, role: string | null): number[] | undefined {
  for (let index = 0; index < 21 ** 3; index++) {
    const presses = [Math.floor(index / 441), Math.floor(index / 21) % 21, index % 21];
    if (alignedRole(strips, stopsFor(strips, lottery.granted, presses)) === role) return presses;
  }
  return undefined;
}

async function pressAll(seat: Seated, game: PachislotGameRow, presses: readonly number[]) {
  let current = game;
  for (const [reel, press] of presses.entries()) current = await stop(seat, game.id, reel, press);
  return current;
}

describe('a pachislot game press by press', () => {
  it('levers, stops three reels and settles: the win is booked and the machine moves on', async () => {
    const seat = await seated(300);
    const levered = await lever(seat);
    expect(levered).toMatchObject({ status: 'playing', stake: 3, balance: 297, stops: [null, null, null] });
    const view = gameView(levered, title);
    // The flag stays on the server: the page sees neither the lottery nor the 設定.
    expect(JSON.stringify(view)).not.toMatch(/lottery|flag|setting|held|granted|draw/);
    expect(view).toMatchObject({ status: 'playing', win: 0, outcome: null, notice: { mode: 'normal' } });
    const presses = [5, 11, 17];
    const first = await stop(seat, levered.id, 0, presses[0] ?? 0);
    expect(first.status).toBe('playing');
    expect(gameView(first, title).outcome).toBeNull();
    // Reels stop left to right, as the machine's reel control reads them.
    await expect(stop(seat, levered.id, 2, presses[2] ?? 0)).rejects.toMatchObject({
      status: 409,
      messageKey: 'pachislot.reelOrder',
    });
    await stop(seat, levered.id, 1, presses[1] ?? 0);
    const settled = await stop(seat, levered.id, 2, presses[2] ?? 0);
    const expected = await recomputed(levered, presses);
    expect(settled).toMatchObject({ status: 'settled', win: expected.pay, balance: 297 + expected.pay });
    expect(gameView(settled, title).stops).toEqual(
      presses.map((pressFrame, reel) => ({ pressFrame, stop: expected.stops[reel] })),
    );
    expect(gameView(settled, title).outcome).toEqual(expected.outcome);
    for (const [reel, press] of presses.entries()) {
      const slip = ((expected.stops[reel] ?? 0) - press + 21) % 21;
      expect(slip).toBeLessThanOrEqual(4);
    }
    expect(await coinsOf(seat.player)).toBe(297 + expected.pay);
    expect(await walletRows(levered.id)).toEqual([`bet:3`, `win:${expected.pay}`].sort());
    expect(await machineState(levered.machine)).toEqual({ state: expected.state, games: expect.any(Number) });
  });

  it('plays a run of games exactly: coins, wallet rows and the machine state chain game to game', async () => {
    const seat = await seated(200);
    let coins = 200;
    let state: unknown;
    for (let index = 0; index < 12; index++) {
      const levered = await lever(seat);
      if (state !== undefined) expect(levered.stateBefore).toEqual(state);
      const presses = [(index * 3) % 21, (index * 7) % 21, (index * 5 + 2) % 21];
      const game = await pressAll(seat, levered, presses);
      const expected = await recomputed(levered, presses);
      coins += expected.pay - 3;
      expect(game).toMatchObject({ status: 'settled', win: expected.pay, balance: coins });
      expect(await walletRows(game.id)).toEqual([`bet:3`, `win:${expected.pay}`].sort());
      state = expected.state;
      expect((await machineState(game.machine))?.state).toEqual(state);
    }
    expect(await coinsOf(seat.player)).toBe(coins);
  });

  it('answers a repeated lever key and a repeated press with the same game and stop', async () => {
    const seat = await seated(100);
    const key = randomUUID();
    const levered = await lever(seat, key);
    const again = await lever(seat, key);
    expect(again.id).toBe(levered.id);
    const pressed = await stop(seat, levered.id, 0, 3);
    // The same reel pressed again, at another frame, answers the stop it has.
    const repeated = await stop(seat, levered.id, 0, 9);
    expect((repeated.stops as unknown[])[0]).toEqual((pressed.stops as unknown[])[0]);
    const [a, b] = await Promise.all([stop(seat, levered.id, 1, 4), stop(seat, levered.id, 1, 12)]);
    expect((a.stops as unknown[])[1]).toEqual((b.stops as unknown[])[1]);
    const settled = await stop(seat, levered.id, 2, 0);
    expect(settled.status).toBe('settled');
    expect(await stop(seat, levered.id, 2, 7)).toMatchObject({ status: 'settled', win: settled.win });
    expect(await walletRows(levered.id)).toEqual([`bet:3`, `win:${settled.win}`].sort());
    expect(await coinsOf(seat.player)).toBe(97 + settled.win);
  });

  it('lets one lever of two at once play a machine; the other is refused and books nothing', async () => {
    const seat = await seated(100);
    // A second window on the same machine.
    const other = seat;
    const answers = await Promise.allSettled([lever(seat), lever(other)]);
    const played = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    const refused = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason] : []));
    expect(played).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(StudioError);
    expect(refused[0]).toMatchObject({ status: 409, messageKey: 'pachislot.machineBusy' });
    expect(await coinsOf(seat.player)).toBe(97);
    // Only once its game has settled does the machine take another lever.
    const game = played[0] as PachislotGameRow;
    await expect(lever(other)).rejects.toMatchObject({ status: 409 });
    await pressAll(seat, game, [0, 0, 0]);
    const next = await lever(other);
    expect(next.nonce).toBe(game.nonce + 1);
  });

  it('stops a game left unfinished after the stated time, by the machine, and pays it', async () => {
    const seat = await seated(100);
    const levered = await lever(seat);
    const first = await stop(seat, levered.id, 0, 8);
    expect(await recoverPachislotGames(services(), titleOf)).toEqual([]);
    clock.advance(autoStopAfterMs + 1_000);
    const recovered = await recoverPachislotGames(services(), titleOf);
    expect(recovered.map((game) => game.id)).toContain(levered.id);
    const game = recovered.find((row) => row.id === levered.id) as PachislotGameRow;
    // The reels left were pressed at the title's own frames for them.
    const stop0 = (first.stops as { stop: number }[])[0]?.stop ?? 0;
    const auto = luckyLampTitle.autoStops(levered.lottery as LeverResult, [stop0]);
    expect(auto).toHaveLength(2);
    const expected = await recomputed(levered, [8, ...auto]);
    expect(game).toMatchObject({ status: 'settled', autoStopped: true, win: expected.pay });
    expect(gameView(game, title).autoStopped).toBe(true);
    expect(await coinsOf(seat.player)).toBe(97 + expected.pay);
    expect(await walletRows(levered.id)).toEqual([`bet:3`, `win:${expected.pay}`].sort());
    expect((await machineState(levered.machine))?.state).toEqual(expected.state);
    // A press arriving after the machine stopped the game answers what the machine did.
    expect(await stop(seat, levered.id, 0, 14)).toMatchObject({ status: 'settled', autoStopped: true });
    expect(await recoverPachislotGames(services(), titleOf)).toEqual([]);
  });

  it('books nothing when the wallet refuses the lever, yet takes the nonce', async () => {
    const seat = await seated(2);
    const session = await sessionFor(seat);
    const [before] = await services()
      .db.select({ nonce: seeds.nextNonce })
      .from(seeds)
      .where(and(eq(seeds.player, session.player), eq(seeds.gameCode, gameCode), eq(seeds.status, 'active')));
    const refused = await lever(seat);
    expect(refused).toMatchObject({ status: 'refused', refusal: 'notEnoughCoins', balance: 2 });
    expect(refused.nonce).toBe(before?.nonce);
    expect(await walletRows(refused.id)).toEqual([]);
    expect(await coinsOf(seat.player)).toBe(2);
    // The machine is free again, its state untouched; the next lever draws at the next nonce.
    const stateBefore = await machineState(refused.machine);
    await fundPlayer(server, seat.player, 10);
    const next = await lever(seat);
    expect(next).toMatchObject({ status: 'playing', nonce: (before?.nonce ?? 0) + 1 });
    expect((await machineState(refused.machine))?.state).toEqual(stateBefore?.state);
  });

  it('rolls back a lever whose answer was lost; the machine state does not move', async () => {
    const seat = await seated(50);
    const session = await sessionFor(seat);
    const lost = studioOf({
      ...server.studio,
      fetch: async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const response = await fetch(input, init);
        if (url.endsWith('/transaction/bet')) throw new TypeError('fetch failed: socket hang up');
        return response;
      },
    });
    const before = await machineState(session.machine);
    const game = await leverGame(lost, session, title, randomUUID());
    expect(game.status).toBe('rolledBack');
    expect(await walletRows(game.id)).toEqual(['bet:3:rolledBack', 'rollback:3']);
    expect(await coinsOf(seat.player)).toBe(50);
    expect(await machineState(session.machine)).toEqual(before ?? { state: title.initialState(), games: 0 });
    const [row] = await services().db.select().from(pachislotGames).where(eq(pachislotGames.id, game.id));
    expect(row?.stateAfter).toBeNull();
  });

  it('carries a held BIG from game to game until it is aligned, then plays the BIG', async () => {
    const seat = await seated(100);
    const session = await sessionFor(seat);
    // The machine holds a BIG, as after a game that drew it and did not align it.
    const held: PachislotState = { ...luckyLampTitle.initialState(), held: 'big' };
    await services()
      .db.insert(pachislotMachines)
      .values({ gameCode, machine: session.machine, state: held, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: [pachislotMachines.gameCode, pachislotMachines.machine], set: { state: held } });
    const missed = await lever(seat);
    const missLottery = missed.lottery as LeverResult;
    expect(missLottery.granted).toContain('big');
    // The lamp is lit at lever-on while a bonus is held.
    expect(gameView(missed, title).notice.lamp).toBe(true);
    const missPresses = pressesAligning(
      missLottery,
      missLottery.granted[0] === 'big' ? null : (missLottery.granted[0] ?? null),
    );
    const afterMiss = await pressAll(seat, missed, missPresses ?? [0, 0, 0]);
    const expectedMiss = await recomputed(missed, missPresses ?? [0, 0, 0]);
    expect(afterMiss.win).toBe(expectedMiss.pay);
    expect((await machineState(session.machine))?.state).toMatchObject({ mode: 'normal', held: 'big' });
    // A game whose small role the reel control pulls in first cannot align it: it stays held.
    let coins = 100 - 3 + expectedMiss.pay;
    let presses: number[] | undefined;
    let aligned = await lever(seat);
    for (let games = 0; games < 20; games++) {
      presses = pressesAligning(aligned.lottery as LeverResult, 'big');
      if (presses) break;
      coins += (await pressAll(seat, aligned, [0, 0, 0])).win - 3;
      expect((await machineState(session.machine))?.state).toMatchObject({ held: 'big' });
      aligned = await lever(seat);
    }
    const bigGame = await pressAll(seat, aligned, presses ?? []);
    expect(gameView(bigGame, title).outcome).toMatchObject({ aligned: 'big', bonusStarted: 'big' });
    const bigGames = luckyLampTitle.machine.bonusGames.big;
    expect((await machineState(session.machine))?.state).toMatchObject({
      mode: 'big',
      gamesLeft: bigGames,
      held: null,
    });
    expect(await coinsOf(seat.player)).toBe(coins - 3 + bigGame.win);
  });

  it('answers the machine call with the title’s RTP range and no open game', async () => {
    const seat = await seated(10);
    const answer = await studio('/studio/api/pachislot/machine', {}, { session: seat.token });
    const low = Math.min(...title.rtpBasisPointsBySetting);
    const high = Math.max(...title.rtpBasisPointsBySetting);
    expect(answer.body).toMatchObject({ code: 200, data: { game: null, busy: false, rtpRange: { low, high } } });
  });

  it('answers the pachislot calls only for a pachislot title', async () => {
    const seat = await seated(10, 'sakura-sevens');
    const answer = await studio('/studio/api/pachislot/lever', { gameKey: randomUUID() }, { session: seat.token });
    expect(answer.body).toMatchObject({ code: 422 });
    const refused = await studio(
      '/studio/api/pachislot/stop',
      { gameId: 'x', reel: 3, pressFrame: 21 },
      { session: seat.token },
    );
    expect(refused.body).toMatchObject({ code: 400, fields: { gameId: expect.any(String), reel: expect.any(String) } });
    expect(await coinsOf(seat.player)).toBe(10);
  });
});
