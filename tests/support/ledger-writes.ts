import { randomUUID } from 'node:crypto';
import type { Database } from '@server/db/client';
import { sql } from 'drizzle-orm';
import { queryRows } from './ledger-invariants';

/**
 * Posted transfers written straight into the ledger's tables at any instant, for the desk's
 * property tests: the figures read entries by their time, which the ledger's own calls stamp with
 * the clock of the moment. Each moves coins between a player's coin account and the house's
 * adjustments account, which `openAdjustments` creates.
 */

/** Transfer kinds with the way their coins go for the player (+ credited, − debited). */
export const playerCoinKinds = {
  deposit: 1,
  depositRefund: -1,
  withdrawal: -1,
  withdrawalRefund: 1,
  gameBet: -1,
  gameWin: 1,
  gameRollback: 1,
  promotion: 1,
  rebate: 1,
  agentTransferIn: 1,
  agentTransferOut: -1,
  adjustment: 1,
} as const;
export type PlayerCoinKind = keyof typeof playerCoinKinds;

export async function openAdjustments(db: Database): Promise<void> {
  await db.execute(
    sql`insert into ledger_accounts (kind, code, currency, created_at) values ('house', 'adjustments', 'COIN', now()) on conflict do nothing`,
  );
}

/** A player's coin account, for a new player row. */
export async function openPlayerCoins(db: Database, userId: number): Promise<void> {
  await db.execute(
    sql`insert into ledger_accounts (kind, user_id, currency, created_at) values ('player', ${userId}, 'COIN', now())`,
  );
}

/** One posted transfer of `kind` to or from the player (by the kind's direction) at `at`, with its two entries. */
export async function postPlayerTransfer(
  db: Database,
  move: { userId: number; kind: PlayerCoinKind; amount: number; at: Date; metadata?: object },
): Promise<void> {
  const player = sql`(select id from ledger_accounts where user_id = ${move.userId} and currency = 'COIN')`;
  const house = sql`(select id from ledger_accounts where code = 'adjustments' and currency = 'COIN')`;
  const credited = playerCoinKinds[move.kind] > 0;
  const at = move.at.toISOString();
  await db.transaction(async (tx) => {
    const [posted] = await queryRows<{ id: number; from: number; to: number }>(
      tx,
      sql`insert into ledger_transfers (from_account_id, to_account_id, amount, currency, kind, two_phase, state, actor,
          idempotency_key, params_hash, reason, metadata, created_at, settled_at)
        values (${credited ? house : player}, ${credited ? player : house}, ${move.amount}, 'COIN', ${move.kind}, false,
          'posted', 'system', ${`property-${randomUUID()}`}, 'test', 'desk property', ${JSON.stringify(move.metadata ?? {})}::jsonb,
          ${at}, ${at})
        returning id, from_account_id as "from", to_account_id as "to"`,
    );
    await tx.execute(
      sql`insert into ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
        values (${posted?.id}, ${posted?.from}, ${-move.amount}, 0, ${at}), (${posted?.id}, ${posted?.to}, ${move.amount}, 0, ${at})`,
    );
  });
}
