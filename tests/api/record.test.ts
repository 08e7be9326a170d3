import type { BalanceMovement, GameRecord, GameRecordTotals } from '@contract/record';
import { gameRecords } from '@server/db/schema/record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaTexts } from '../support/accounts';
import { fundPlayer, manyPlayersLimits, newPlayer, type TestPlayer } from '../support/players';
import { type SmtpTestServer, startSmtpTestServer } from '../support/smtp-test-server';
import { createTestServer, type TestServer } from './harness';

let smtp: SmtpTestServer;
let server: TestServer;
let player: TestPlayer;
let other: TestPlayer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
  });
  player = await newPlayer(server, smtp);
  other = await newPlayer(server, smtp);
  // Rounds as the game hall reports them (there is no player call that writes them).
  await server.db.insert(gameRecords).values([
    {
      userId: player.userId,
      gameName: 'Lucky 7',
      machineId: 'M-001',
      betAmount: 100,
      winAmount: 0,
      playedAt: new Date('2026-03-01T00:30:00+09:00'),
    },
    {
      userId: player.userId,
      gameName: 'Lucky 7',
      machineId: 'M-001',
      betAmount: 200,
      winAmount: 500,
      playedAt: new Date('2026-03-01T23:59:00+09:00'),
    },
    {
      userId: player.userId,
      gameName: 'Dragon Gate',
      machineId: 'M-042',
      betAmount: 300,
      winAmount: 100,
      playedAt: new Date('2026-03-02T00:00:00+09:00'),
    },
    {
      userId: player.userId,
      gameName: 'Dragon Gate',
      machineId: 'M-042',
      betAmount: 50,
      winAmount: 0,
      playedAt: new Date('2026-02-28T23:59:59+09:00'),
    },
    {
      userId: other.userId,
      gameName: 'Lucky 7',
      machineId: 'M-002',
      betAmount: 999,
      winAmount: 0,
      playedAt: new Date('2026-03-01T12:00:00+09:00'),
    },
  ]);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const records = (who: TestPlayer, body: Record<string, unknown> = {}) =>
  server.call<{ list: GameRecord[]; total: number }>('/v2/app/record/game/record/query', body, { token: who.token });
const totals = (who: TestPlayer, body: Record<string, unknown> = {}) =>
  server.call<GameRecordTotals>('/v2/app/record/game/record/count', body, { token: who.token });

describe('game records', () => {
  it('lists the player’s own rounds newest first with profit/loss, and pages them', async () => {
    const all = await records(player);
    expect(all.body.data?.total).toBe(4);
    expect(
      all.body.data?.list.map((round) => [round.gameName, round.betAmount, round.winAmount, round.profitLoss]),
    ).toEqual([
      ['Dragon Gate', 300, 100, -200],
      ['Lucky 7', 200, 500, 300],
      ['Lucky 7', 100, 0, -100],
      ['Dragon Gate', 50, 0, -50],
    ]);
    const page = await records(player, { pageNum: 2, pageSize: 3 });
    expect(page.body.data?.list.map((round) => round.betAmount)).toEqual([50]);
    expect(page.body.data?.total).toBe(4);
    // A page far beyond the data is empty; a page number whose offset PostgreSQL cannot take is refused.
    expect((await records(player, { pageNum: 1_000_000, pageSize: 100 })).body.data?.list).toEqual([]);
    expect((await records(player, { pageNum: Number('9223372036854775807'), pageSize: 1 })).status).toBe(400);
  });

  it('filters by game and by calendar days in Japan time, with matching totals', async () => {
    const day = { period: { from: '2026-03-01', to: '2026-03-01' } };
    expect((await records(player, day)).body.data?.list.map((round) => round.betAmount)).toEqual([200, 100]);
    expect((await totals(player, day)).body.data).toEqual({
      recordCount: 2,
      totalBet: 300,
      totalWin: 500,
      totalProfitLoss: 200,
    });
    expect((await records(player, { gameName: 'Dragon Gate' })).body.data?.total).toBe(2);
    expect(
      (await totals(player, { gameName: 'Dragon Gate', period: { from: '2026-03-02', to: '2026-03-31' } })).body.data,
    ).toEqual({
      recordCount: 1,
      totalBet: 300,
      totalWin: 100,
      totalProfitLoss: -200,
    });
    expect((await totals(player)).body.data).toEqual({
      recordCount: 4,
      totalBet: 650,
      totalWin: 600,
      totalProfitLoss: -50,
    });
  });

  it('answers real empty results for a player without rounds in the period', async () => {
    expect((await records(player, { period: { from: '2025-01-01', to: '2025-01-31' } })).body.data).toEqual({
      list: [],
      total: 0,
    });
    expect((await totals(player, { gameName: 'Nothing' })).body.data).toEqual({
      recordCount: 0,
      totalBet: 0,
      totalWin: 0,
      totalProfitLoss: 0,
    });
    const newcomer = await newPlayer(server, smtp);
    expect((await records(newcomer)).body.data).toEqual({ list: [], total: 0 });
  });

  it('keeps each player to their own rounds', async () => {
    const theirs = await records(other);
    expect(theirs.body.data?.list.map((round) => round.betAmount)).toEqual([999]);
  });

  it('refuses a period longer than 90 days or ending before it starts', async () => {
    const tooLong = await records(player, { period: { from: '2026-01-01', to: '2026-04-01' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ 'period.to': 'end date is not valid' });
    const backwards = await totals(player, { period: { from: '2026-03-02', to: '2026-03-01' } });
    expect(backwards.status).toBe(400);
    const japanese = await server.call(
      '/v2/app/record/game/record/query',
      { period: { from: '2026-03-02', to: '2026-03-01' } },
      {
        token: player.token,
        lang: 'ja-JP',
      },
    );
    expect(japanese.body.fields).toEqual({ 'period.to': '終了日の形式が正しくありません' });
    // Exactly 90 days is allowed.
    expect((await records(player, { period: { from: '2026-01-01', to: '2026-03-31' } })).status).toBe(200);
  });
});

describe('balance movements', () => {
  it('lists ledger movements newest first with the balance after each, filtered by kind, with totals', async () => {
    const holder = await newPlayer(server, smtp);
    await fundPlayer(server, holder, 1_000);
    await fundPlayer(server, holder, 2_500);
    const response = await server.call<{ list: BalanceMovement[]; total: number; credited: number; debited: number }>(
      '/v2/app/record/balance/query',
      { pageSize: 1 },
      { token: holder.token },
    );
    expect(response.body.data).toMatchObject({
      total: 2,
      credited: 3_500,
      debited: 0,
      list: [{ kind: 'deposit', amount: 2_500, balanceAfter: 3_500 }],
    });
    const none = await server.call<{ total: number }>(
      '/v2/app/record/balance/query',
      { kind: 'withdrawal' },
      { token: holder.token },
    );
    expect(none.body.data?.total).toBe(0);
    const elsewhere = await server.call<{ total: number }>('/v2/app/record/balance/query', {}, { token: other.token });
    expect(elsewhere.body.data).toEqual({ list: [], total: 0, credited: 0, debited: 0 });
    const badKind = await server.call('/v2/app/record/balance/query', { kind: 'DROP TABLE' }, { token: holder.token });
    expect(badKind.status).toBe(400);
  });
});
