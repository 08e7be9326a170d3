import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { auditLog, users } from '@server/db/schema/auth';
import { ledgerTransfers } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { houseAccount, playerAccount } from '@server/modules/ledger/accounts';
import { hold, type MovementResult, postHold, transfer, voidHold } from '@server/modules/ledger/service';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../support/ledger-invariants';

/**
 * Operations the ledger property tests run, as plain JSON so a worker process can run the same
 * list. Holds are named by their payer and key, because a post or void may run before, during or
 * after the hold it names (or in another process).
 */
export type LedgerOperation =
  | { type: 'deposit'; userId: number; amount: number; key: string }
  | { type: 'hold'; userId: number; amount: number; key: string }
  | { type: 'post' | 'void'; holdUserId: number; holdKey: string }
  | { type: 'transfer'; fromUserId: number; toUserId: number; amount: number; key: string };

export type OperationOutcome =
  | { status: 'moved' | 'replayed'; actor: string; key: string; transferId: number }
  | { status: 'refused'; code: number; messageKey: string }
  | { status: 'holdNotYetCreated' };

export const propertyCurrency = 'COIN';
const settlingActor = 'system';
/** Refusals a correct ledger may answer to a random operation; anything else fails the test. */
const expectedRefusals = new Set([
  '422 ledger.insufficientBalance',
  '409 ledger.idempotencyConflict',
  '409 ledger.holdSettled',
]);

export async function createPlayers(db: Database, count: number, prefix: string): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `${prefix}${i}`, registeredAt: new Date() })))
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

function isSettlementKey(key: string): boolean {
  return /^(post|void):/.test(key);
}

function actorOf(userId: number): string {
  return `user:${userId}`;
}

function moved(result: MovementResult, actor: string, key: string): OperationOutcome {
  return { status: result.replayed ? 'replayed' : 'moved', actor, key, transferId: result.transfer.id };
}

export async function runOperation(db: Database, clock: Clock, operation: LedgerOperation): Promise<OperationOutcome> {
  const coin = propertyCurrency;
  try {
    switch (operation.type) {
      case 'deposit': {
        const result = await transfer(db, clock, {
          from: houseAccount('depositsClearing', coin),
          to: playerAccount(operation.userId, coin),
          amount: BigInt(operation.amount),
          currency: coin,
          idempotencyKey: operation.key,
          kind: 'deposit',
          actor: settlingActor,
          reason: 'deposit credited',
        });
        return moved(result, settlingActor, operation.key);
      }
      case 'hold': {
        const actor = actorOf(operation.userId);
        const result = await hold(db, clock, {
          from: playerAccount(operation.userId, coin),
          to: houseAccount('withdrawalsInFlight', coin),
          amount: BigInt(operation.amount),
          currency: coin,
          idempotencyKey: operation.key,
          kind: 'withdrawal',
          actor,
          reason: 'withdrawal requested',
        });
        return moved(result, actor, operation.key);
      }
      case 'post':
      case 'void': {
        const [found] = await db
          .select({ id: ledgerTransfers.id })
          .from(ledgerTransfers)
          .where(
            and(
              eq(ledgerTransfers.actor, actorOf(operation.holdUserId)),
              eq(ledgerTransfers.idempotencyKey, operation.holdKey),
            ),
          );
        if (!found) return { status: 'holdNotYetCreated' };
        const settle = operation.type === 'post' ? postHold : voidHold;
        const result = await settle(db, clock, {
          holdId: found.id,
          actor: settlingActor,
          reason: operation.type === 'post' ? 'withdrawal approved' : 'withdrawal rejected',
        });
        return moved(result, settlingActor, `${operation.type}:${found.id}`);
      }
      case 'transfer': {
        const actor = actorOf(operation.fromUserId);
        const result = await transfer(db, clock, {
          from: playerAccount(operation.fromUserId, coin),
          to: playerAccount(operation.toUserId, coin),
          amount: BigInt(operation.amount),
          currency: coin,
          idempotencyKey: operation.key,
          kind: 'playerTransfer',
          actor,
          reason: 'transfer between players',
          metadata: { note: 'property test' },
        });
        return moved(result, actor, operation.key);
      }
    }
  } catch (error) {
    if (error instanceof ApiError && expectedRefusals.has(`${error.code} ${error.messageKey}`)) {
      return { status: 'refused', code: error.code, messageKey: error.messageKey };
    }
    throw error;
  }
}

/**
 * One operation inside a transaction of the caller's, as a request handler would run it: the
 * ledger call, then a row of the caller's own ("recorded" for a new transfer, "settled" for a
 * settled hold) that must commit or vanish together with the movement.
 */
export async function runInCallerTransaction(
  db: Database,
  clock: Clock,
  operation: LedgerOperation,
): Promise<OperationOutcome> {
  return db.transaction(async (tx) => {
    const outcome = await runOperation(tx, clock, operation);
    if (outcome.status === 'moved') {
      await tx.insert(auditLog).values({
        at: clock.now(),
        actor: 'propertyTest',
        action: isSettlementKey(outcome.key) ? 'propertyTest.settled' : 'propertyTest.recorded',
        subject: `ledgerTransfer:${outcome.transferId}`,
      });
    }
    return outcome;
  });
}

export interface RunOptions {
  /** Operations in flight at once. */
  lanes: number;
  callerTransaction: boolean;
  onOutcome?: (index: number, outcome: OperationOutcome) => void;
}

/** Runs the operations over concurrent lanes, each taking the next operation when it is free. */
export async function runConcurrently(
  db: Database,
  clock: Clock,
  operations: readonly LedgerOperation[],
  options: RunOptions,
): Promise<OperationOutcome[]> {
  const run = options.callerTransaction ? runInCallerTransaction : runOperation;
  const outcomes: OperationOutcome[] = new Array(operations.length);
  let next = 0;
  async function lane() {
    while (next < operations.length) {
      const index = next++;
      const operation = operations[index];
      if (!operation) continue;
      const outcome = await run(db, clock, operation);
      outcomes[index] = outcome;
      options.onOutcome?.(index, outcome);
    }
  }
  await Promise.all(Array.from({ length: options.lanes }, () => lane()));
  return outcomes;
}

/**
 * After operations that all ran in caller transactions: every transfer created since
 * `createdSince` has exactly one "recorded" row, every settled hold exactly one "settled" row, and
 * no such row names a movement that does not exist. A process killed between the ledger call and
 * its commit must leave neither.
 */
export async function callerRowViolations(db: Database, createdSince: number): Promise<string[]> {
  const found = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT t.id, t.state, t.two_phase,
          (SELECT count(*)::int FROM audit_log a WHERE a.subject = 'ledgerTransfer:' || t.id AND a.action = 'propertyTest.recorded') AS recorded,
          (SELECT count(*)::int FROM audit_log a WHERE a.subject = 'ledgerTransfer:' || t.id AND a.action = 'propertyTest.settled') AS settled
        FROM ledger_transfers t
        WHERE t.id > ${createdSince}`,
  );
  const violations = found
    .filter((row) => row.recorded !== 1 || row.settled !== (row.two_phase && row.state !== 'pending' ? 1 : 0))
    .map(
      (row) =>
        `transfer ${String(row.id)} (${String(row.state)}) has ${String(row.recorded)} recorded and ${String(row.settled)} settled rows`,
    );
  const orphans = await queryRows<{ subject: string }>(
    db,
    sql`SELECT a.subject FROM audit_log a
        WHERE a.action IN ('propertyTest.recorded', 'propertyTest.settled')
          AND NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE 'ledgerTransfer:' || t.id = a.subject)`,
  );
  for (const orphan of orphans) violations.push(`${orphan.subject} has a caller row but no transfer`);
  return violations;
}

/**
 * What callers were told against what the database holds: each (actor, key) was answered "moved"
 * at most once, every replay named the transfer that moved, no hold was settled twice, every
 * transfer a caller was told about is stored, and every stored transfer of these operations was
 * told to a caller: as "moved" exactly once when every call finished normally, or (after a process
 * was killed between commit and answer, then rerun) as "moved" or "replayed".
 */
export async function outcomeViolations(
  db: Database,
  outcomes: readonly OperationOutcome[],
  createdSince: number,
  options: { reported: 'moved' | 'movedOrReplayed' },
): Promise<string[]> {
  type Movement = Extract<OperationOutcome, { status: 'moved' | 'replayed' }>;
  const violations: string[] = [];
  const movements = outcomes.filter(
    (outcome): outcome is Movement => outcome.status === 'moved' || outcome.status === 'replayed',
  );
  const isSettlement = (outcome: Movement) => isSettlementKey(outcome.key);
  const creations = movements.filter((outcome) => !isSettlement(outcome));

  const movedBy = new Map<string, number>();
  for (const outcome of creations.filter((outcome) => outcome.status === 'moved')) {
    const scopedKey = `${outcome.actor}/${outcome.key}`;
    if (movedBy.has(scopedKey)) violations.push(`${scopedKey} was answered "moved" twice`);
    movedBy.set(scopedKey, outcome.transferId);
  }
  const transferOfKey = new Map<string, number>();
  for (const outcome of creations) {
    const scopedKey = `${outcome.actor}/${outcome.key}`;
    const earlier = transferOfKey.get(scopedKey);
    if (earlier !== undefined && earlier !== outcome.transferId) {
      violations.push(`${scopedKey} was answered with transfers ${earlier} and ${outcome.transferId}`);
    }
    transferOfKey.set(scopedKey, outcome.transferId);
  }
  const settledHolds = new Map<number, string>();
  for (const outcome of movements.filter((outcome) => isSettlement(outcome) && outcome.status === 'moved')) {
    const earlier = settledHolds.get(outcome.transferId);
    if (earlier) violations.push(`hold ${outcome.transferId} was settled by ${earlier} and again by ${outcome.key}`);
    settledHolds.set(outcome.transferId, outcome.key);
  }

  const created = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT id FROM ledger_transfers WHERE id > ${createdSince} ORDER BY id`,
  );
  const createdIds = new Set(created.map((row) => Number(row.id)));
  for (const outcome of creations) {
    if (!createdIds.has(outcome.transferId))
      violations.push(`transfer ${outcome.transferId} was reported but is not stored`);
  }
  const told = creations.filter((outcome) => options.reported === 'movedOrReplayed' || outcome.status === 'moved');
  const toldIds = new Set(told.map((outcome) => outcome.transferId));
  for (const id of createdIds) {
    if (!toldIds.has(id)) violations.push(`transfer ${id} is stored but no caller was told it moved`);
  }
  return violations;
}
