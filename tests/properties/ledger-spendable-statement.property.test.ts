import { randomBytes } from 'node:crypto';
import { ApiError } from '@server/errors';
import { type AccountRef, balanceOf, findAccount, houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { hold, postHold, transfer, voidHold } from '@server/modules/ledger/service';
import { type SpendableMovement, spendableStatement } from '@server/modules/ledger/spendable-statement';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestServer, type TestServer } from '../api/harness';
import { createPlayers } from './ledger-operations';

/**
 * The records' running balance (docs/requirements.md §5.12), computed in SQL: for any sequence of
 * deposits, spending, holds the player pays (posted or voided later, in any order) and holds paid to
 * the player, each movement's balance after is the spendable balance (balance minus holds) the
 * ledger had right after it, the newest is the spendable balance now, the amounts add up to it, a
 * posted hold is never taken twice, and pages and kind filters cut the same figures.
 */

type Operation =
  | { op: 'deposit' | 'spend' | 'hold' | 'incoming'; amount: number }
  | { op: 'post' | 'void'; pick: number };

const amount = fc.integer({ min: 1, max: 500 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constantFrom('deposit' as const, 'spend' as const, 'hold' as const), amount }),
  fc.record({ op: fc.constant('incoming' as const), amount }),
  fc.record({ op: fc.constantFrom('post' as const, 'void' as const), pick: fc.nat() }),
);

let server: TestServer;
const clock = createTestClock(new Date('2026-03-10T00:00:00Z'));

beforeAll(async () => {
  server = await createTestServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

const coin = 'COIN';
const origin = { actor: 'system', reason: 'property test' };
const key = () => randomBytes(8).toString('hex');

async function move(from: AccountRef, to: AccountRef, value: number, kind: string, twoPhase = false) {
  const params = { ...origin, from, to, amount: BigInt(value), currency: coin, idempotencyKey: key(), kind };
  return twoPhase ? hold(server.db, clock, params) : transfer(server.db, clock, params);
}

async function wholeStatement(accountId: number, kinds?: string[]): Promise<SpendableMovement[]> {
  const { lines } = await spendableStatement(server.db, accountId, { page: 1, size: 500, ...(kinds ? { kinds } : {}) });
  return lines;
}

describe('the spendable statement', () => {
  it('shows the ledger’s spendable balance after every movement', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 7 }),
        async (operations, pageSize) => {
          const [userId] = await createPlayers(server.db, 1, `spendable${key()}`);
          const player = playerAccount(userId as number, coin);
          const pending: number[] = [];
          /** The spendable balance right after each movement the statement should show, oldest first. */
          const expected: bigint[] = [];
          const spendable = async () => (await balanceOf(server.db, userId as number, coin)).available;

          for (const step of operations) {
            clock.advance(1000);
            try {
              switch (step.op) {
                case 'deposit':
                  await move(houseAccount('depositsClearing', coin), player, step.amount, 'deposit');
                  break;
                case 'spend':
                  await move(player, houseAccount('gameHouse', coin), step.amount, 'gameBet');
                  break;
                case 'hold':
                  pending.push(
                    (await move(player, houseAccount('withdrawalsInFlight', coin), step.amount, 'withdrawal', true))
                      .transfer.id,
                  );
                  break;
                case 'incoming': {
                  // Paid to the player: nothing shows until it is posted.
                  const incoming = await move(houseAccount('promotions', coin), player, step.amount, 'promotion', true);
                  clock.advance(1000);
                  await postHold(server.db, clock, { ...origin, holdId: incoming.transfer.id });
                  break;
                }
                case 'post':
                case 'void': {
                  if (pending.length === 0) continue;
                  const [holdId] = pending.splice(step.pick % pending.length, 1);
                  const settle = step.op === 'post' ? postHold : voidHold;
                  await settle(server.db, clock, { ...origin, holdId: holdId as number });
                  // A posted hold was already taken when it was made: no movement of its own.
                  if (step.op === 'post') continue;
                  break;
                }
              }
            } catch (error) {
              if (error instanceof ApiError && error.messageKey === 'ledger.insufficientBalance') continue;
              throw error;
            }
            expected.push(await spendable());
          }

          const account = await findAccount(server.db, player);
          const lines = account ? await wholeStatement(account.id) : [];
          expect(lines.map((line) => line.spendableAfter).reverse()).toEqual(expected);
          expect(lines[0]?.spendableAfter ?? 0n).toBe(await spendable());
          expect(lines.reduce((sum, line) => sum + line.amount, 0n)).toBe(await spendable());
          // Oldest first, each balance is the one before plus the movement.
          const oldestFirst = [...lines].reverse();
          oldestFirst.forEach((line, index) => {
            const before = index === 0 ? 0n : (oldestFirst[index - 1] as SpendableMovement).spendableAfter;
            expect(line.spendableAfter).toBe(before + line.amount);
            expect(line.spendableAfter >= 0n).toBe(true);
          });
          if (!account) return;

          const paged: SpendableMovement[] = [];
          for (let page = 1; page <= Math.ceil(lines.length / pageSize); page += 1) {
            const statement = await spendableStatement(server.db, account.id, { page, size: pageSize });
            expect(statement.total).toBe(lines.length);
            paged.push(...statement.lines);
          }
          expect(paged).toEqual(lines);
          const withdrawals = await wholeStatement(account.id, ['withdrawal']);
          expect(withdrawals).toEqual(lines.filter((line) => line.kind === 'withdrawal'));
        },
      ),
      { numRuns: 25 },
    );
  });
});
