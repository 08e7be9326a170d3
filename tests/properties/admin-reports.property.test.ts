import { randomBytes } from 'node:crypto';
import { type ReportDimension, type ReportFigures, reportDimensions } from '@contract/admin-reports';
import { recordDayOf } from '@contract/endpoint';
import { createServerI18n } from '@server/i18n';
import { businessReport } from '@server/modules/admin/reports';
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

// Docs: docs/requirements.md §20 (the reports' figures come from the ledger).

/**
 * The desk's reports never disagree with the ledger: for any transfers of every kind on the players'
 * coin accounts (and of kinds the reports leave out), made by players with or without an agent,
 * naming a provider or not, at any instant, every report over any period has rows that add up to its
 * totals, and totals equal to those summed here from the writes. The day, provider and agent reports
 * are checked row by row too.
 */

const now = Date.parse('2026-03-31T05:00:00Z');
const dayMs = 24 * 60 * 60 * 1000;

const kinds = playerCoinKinds;
type Kind = PlayerCoinKind;

/** The report measure each kind adds to, with the sign the house sees it by. */
const measureOf: Partial<Record<Kind, { measure: keyof ReportFigures; sign: 1 | -1 }>> = {
  deposit: { measure: 'deposits', sign: 1 },
  depositRefund: { measure: 'deposits', sign: 1 },
  withdrawal: { measure: 'withdrawals', sign: -1 },
  withdrawalRefund: { measure: 'withdrawals', sign: -1 },
  gameBet: { measure: 'bets', sign: -1 },
  gameWin: { measure: 'wins', sign: 1 },
  gameRollback: { measure: 'rollbacks', sign: 1 },
  promotion: { measure: 'bonuses', sign: 1 },
  rebate: { measure: 'bonuses', sign: 1 },
};
const gameKinds = new Set<Kind>(['gameBet', 'gameWin', 'gameRollback']);
const paymentKinds = new Set<Kind>(['deposit', 'depositRefund', 'withdrawal', 'withdrawalRefund']);
const providers = ['acme', 'studio'] as const;

const instant = fc.integer({ min: 0, max: 20 * 24 * 60 * 60 }).map((seconds) => new Date(now - seconds * 1000));

const write = fc.oneof(
  fc.record({ op: fc.constant('player' as const), agent: fc.option(fc.nat(), { nil: null }) }),
  fc.record({
    op: fc.constant('transfer' as const),
    player: fc.nat(),
    kind: fc.constantFrom(...(Object.keys(kinds) as Kind[])),
    amount: fc.integer({ min: 1, max: 100_000 }),
    provider: fc.option(fc.constantFrom(...providers), { nil: null }),
    at: instant,
  }),
);

const period = fc
  .record({ back: fc.integer({ min: 0, max: 20 }), length: fc.integer({ min: 1, max: 21 }) })
  .map(({ back, length }) => {
    const to = recordDayOf(new Date(now - back * dayMs));
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - (length - 1) * dayMs).toISOString().slice(0, 10);
    return { from, to };
  });

interface Moved {
  userId: number;
  agentId: number | null;
  kind: Kind;
  amount: number;
  provider: string | null;
  at: Date;
}

/** Everything written so far, kept across runs as the database keeps it. */
const model = {
  players: [] as { userId: number; agentId: number | null }[],
  agents: [] as number[],
  moved: [] as Moved[],
};

const money = [
  'deposits',
  'withdrawals',
  'bets',
  'wins',
  'rollbacks',
  'grossGamingRevenue',
  'bonuses',
  'netRevenue',
] as const;

const empty = (): ReportFigures => ({
  deposits: 0,
  withdrawals: 0,
  bets: 0,
  wins: 0,
  rollbacks: 0,
  grossGamingRevenue: 0,
  bonuses: 0,
  netRevenue: 0,
  players: 0,
});

/** What the report of `dimension` reads: only the kinds it counts. */
function counted(dimension: ReportDimension, kind: Kind): boolean {
  if (!measureOf[kind]) return false;
  if (dimension === 'game' || dimension === 'provider') return gameKinds.has(kind);
  if (dimension === 'channel') return paymentKinds.has(kind);
  return true;
}

function figuresOf(moved: Moved[]): ReportFigures {
  const figures = empty();
  for (const move of moved) {
    const { measure, sign } = measureOf[move.kind] as { measure: keyof ReportFigures; sign: 1 | -1 };
    figures[measure] += sign * kinds[move.kind] * move.amount;
  }
  figures.grossGamingRevenue = figures.bets - figures.wins - figures.rollbacks;
  figures.netRevenue = figures.grossGamingRevenue - figures.bonuses;
  figures.players = new Set(moved.map((move) => move.userId)).size;
  return figures;
}

const keyOf: Partial<Record<ReportDimension, (move: Moved) => string>> = {
  day: (move) => recordDayOf(move.at),
  provider: (move) => move.provider ?? '',
  agent: (move) => (move.agentId === null ? '' : String(move.agentId)),
};

let server: TestServer;
const clock = createTestClock(new Date(now));
const request = {
  t: createServerI18n().translator('en-US'),
  locale: 'en-US' as const,
  clientAddress: '127.0.0.1',
  requestId: 'property',
};

beforeAll(async () => {
  server = await createTestServer({ clock });
  await openAdjustments(server.db);
});

afterAll(async () => {
  await server?.close();
});

describe('the desk reports', () => {
  it('always add up to the ledger, whichever way they are cut and over whichever period', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 25 }),
        fc.constantFrom(...reportDimensions),
        period,
        async (writes, dimension, asked) => {
          const nonce = randomBytes(4).toString('hex');
          let serial = 0;
          for (const step of writes) {
            serial += 1;
            if (step.op === 'player' || model.players.length === 0) {
              const agentId =
                step.op === 'player' && step.agent !== null && model.agents.length > 0
                  ? (model.agents[step.agent % model.agents.length] as number)
                  : null;
              const code = `R${nonce}${serial}`;
              const [user] = await queryRows<{ id: number }>(
                server.db,
                sql`insert into users (username, role, registered_at, is_agent, referral_code, agent_code)
                  values (${`r${nonce}${serial}`}, 'player', now(), true, ${code},
                    (select referral_code from users where id = ${agentId}))
                  returning id`,
              );
              const userId = Number(user?.id);
              await openPlayerCoins(server.db, userId);
              // Coins to spend, given long before the periods asked about (an adjustment no report counts).
              await postPlayerTransfer(server.db, {
                userId,
                kind: 'adjustment',
                amount: 1_000_000_000,
                at: new Date(now - 70 * dayMs),
              });
              model.players.push({ userId, agentId });
              model.agents.push(userId);
              if (step.op === 'player') continue;
            }
            if (step.op !== 'transfer') continue;
            const player = model.players[step.player % model.players.length] as {
              userId: number;
              agentId: number | null;
            };
            const metadata = step.provider ? { provider: step.provider, round: `r-${serial}` } : {};
            await postPlayerTransfer(server.db, {
              userId: player.userId,
              kind: step.kind,
              amount: step.amount,
              at: step.at,
              metadata,
            });
            model.moved.push({ ...player, kind: step.kind, amount: step.amount, provider: step.provider, at: step.at });
          }

          const report = await businessReport({ db: server.db, settings: { channels: [] } }, request, {
            dimension,
            period: asked,
          });
          const days = new Set<string>();
          for (
            let day = Date.parse(`${asked.from}T00:00:00Z`);
            day <= Date.parse(`${asked.to}T00:00:00Z`);
            day += dayMs
          )
            days.add(new Date(day).toISOString().slice(0, 10));
          const read = model.moved.filter((move) => counted(dimension, move.kind) && days.has(recordDayOf(move.at)));

          expect(report.totals).toEqual(figuresOf(read));
          for (const measure of money)
            expect(
              report.rows.reduce((sum, row) => sum + row[measure], 0),
              measure,
            ).toBe(report.totals[measure]);
          for (const row of report.rows) expect(row.players).toBeLessThanOrEqual(report.totals.players);
          const key = keyOf[dimension];
          if (key) {
            const expected = new Map<string, Moved[]>();
            for (const move of read) expected.set(key(move), [...(expected.get(key(move)) ?? []), move]);
            expect(new Map(report.rows.map(({ key: rowKey, label: _label, ...figures }) => [rowKey, figures]))).toEqual(
              new Map([...expected].map(([rowKey, moved]) => [rowKey, figuresOf(moved)])),
            );
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
