import { randomBytes } from 'node:crypto';
import { type OverviewFigures, overviewDays, overviewPeriodDays } from '@contract/admin-overview';
import { recordDayOf } from '@contract/endpoint';
import { businessOverview } from '@server/modules/admin/overview';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestServer, type TestServer } from '../api/harness';
import { queryRows } from '../support/ledger-invariants';
import {
  openAdjustments,
  openPlayerCoins,
  type PlayerCoinKind,
  playerCoinKinds,
  postPlayerTransfer,
} from '../support/ledger-writes';

// Docs: docs/requirements.md §20 (the overview's figures come from the ledger).

/**
 * The desk's overview never disagrees with the ledger: for any players registered and any
 * transfers of every kind the overview counts (and of kinds it does not) on the players' coin
 * accounts, at instants around Japanese midnights over the 60 days it reads, each day's figures and
 * each period's, against the span before it, equal those summed here from the writes themselves.
 */

/** 14:00 in Japan on 2026-03-31: "today" of every run. */
const now = Date.parse('2026-03-31T05:00:00Z');
const dayMs = 24 * 60 * 60 * 1000;

const kinds = playerCoinKinds;
type Kind = PlayerCoinKind;

/** An instant of the 62 days before now: anywhere, or a few minutes either side of a Japanese midnight. */
const instant = fc
  .oneof(
    fc.integer({ min: 0, max: 62 * 24 * 60 * 60 }).map((seconds) => now - seconds * 1000),
    fc
      .record({ daysBack: fc.integer({ min: 1, max: 61 }), seconds: fc.integer({ min: -120, max: 120 }) })
      // Midnight in Japan is 15:00 UTC the day before.
      .map(({ daysBack, seconds }) => Date.parse('2026-03-30T15:00:00Z') - (daysBack - 1) * dayMs + seconds * 1000),
  )
  .map((ms) => new Date(Math.min(ms, now)));

const write = fc.oneof(
  fc.record({ op: fc.constant('register' as const), at: instant, operator: fc.boolean() }),
  fc.record({
    op: fc.constant('transfer' as const),
    player: fc.nat(),
    kind: fc.constantFrom(...(Object.keys(kinds) as Kind[])),
    amount: fc.integer({ min: 1, max: 100_000 }),
    at: instant,
  }),
);

const figureOf: Partial<Record<Kind, keyof OverviewFigures>> = {
  deposit: 'deposits',
  depositRefund: 'deposits',
  withdrawal: 'withdrawals',
  withdrawalRefund: 'withdrawals',
  gameBet: 'grossGamingRevenue',
  gameWin: 'grossGamingRevenue',
  gameRollback: 'grossGamingRevenue',
  promotion: 'bonuses',
  rebate: 'bonuses',
};

/** What the writes so far add up to, kept across runs as the database keeps them. */
const model = {
  players: [] as number[],
  money: new Map<string, OverviewFigures>(),
  registrations: new Map<string, number>(),
  firstDeposit: new Map<number, Date>(),
  bets: [] as { userId: number; at: Date }[],
};

const empty = (): OverviewFigures => ({
  deposits: 0,
  withdrawals: 0,
  grossGamingRevenue: 0,
  bonuses: 0,
  netRevenue: 0,
  registrations: 0,
  firstDeposits: 0,
  activePlayers: 0,
});

/** The figures of the Japan-time days [first, last] as this test counts them from the writes. */
function expectedOver(days: string[]): OverviewFigures {
  const inSpan = new Set(days);
  const total = empty();
  for (const day of days) {
    const money = model.money.get(day);
    if (money)
      for (const key of ['deposits', 'withdrawals', 'grossGamingRevenue', 'bonuses'] as const) total[key] += money[key];
    total.registrations += model.registrations.get(day) ?? 0;
  }
  total.netRevenue = total.grossGamingRevenue - total.bonuses;
  total.firstDeposits = [...model.firstDeposit.values()].filter((at) => inSpan.has(recordDayOf(at))).length;
  total.activePlayers = new Set(
    model.bets.filter((bet) => inSpan.has(recordDayOf(bet.at))).map((bet) => bet.userId),
  ).size;
  return total;
}

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * dayMs).toISOString().slice(0, 10);
const daysEnding = (last: string, count: number) =>
  Array.from({ length: count }, (_, index) => dayBefore(last, count - 1 - index));

let server: TestServer;
const clock = createTestClock(new Date(now));

beforeAll(async () => {
  server = await createTestServer({ clock });
  await openAdjustments(server.db);
});

afterAll(async () => {
  await server?.close();
});

describe('the desk overview', () => {
  it('always equals the ledger and the registrations, day by day and period by period', async () => {
    const today = recordDayOf(new Date(now));
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 25 }), async (writes) => {
        const nonce = randomBytes(4).toString('hex');
        let serial = 0;
        for (const step of writes) {
          serial += 1;
          if (step.op === 'register' || model.players.length === 0) {
            const at = step.op === 'register' ? step.at : new Date(now - dayMs * 70);
            const role = step.op === 'register' && step.operator ? 'operator' : 'player';
            const [user] = await queryRows<{ id: number }>(
              server.db,
              sql`insert into users (username, role, registered_at) values (${`o${nonce}${serial}`}, ${role}, ${at.toISOString()}) returning id`,
            );
            const userId = Number(user?.id);
            if (role === 'player') {
              await openPlayerCoins(server.db, userId);
              // Coins to spend, given long before the days the overview reads (an adjustment it does not count).
              await postPlayerTransfer(server.db, {
                userId,
                kind: 'adjustment',
                amount: 1_000_000_000,
                at: new Date(now - 70 * dayMs),
              });
              model.players.push(userId);
              const day = recordDayOf(at);
              model.registrations.set(day, (model.registrations.get(day) ?? 0) + 1);
            }
            if (step.op === 'register') continue;
          }
          if (step.op !== 'transfer') continue;
          const userId = model.players[step.player % model.players.length] as number;
          const credited = kinds[step.kind] > 0;
          await postPlayerTransfer(server.db, { userId, kind: step.kind, amount: step.amount, at: step.at });
          const figure = figureOf[step.kind];
          if (figure) {
            const day = recordDayOf(step.at);
            const money = model.money.get(day) ?? empty();
            // The player's entry, as the house sees it: a bet or a withdrawal the player pays is the house's revenue or payout.
            const entry = credited ? step.amount : -step.amount;
            money[figure] += figure === 'withdrawals' || figure === 'grossGamingRevenue' ? -entry : entry;
            model.money.set(day, money);
          }
          if (step.kind === 'deposit') {
            const first = model.firstDeposit.get(userId);
            if (!first || step.at < first) model.firstDeposit.set(userId, step.at);
          }
          if (step.kind === 'gameBet') model.bets.push({ userId, at: step.at });
        }

        const overview = await businessOverview({ db: server.db, clock });
        expect(overview.today).toBe(today);
        expect(overview.days.map((day) => day.day)).toEqual(daysEnding(today, overviewDays));
        for (const day of overview.days) {
          const { day: date, ...figures } = day;
          expect(figures, date).toEqual(expectedOver([date]));
        }
        for (const { period, current, previous } of overview.periods) {
          const length = overviewPeriodDays[period];
          expect(current, period).toEqual(expectedOver(daysEnding(today, length)));
          expect(previous, `${period} before`).toEqual(expectedOver(daysEnding(dayBefore(today, length), length)));
        }
      }),
      { numRuns: 25 },
    );
  });
});
