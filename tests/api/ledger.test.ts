import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { locales } from '@contract/locales';
import type { Database } from '@server/db/client';
import { auditLog, users } from '@server/db/schema/auth';
import { ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { createServerI18n } from '@server/i18n';
import { balanceOf, findAccount, houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import {
  findTransfer,
  hold,
  type MovementOrigin,
  postHold,
  type TransferParams,
  transfer,
  voidHold,
} from '@server/modules/ledger/service';
import { accountStatement } from '@server/modules/ledger/statement';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabaseFromTemplate } from './database-template';
import { createTestClock } from './harness';

const coin = 'COIN';
const clock = createTestClock(new Date('2026-03-01T00:00:00Z'));
let database: Awaited<ReturnType<typeof openDatabaseFromTemplate>>;
let db: Database;
let playerCount = 0;

beforeAll(async () => {
  database = await openDatabaseFromTemplate(inject('databaseTemplate'));
  db = database.db;
});
afterAll(async () => {
  await database?.drop();
});

async function newPlayer(): Promise<number> {
  playerCount += 1;
  const [row] = await db
    .insert(users)
    .values({ username: `ledger${playerCount}x${Date.now()}`, registeredAt: clock.now() })
    .returning({ id: users.id });
  return (row as { id: number }).id;
}

const system: MovementOrigin = { actor: 'system', reason: 'test', requestId: 'req-1', clientAddress: '127.0.0.1' };
let keyCount = 0;
const newKey = () => `key-${++keyCount}`;

function deposit(userId: number, amount: bigint, idempotencyKey = newKey()) {
  return transfer(db, clock, {
    ...system,
    from: houseAccount('depositsClearing', coin),
    to: playerAccount(userId, coin),
    amount,
    currency: coin,
    idempotencyKey,
    kind: 'deposit',
    reason: 'deposit credited',
  });
}

function withdrawalHold(userId: number, amount: bigint, idempotencyKey = newKey()) {
  return hold(db, clock, {
    actor: `user:${userId}`,
    from: playerAccount(userId, coin),
    to: houseAccount('withdrawalsInFlight', coin),
    amount,
    currency: coin,
    idempotencyKey,
    kind: 'withdrawal',
    reason: 'withdrawal requested',
  });
}

function playerTransfer(
  fromUserId: number,
  toUserId: number,
  amount: bigint,
  idempotencyKey = newKey(),
  metadata = {},
) {
  return transfer(db, clock, {
    actor: `user:${fromUserId}`,
    from: playerAccount(fromUserId, coin),
    to: playerAccount(toUserId, coin),
    amount,
    currency: coin,
    idempotencyKey,
    kind: 'agentTransfer',
    reason: 'transfer to a member',
    metadata,
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; messageKey: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, messageKey: error.messageKey };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Everything the ledger stores, to show that a refused call changed nothing. */
async function ledgerSnapshot() {
  const result = (await db.execute(sql`
    SELECT (SELECT coalesce(json_agg(json_build_object('id', id, 'balance', balance::text, 'held', held::text) ORDER BY id), '[]') FROM ledger_accounts) AS accounts,
           (SELECT count(*)::int FROM ledger_transfers) AS transfers,
           (SELECT count(*)::int FROM ledger_entries) AS entries,
           (SELECT count(*)::int FROM audit_log) AS audits`)) as unknown as { rows: unknown[] };
  return result.rows[0];
}

async function sumOfAllBalances(): Promise<bigint> {
  const result = (await db.execute(
    sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts`,
  )) as unknown as {
    rows: { total: string }[];
  };
  return BigInt(result.rows[0]?.total ?? 'NaN');
}

/** Runs raw statements in one transaction and returns the database's refusal. */
async function databaseError(...statements: ReturnType<typeof sql>[]): Promise<string> {
  try {
    await db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  throw new Error('the database accepted the statement');
}

describe('transfers', () => {
  it('move money with one debit and one credit entry, an audit row, and a zero sum', async () => {
    const player = await newPlayer();
    const { transfer: moved, replayed } = await deposit(player, 1_000n);
    expect(replayed).toBe(false);
    expect(moved).toMatchObject({
      amount: 1_000n,
      currency: coin,
      kind: 'deposit',
      state: 'posted',
      twoPhase: false,
      actor: 'system',
    });
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 1_000n, held: 0n, available: 1_000n });

    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, moved.id));
    const house = await findAccount(db, houseAccount('depositsClearing', coin));
    const account = await findAccount(db, playerAccount(player, coin));
    expect(entries.map((entry) => [entry.accountId, entry.amount]).sort()).toEqual(
      [
        [house?.id, -1_000n],
        [account?.id, 1_000n],
      ].sort(),
    );
    expect(await sumOfAllBalances()).toBe(0n);

    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ledgerTransfer:${moved.id}`));
    expect(audits).toMatchObject([
      {
        actor: 'system',
        action: 'ledger.transfer',
        reason: 'deposit credited',
        requestId: 'req-1',
        clientAddress: '127.0.0.1',
      },
    ]);
  });

  it('between players move the amount from one to the other', async () => {
    const [agent, member] = [await newPlayer(), await newPlayer()];
    await deposit(agent, 500n);
    await playerTransfer(agent, member, 120n);
    expect(await balanceOf(db, agent, coin)).toMatchObject({ balance: 380n });
    expect(await balanceOf(db, member, coin)).toMatchObject({ balance: 120n });
  });

  it('refuse more than the balance with 422 and change nothing, and the key stays usable', async () => {
    const [payer, payee] = [await newPlayer(), await newPlayer()];
    await deposit(payer, 100n);
    const before = await ledgerSnapshot();
    const key = newKey();
    expect(await refusal(playerTransfer(payer, payee, 101n, key))).toEqual({
      code: 422,
      messageKey: 'ledger.insufficientBalance',
    });
    expect(await ledgerSnapshot()).toEqual(before);

    await deposit(payer, 1n);
    const retried = await playerTransfer(payer, payee, 101n, key);
    expect(retried.replayed).toBe(false);
    expect(await balanceOf(db, payer, coin)).toMatchObject({ balance: 0n });
  });

  it('refuse a player without an account, and amounts that are not positive', async () => {
    const [payer, payee] = [await newPlayer(), await newPlayer()];
    expect(await refusal(playerTransfer(payer, payee, 1n))).toEqual({
      code: 422,
      messageKey: 'ledger.insufficientBalance',
    });
    expect(await refusal(playerTransfer(payer, payee, 0n))).toEqual({ code: 400, messageKey: 'ledger.invalidAmount' });
    expect(await refusal(playerTransfer(payer, payee, -5n))).toEqual({ code: 400, messageKey: 'ledger.invalidAmount' });
    expect(await refusal(playerTransfer(payer, payee, 2n ** 63n))).toEqual({
      code: 400,
      messageKey: 'ledger.invalidAmount',
    });
  });

  it('refuse mixed currencies and a transfer to the same account as programming errors', async () => {
    const player = await newPlayer();
    const params: TransferParams = {
      ...system,
      from: houseAccount('depositsClearing', 'JPY'),
      to: playerAccount(player, coin),
      amount: 1n,
      currency: coin,
      idempotencyKey: newKey(),
      kind: 'deposit',
    };
    await expect(transfer(db, clock, params)).rejects.toThrow(/COIN accounts/);
    await expect(transfer(db, clock, { ...params, from: playerAccount(player, coin) })).rejects.toThrow(
      /two different accounts/,
    );
    expect(() => playerAccount(player, 'coin')).toThrow(/currency/);
  });

  it('let house accounts go negative', async () => {
    const player = await newPlayer();
    await deposit(player, 10n);
    const house = await findAccount(db, houseAccount('depositsClearing', coin));
    expect((house?.balance ?? 0n) < 0n).toBe(true);
  });
});

describe('idempotency', () => {
  it('returns the first result for a retry with the same key and moves nothing', async () => {
    const [payer, payee] = [await newPlayer(), await newPlayer()];
    await deposit(payer, 300n);
    const key = newKey();
    const first = await playerTransfer(payer, payee, 100n, key, { order: 'A1' });
    const before = await ledgerSnapshot();
    const retry = await playerTransfer(payer, payee, 100n, key, { order: 'A1' });
    expect(retry).toEqual({ transfer: first.transfer, replayed: true });
    expect(await ledgerSnapshot()).toEqual(before);
    expect(await balanceOf(db, payee, coin)).toMatchObject({ balance: 100n });
  });

  it('answers 409 when the same key comes with other parameters, and moves nothing', async () => {
    const [payer, payee, other] = [await newPlayer(), await newPlayer(), await newPlayer()];
    await deposit(payer, 300n);
    const key = newKey();
    await playerTransfer(payer, payee, 100n, key, { order: 'A1' });
    const before = await ledgerSnapshot();
    const conflict = { code: 409, messageKey: 'ledger.idempotencyConflict' };
    expect(await refusal(playerTransfer(payer, payee, 101n, key, { order: 'A1' }))).toEqual(conflict);
    expect(await refusal(playerTransfer(payer, other, 100n, key, { order: 'A1' }))).toEqual(conflict);
    expect(await refusal(playerTransfer(payer, payee, 100n, key, { order: 'A2' }))).toEqual(conflict);
    expect(
      await refusal(
        hold(db, clock, {
          actor: `user:${payer}`,
          from: playerAccount(payer, coin),
          to: playerAccount(payee, coin),
          amount: 100n,
          currency: coin,
          idempotencyKey: key,
          kind: 'agentTransfer',
          reason: 'transfer to a member',
          metadata: { order: 'A1' },
        }),
      ),
    ).toEqual(conflict);
    expect(await ledgerSnapshot()).toEqual(before);
  });

  it('scopes keys per actor', async () => {
    const [first, second] = [await newPlayer(), await newPlayer()];
    await deposit(first, 50n);
    await deposit(second, 50n);
    const key = newKey();
    const a = await playerTransfer(first, second, 10n, key);
    const b = await playerTransfer(second, first, 10n, key);
    expect(a.replayed || b.replayed).toBe(false);
    expect(a.transfer.id).not.toBe(b.transfer.id);
  });

  it('moves money once when the same call races itself', async () => {
    const [payer, payee] = [await newPlayer(), await newPlayer()];
    await deposit(payer, 100n);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 5 }, () => playerTransfer(payer, payee, 60n, key)));
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.transfer.id)).size).toBe(1);
    expect(await balanceOf(db, payee, coin)).toMatchObject({ balance: 60n });
  });
});

describe('holds', () => {
  it('reserve the amount, then post it to the payee', async () => {
    const player = await newPlayer();
    await deposit(player, 1_000n);
    const { transfer: pending } = await withdrawalHold(player, 400n);
    expect(pending).toMatchObject({ state: 'pending', twoPhase: true, settledAt: null });
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 1_000n, held: 400n, available: 600n });
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, pending.id))).toEqual([]);

    const inFlightBefore = (await findAccount(db, houseAccount('withdrawalsInFlight', coin)))?.balance ?? 0n;
    clock.advance(60_000);
    const posted = await postHold(db, clock, { holdId: pending.id, actor: 'user:99', reason: 'approved' });
    expect(posted.replayed).toBe(false);
    expect(posted.transfer).toMatchObject({
      id: pending.id,
      state: 'posted',
      settledBy: 'user:99',
      settleReason: 'approved',
    });
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 600n, held: 0n, available: 600n });
    expect((await findAccount(db, houseAccount('withdrawalsInFlight', coin)))?.balance).toBe(inFlightBefore + 400n);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, pending.id))).toHaveLength(2);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ledgerTransfer:${pending.id}`));
    expect(audits.map((row) => [row.action, row.actor])).toEqual([
      ['ledger.hold', `user:${player}`],
      ['ledger.post', 'user:99'],
    ]);
    expect(await sumOfAllBalances()).toBe(0n);
  });

  it('are released by a void, and nothing moves', async () => {
    const player = await newPlayer();
    await deposit(player, 500n);
    const { transfer: pending } = await withdrawalHold(player, 500n);
    expect(await balanceOf(db, player, coin)).toMatchObject({ available: 0n });
    const voided = await voidHold(db, clock, {
      holdId: pending.id,
      actor: 'user:99',
      reason: 'rejected: name mismatch',
    });
    expect(voided.transfer).toMatchObject({ state: 'voided', settleReason: 'rejected: name mismatch' });
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 500n, held: 0n, available: 500n });
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, pending.id))).toEqual([]);
  });

  it('cannot be spent twice: a hold or transfer beyond the available balance is refused', async () => {
    const [player, other] = [await newPlayer(), await newPlayer()];
    await deposit(player, 300n);
    await withdrawalHold(player, 200n);
    const before = await ledgerSnapshot();
    const insufficient = { code: 422, messageKey: 'ledger.insufficientBalance' };
    expect(await refusal(withdrawalHold(player, 101n))).toEqual(insufficient);
    expect(await refusal(playerTransfer(player, other, 101n))).toEqual(insufficient);
    expect(await ledgerSnapshot()).toEqual(before);
    await playerTransfer(player, other, 100n);
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 200n, held: 200n, available: 0n });
  });

  it('settle once: the same way again is a replay, the other way a 409', async () => {
    const player = await newPlayer();
    await deposit(player, 100n);
    const posted = (await withdrawalHold(player, 60n)).transfer;
    const voided = (await withdrawalHold(player, 40n)).transfer;
    await postHold(db, clock, { holdId: posted.id, actor: 'user:99', reason: 'approved' });
    await voidHold(db, clock, { holdId: voided.id, actor: 'user:99', reason: 'rejected' });
    const before = await ledgerSnapshot();

    const again = await postHold(db, clock, { holdId: posted.id, actor: 'user:98', reason: 'approved twice' });
    expect(again).toMatchObject({ replayed: true, transfer: { state: 'posted', settledBy: 'user:99' } });
    expect((await voidHold(db, clock, { holdId: voided.id, actor: 'user:98', reason: 'again' })).replayed).toBe(true);
    const settled = { code: 409, messageKey: 'ledger.holdSettled' };
    expect(await refusal(voidHold(db, clock, { holdId: posted.id, actor: 'user:98', reason: 'too late' }))).toEqual(
      settled,
    );
    expect(await refusal(postHold(db, clock, { holdId: voided.id, actor: 'user:98', reason: 'too late' }))).toEqual(
      settled,
    );
    expect(await ledgerSnapshot()).toEqual(before);
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 40n, held: 0n, available: 40n });
  });

  it('are settled by exactly one of a racing post and void', async () => {
    const player = await newPlayer();
    await deposit(player, 100n);
    const pending = (await withdrawalHold(player, 100n)).transfer;
    const outcomes = await Promise.allSettled([
      postHold(db, clock, { holdId: pending.id, actor: 'user:97', reason: 'approved' }),
      voidHold(db, clock, { holdId: pending.id, actor: 'user:98', reason: 'rejected' }),
    ]);
    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected.map((outcome) => (outcome.reason as ApiError).messageKey)).toEqual(['ledger.holdSettled']);
    const final = await findTransfer(db, pending.id);
    expect(await balanceOf(db, player, coin)).toMatchObject(
      final?.state === 'posted' ? { balance: 0n, held: 0n } : { balance: 100n, held: 0n },
    );
  });

  it('are not found when unknown, or when the id is a plain transfer', async () => {
    const player = await newPlayer();
    const plain = await deposit(player, 5n);
    const notFound = { code: 404, messageKey: 'ledger.holdNotFound' };
    expect(await refusal(postHold(db, clock, { holdId: 987_654_321, actor: 'system', reason: 'x' }))).toEqual(notFound);
    expect(await refusal(voidHold(db, clock, { holdId: plain.transfer.id, actor: 'system', reason: 'x' }))).toEqual(
      notFound,
    );
  });

  it('replay by key: a retried hold request returns the same hold, whatever its state now', async () => {
    const player = await newPlayer();
    await deposit(player, 100n);
    const key = newKey();
    const first = await withdrawalHold(player, 70n, key);
    await postHold(db, clock, { holdId: first.transfer.id, actor: 'system', reason: 'approved' });
    const retry = await withdrawalHold(player, 70n, key);
    expect(retry).toMatchObject({ replayed: true, transfer: { id: first.transfer.id, state: 'posted' } });
    expect(await balanceOf(db, player, coin)).toMatchObject({ balance: 30n, held: 0n });
  });
});

describe("the caller's transaction", () => {
  it('rolls the movement back with the rest of the work', async () => {
    const player = await newPlayer();
    const before = await ledgerSnapshot();
    await expect(
      db.transaction(async (tx) => {
        await transfer(tx, clock, {
          ...system,
          from: houseAccount('promotions', coin),
          to: playerAccount(player, coin),
          amount: 50n,
          currency: coin,
          idempotencyKey: newKey(),
          kind: 'promotion',
        });
        throw new Error('the order could not be saved');
      }),
    ).rejects.toThrow('the order could not be saved');
    expect(await ledgerSnapshot()).toEqual(before);
  });

  it('stays usable after a refusal, so the caller can record it', async () => {
    const [player, other] = [await newPlayer(), await newPlayer()];
    const refusedKey = newKey();
    await db.transaction(async (tx) => {
      const refused = await refusal(
        transfer(tx, clock, {
          actor: `user:${player}`,
          from: playerAccount(player, coin),
          to: playerAccount(other, coin),
          amount: 10n,
          currency: coin,
          idempotencyKey: refusedKey,
          kind: 'agentTransfer',
          reason: 'transfer',
        }),
      );
      expect(refused.code).toBe(422);
      await tx.update(users).set({ nickname: 'still here' }).where(eq(users.id, player));
    });
    const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, player));
    expect(row?.nickname).toBe('still here');
  });

  it('stays usable when both accounts exist: after a move, its replay, a conflict and a refusal', async () => {
    const [player, other] = [await newPlayer(), await newPlayer()];
    await deposit(player, 10n);
    await deposit(other, 1n);
    const key = newKey();
    await db.transaction(async (tx) => {
      const move = (amount: bigint, idempotencyKey: string) =>
        transfer(tx, clock, {
          actor: `user:${player}`,
          from: playerAccount(player, coin),
          to: playerAccount(other, coin),
          amount,
          currency: coin,
          idempotencyKey,
          kind: 'agentTransfer',
          reason: 'transfer',
        });
      const moved = await move(4n, key);
      expect(moved.replayed).toBe(false);
      const replayed = await move(4n, key);
      expect(replayed).toMatchObject({ replayed: true, transfer: { id: moved.transfer.id } });
      expect(await refusal(move(5n, key))).toEqual({ code: 409, messageKey: 'ledger.idempotencyConflict' });
      expect(await refusal(move(7n, newKey()))).toEqual({ code: 422, messageKey: 'ledger.insufficientBalance' });
      await tx.update(users).set({ nickname: 'still here' }).where(eq(users.id, player));
    });
    const [row] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, player));
    expect(row?.nickname).toBe('still here');
    expect(await balanceOf(db, player, coin)).toMatchObject({ balance: 6n });
    expect(await balanceOf(db, other, coin)).toMatchObject({ balance: 5n });
  });
});

describe('statements', () => {
  it('list entries newest first with the running balance, filtered and paged, with totals', async () => {
    const [player, other] = [await newPlayer(), await newPlayer()];
    const start = new Date(clock.now().getTime() + 1_000);
    clock.set(start);
    await deposit(player, 1_000n);
    clock.advance(1_000);
    await playerTransfer(player, other, 300n);
    clock.advance(1_000);
    const pending = (await withdrawalHold(player, 200n)).transfer;
    clock.advance(1_000);
    await postHold(db, clock, { holdId: pending.id, actor: 'system', reason: 'approved' });
    clock.advance(1_000);
    await deposit(player, 50n);

    const all = await accountStatement(db, playerAccount(player, coin), { page: 1, size: 10 });
    expect(all.lines.map((line) => [line.kind, line.amount, line.balanceAfter])).toEqual([
      ['deposit', 50n, 550n],
      ['withdrawal', -200n, 500n],
      ['agentTransfer', -300n, 700n],
      ['deposit', 1_000n, 1_000n],
    ]);
    expect(all).toMatchObject({ total: 4, credited: 1_050n, debited: 500n });
    expect(all.lines[2]?.counterparty).toEqual({ kind: 'player', userId: other, code: null });
    expect(all.lines[1]?.counterparty).toEqual({ kind: 'house', userId: null, code: 'withdrawalsInFlight' });

    const secondPage = await accountStatement(db, playerAccount(player, coin), { page: 2, size: 3 });
    expect(secondPage.lines.map((line) => line.amount)).toEqual([1_000n]);
    expect(secondPage.total).toBe(4);

    const deposits = await accountStatement(db, all.account?.id ?? 0, { page: 1, size: 10, kinds: ['deposit'] });
    expect(deposits).toMatchObject({ total: 2, credited: 1_050n, debited: 0n });

    const window = await accountStatement(db, playerAccount(player, coin), {
      page: 1,
      size: 10,
      from: new Date(start.getTime() + 1_000),
      to: new Date(start.getTime() + 4_000),
    });
    expect(window.lines.map((line) => line.amount)).toEqual([-200n, -300n]);

    const unused = await accountStatement(db, playerAccount(await newPlayer(), coin), { page: 1, size: 10 });
    expect(unused).toEqual({ account: null, lines: [], total: 0, credited: 0n, debited: 0n });
  });
});

describe('the database itself', () => {
  it('refuses to change a balance directly, even to a valid value', async () => {
    const player = await newPlayer();
    await deposit(player, 10n);
    expect(await databaseError(sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${player}`)).toMatch(
      /balances change only through entries/,
    );
    expect(await databaseError(sql`UPDATE ledger_accounts SET balance = 1000000 WHERE user_id = ${player}`)).toMatch(
      /balances change only through entries/,
    );
    expect(await databaseError(sql`DELETE FROM ledger_accounts WHERE user_id = ${player}`)).toMatch(/never deleted/);
    expect(await balanceOf(db, player, coin)).toMatchObject({ balance: 10n });
  });

  it('refuses a negative player balance by CHECK constraint, without the trigger too', async () => {
    const player = await newPlayer();
    await deposit(player, 10n);
    const withoutGuard = sql`ALTER TABLE ledger_accounts DISABLE TRIGGER ledger_accounts_guard`;
    const error = await databaseError(
      withoutGuard,
      sql`UPDATE ledger_accounts SET balance = -1 WHERE user_id = ${player}`,
    );
    expect(error).toMatch(/violates check constraint "ledger_accounts_player_(balance|available)_not_negative"/);
    const heldError = await databaseError(
      withoutGuard,
      sql`UPDATE ledger_accounts SET held = 11 WHERE user_id = ${player}`,
    );
    expect(heldError).toMatch(/violates check constraint "ledger_accounts_player_available_not_negative"/);
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 10n, held: 0n, available: 10n });
  });

  it('refuses entries that overdraw a player, or that are not one debit and one equal credit', async () => {
    const [player, other] = [await newPlayer(), await newPlayer()];
    await deposit(player, 10n);
    await deposit(other, 1n);
    const account = await findAccount(db, playerAccount(player, coin));
    const otherAccount = await findAccount(db, playerAccount(other, coin));
    const house = await findAccount(db, houseAccount('depositsClearing', coin));
    const { transfer: moved } = await deposit(player, 5n);
    const overdraw = await databaseError(
      sql`INSERT INTO ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
            idempotency_key, params_hash, reason, metadata, created_at, settled_at)
          VALUES (${account?.id}, ${house?.id}, 100, 'COIN', 'raw', false, 'posted', 'raw', ${newKey()}, 'x', 'raw', '{}', now(), now())`,
      sql`INSERT INTO ledger_entries (transfer_id, account_id, amount, created_at)
          VALUES (currval('ledger_transfers_id_seq'), ${account?.id}, -100, now()), (currval('ledger_transfers_id_seq'), ${house?.id}, 100, now())`,
    );
    expect(overdraw).toMatch(/ledger_accounts_player_(balance|available)_not_negative/);
    const oneSided = await databaseError(
      sql`INSERT INTO ledger_entries (transfer_id, account_id, amount, created_at) VALUES (${moved.id}, ${otherAccount?.id}, 3, now())`,
    );
    expect(oneSided).toMatch(/not one debit and one equal credit/);
    expect(await balanceOf(db, player, coin)).toMatchObject({ balance: 15n });
    expect(await balanceOf(db, other, coin)).toMatchObject({ balance: 1n });
  });

  it('refuses at once an entry that is not a leg of a posted transfer, and at commit a posted transfer without both legs', async () => {
    const player = await newPlayer();
    await deposit(player, 10n);
    const account = await findAccount(db, playerAccount(player, coin));
    const house = await findAccount(db, houseAccount('depositsClearing', coin));
    const { transfer: pending } = await withdrawalHold(player, 5n);
    const { transfer: moved } = await deposit(player, 5n);
    const entry = (transferId: number, accountId: number | undefined, amount: number) =>
      sql`INSERT INTO ledger_entries (transfer_id, account_id, amount, created_at) VALUES (${transferId}, ${accountId}, ${amount}, now())`;
    for (const statement of [
      entry(pending.id, account?.id, -5),
      entry(moved.id, house?.id, -6),
      entry(moved.id, account?.id, -5),
      entry(2_000_000_000, account?.id, 5),
    ]) {
      expect(await databaseError(statement)).toMatch(/not one debit and one equal credit/);
    }
    const oneLeg = await databaseError(
      sql`INSERT INTO ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
            idempotency_key, params_hash, reason, metadata, created_at, settled_at)
          VALUES (${house?.id}, ${account?.id}, 3, 'COIN', 'raw', false, 'posted', 'raw', ${newKey()}, 'x', 'raw', '{}', now(), now())`,
      sql`INSERT INTO ledger_entries (transfer_id, account_id, amount, created_at) VALUES (currval('ledger_transfers_id_seq'), ${account?.id}, 3, now())`,
    );
    expect(oneLeg).toMatch(/not one debit and one equal credit/);
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 15n, held: 5n, available: 10n });
  });

  it('refuses a transfer naming an account that does not exist', async () => {
    const player = await newPlayer();
    await deposit(player, 10n);
    const account = await findAccount(db, playerAccount(player, coin));
    const error = await databaseError(
      sql`INSERT INTO ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
            idempotency_key, params_hash, reason, metadata, created_at, settled_at)
          VALUES (${account?.id}, 2000000000, 3, 'COIN', 'raw', true, 'pending', 'raw', ${newKey()}, 'x', 'raw', '{}', now(), NULL)`,
    );
    expect(error).toMatch(/both accounts of a transfer are in its currency/);
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 10n, held: 0n, available: 10n });
  });

  it('keeps entries and posted transfers immutable', async () => {
    const player = await newPlayer();
    const { transfer: moved } = await deposit(player, 10n);
    expect(
      await databaseError(sql`UPDATE ledger_entries SET amount = amount * 2 WHERE transfer_id = ${moved.id}`),
    ).toMatch(/never changed or deleted/);
    expect(await databaseError(sql`DELETE FROM ledger_entries WHERE transfer_id = ${moved.id}`)).toMatch(
      /never changed or deleted/,
    );
    expect(await databaseError(sql`TRUNCATE ledger_entries CASCADE`)).toMatch(/never truncated/);
    expect(await databaseError(sql`UPDATE ledger_transfers SET amount = 1 WHERE id = ${moved.id}`)).toMatch(
      /only a pending hold/,
    );
    expect(await databaseError(sql`DELETE FROM ledger_transfers WHERE id = ${moved.id}`)).toMatch(/never deleted/);

    await deposit(player, 10n);
    const { transfer: pending } = await withdrawalHold(player, 5n);
    expect(
      await databaseError(
        sql`UPDATE ledger_transfers SET amount = 1, state = 'voided', settled_at = now() WHERE id = ${pending.id}`,
      ),
    ).toMatch(/never changes apart from settling/);
    await voidHold(db, clock, { holdId: pending.id, actor: 'system', reason: 'rejected' });
    expect(
      await databaseError(
        sql`UPDATE ledger_transfers SET state = 'pending', settled_at = null WHERE id = ${pending.id}`,
      ),
    ).toMatch(/only a pending hold/);
    const [stored] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, moved.id));
    expect(stored?.amount).toBe(10n);
    expect(await balanceOf(db, player, coin)).toEqual({ balance: 20n, held: 0n, available: 20n });
  });
});

describe('refusal messages', () => {
  it('are translated in every locale', () => {
    const keys = ['insufficientBalance', 'idempotencyConflict', 'holdNotFound', 'holdSettled', 'invalidAmount'];
    const messages = Object.fromEntries(
      locales.map((locale) => {
        const file = fileURLToPath(new URL(`../../locales/${locale}/server.json`, import.meta.url));
        const ledger = (JSON.parse(readFileSync(file, 'utf8')) as { ledger?: Record<string, unknown> }).ledger ?? {};
        return [locale, keys.map((key) => ledger[key])];
      }),
    );
    for (const locale of locales) {
      for (const message of messages[locale] ?? [])
        expect({ locale, message }).toEqual({ locale, message: expect.stringMatching(/\S/) });
      if (locale !== 'en-US') expect(messages[locale]).not.toEqual(messages['en-US']);
    }
    const t = createServerI18n().translator('en-US');
    expect(t('ledger.insufficientBalance')).toBe(messages['en-US']?.[0]);
  });
});
