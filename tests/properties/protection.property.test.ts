import { randomUUID } from 'node:crypto';
import { depositOrders } from '@server/db/schema/deposit';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, type TestServer } from '../api/harness';
import { machinesOf, openGameSession, testProvider, type walletClient } from '../support/game-provider';
import { startGameTestServer } from '../support/game-test-server';
import { ledgerViolations } from '../support/ledger-invariants';
import { bindCard, completeProfile, fundPlayer, newPlayer, type TestPlayer, withKey } from '../support/players';

/**
 * Player protection's money property (docs/requirements.md §18): whatever limits a player set and
 * however their bets, wins and deposit orders come in at once, no accepted bet takes the day's
 * wagers or net loss past its limit at the moment it is booked, and the day's open and paid deposit
 * orders never pass the deposit limit. The wallet's bet checks under the player's protection row
 * lock in the same statement as the debit, and an order under the same lock in its transaction, so
 * on PostgreSQL (the test command's database) the requests really race on separate connections.
 * The ledger's own rules hold afterwards.
 */

const unit = 100;
const acme = testProvider('acme', unit);
// Noon in Japan: every request of a run falls in one day, week and month.
const clock = createTestClock(new Date('2026-06-10T03:00:00Z'));
let server: TestServer;
let wallet: ReturnType<typeof walletClient>;
let closeServer: () => Promise<void>;

beforeAll(async () => {
  ({ server, wallet, close: closeServer } = await startGameTestServer(acme, clock));
}, 60_000);
afterAll(() => closeServer());

const round = fc.record({ stake: fc.integer({ min: 1, max: 400 }), win: fc.integer({ min: 0, max: 600 }) });
const run = fc.record({
  lossLimit: fc.option(fc.integer({ min: 100, max: 2_000 }), { nil: null }),
  wagerLimit: fc.option(fc.integer({ min: 100, max: 3_000 }), { nil: null }),
  depositLimit: fc.integer({ min: 1_000, max: 8_000 }),
  rounds: fc.array(round, { minLength: 4, maxLength: 16 }),
  orders: fc.array(fc.integer({ min: 1_000, max: 4_000 }), { minLength: 1, maxLength: 5 }),
});

let machineCursor = 0;
async function seatedPlayer() {
  const player = await newPlayer(server);
  await fundPlayer(server, player, 100_000);
  await completeProfile(server, player);
  const cardId = (await bindCard(server, player)).id;
  const machines = await machinesOf(server, player, 'acme-slot');
  const machine = machines[machineCursor % machines.length];
  machineCursor += 1;
  await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
  const token = await openGameSession(server, wallet, player, machine?.id ?? 0);
  return { player, cardId, user: `player-${player.userId}`, token };
}
type Seated = Awaited<ReturnType<typeof seatedPlayer>>;

async function setLimit(player: TestPlayer, body: Record<string, unknown>) {
  const answer = await server.call('/v2/app/protection/limit/set', body, { token: player.token });
  expect(answer.body.code).toBe(200);
}

/** A bet, and its win once the bet is booked; a refused bet is player protection's (the balance covers every stake). */
async function playRound(who: Seated, stake: number, win: number): Promise<void> {
  const common = {
    user: who.user,
    token: who.token,
    round: `r-${randomUUID()}`,
    game_code: 'acme-slot',
    currency: 'COIN',
  };
  const betUuid = randomUUID();
  const bet = await wallet.call('transaction/bet', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: betUuid,
    amount: stake * unit,
    is_free: false,
    round_closed: false,
  });
  if (bet.status !== 'RS_OK') {
    expect(bet.status).toBe('RS_ERROR_USER_DISABLED');
    return;
  }
  const paid = await wallet.call('transaction/win', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: betUuid,
    amount: win * unit,
    round_closed: true,
  });
  expect(paid.status).toBe('RS_OK');
}

/** The player's game coins in and out, in the order the ledger booked them. */
async function playedInOrder(userId: number): Promise<{ kind: string; amount: number }[]> {
  const result = (await server.db.execute(sql`
    select t.kind, e.amount::float8 as amount from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_transfers t on t.id = e.transfer_id
    where a.user_id = ${userId} and t.kind in ('gameBet', 'gameWin')
    order by e.id`)) as unknown as { rows: { kind: string; amount: number }[] };
  return result.rows;
}

describe('player protection under concurrent play and deposits', () => {
  it('never lets a booked bet or an open order pass a limit', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(run, async ({ lossLimit, wagerLimit, depositLimit, rounds, orders }) => {
        const who = await seatedPlayer();
        if (lossLimit !== null) await setLimit(who.player, { kind: 'loss', period: 'day', value: lossLimit });
        if (wagerLimit !== null) await setLimit(who.player, { kind: 'wager', period: 'day', value: wagerLimit });
        await setLimit(who.player, { kind: 'deposit', period: 'day', value: depositLimit });

        await Promise.all([
          ...rounds.map(({ stake, win }) => playRound(who, stake, win)),
          ...orders.map((yen) =>
            server.call(
              '/v2/app/pay/order',
              { channelId: 'online-bank', amount: yen, bankCardId: who.cardId },
              withKey(who.player.token),
            ),
          ),
        ]);

        let wagered = 0;
        let lost = 0;
        for (const entry of await playedInOrder(who.player.userId)) {
          if (entry.kind === 'gameBet') {
            wagered -= entry.amount;
            lost -= entry.amount;
            if (wagerLimit !== null) expect(wagered).toBeLessThanOrEqual(wagerLimit);
            if (lossLimit !== null) expect(lost).toBeLessThanOrEqual(lossLimit);
          } else {
            lost -= entry.amount;
          }
        }
        const opened = (await server.db.execute(
          sql`select coalesce(sum(yen_amount), 0)::float8 as yen from ${depositOrders} where user_id = ${who.player.userId}`,
        )) as unknown as { rows: { yen: number }[] };
        expect(opened.rows[0]?.yen).toBeLessThanOrEqual(depositLimit);
      }),
      { numRuns: 20 },
    );
    expect(await ledgerViolations(server.db)).toEqual([]);
  });
});
