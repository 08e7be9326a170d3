import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'bigint' });

export const ledgerAccountKinds = ['player', 'house'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const transferStates = ['pending', 'posted', 'voided'] as const;
export type TransferState = (typeof transferStates)[number];

/** JSON a transfer carries for its callers (order numbers, channel, ...): flat and small. */
export type TransferMetadata = Record<string, string | number | boolean | null>;

/**
 * One account per (player, currency) and per (house code, currency), created on first use.
 * `balance` is the sum of the account's entries and `held` the sum of its pending holds; both are
 * maintained by triggers (see the ledger migration), never written directly. A player account can
 * never go below zero, nor spend what is held: the CHECK constraints refuse it whatever the code does.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    userId: integer('user_id').references(() => users.id),
    code: text('code'),
    /** 'COIN', 'JPY', or a crypto asset as coin and network, e.g. 'USDT-TRC20'. */
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default(sql`0`),
    held: money('held').notNull().default(sql`0`),
    createdAt: instant('created_at').notNull(),
    /** Until then some API process shows this balance in a kept profile, so its moves are announced (migration 0012). */
    balanceWatchedUntil: instant('balance_watched_until'),
  },
  (table) => [
    unique('ledger_accounts_player_unique').on(table.userId, table.currency),
    unique('ledger_accounts_house_unique').on(table.code, table.currency),
    check(
      'ledger_accounts_owner',
      sql`(${table.kind} = 'player' AND ${table.userId} IS NOT NULL AND ${table.code} IS NULL) OR (${table.kind} = 'house' AND ${table.code} IS NOT NULL AND ${table.userId} IS NULL)`,
    ),
    check('ledger_accounts_currency_format', sql`${table.currency} ~ '^[A-Z][A-Z0-9]{1,11}(-[A-Z0-9]{2,16})?$'`),
    check('ledger_accounts_code_format', sql`${table.code} ~ '^[a-z][A-Za-z0-9]{0,63}$'`),
    check('ledger_accounts_held_not_negative', sql`${table.held} >= 0`),
    check('ledger_accounts_player_balance_not_negative', sql`${table.kind} <> 'player' OR ${table.balance} >= 0`),
    check(
      'ledger_accounts_player_available_not_negative',
      sql`${table.kind} <> 'player' OR ${table.balance} - ${table.held} >= 0`,
    ),
  ],
);

/**
 * Every movement of money. A plain transfer is born 'posted' with its two entries; a hold is born
 * 'pending' (it only raises the payer's `held`) and later becomes 'posted' (entries written) or
 * 'voided'. Rows are immutable apart from that one state change, enforced by a trigger. The
 * idempotency key is unique per actor; `params_hash` tells a retry from a reuse with other values.
 * Both accounts must exist in the transfer's currency: a trigger checks it on insert (no foreign
 * keys, whose row locks cost a sixth of a transfer; accounts are never deleted).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromAccountId: integer('from_account_id').notNull(),
    toAccountId: integer('to_account_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    twoPhase: boolean('two_phase').notNull(),
    state: text('state', { enum: transferStates }).notNull(),
    actor: text('actor').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    paramsHash: text('params_hash').notNull(),
    reason: text('reason').notNull(),
    metadata: jsonb('metadata').$type<TransferMetadata>().notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
    settledBy: text('settled_by'),
    settleReason: text('settle_reason'),
  },
  (table) => [
    unique('ledger_transfers_idempotency_unique').on(table.actor, table.idempotencyKey),
    index('ledger_transfers_pending_idx').on(table.fromAccountId).where(sql`${table.state} = 'pending'`),
    /** A player's holds, for the running balance of their records (what they could spend after each movement). */
    index('ledger_transfers_holds_idx').on(table.fromAccountId, table.id).where(sql`${table.twoPhase}`),
    check('ledger_transfers_amount_positive', sql`${table.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${table.fromAccountId} <> ${table.toAccountId}`),
    check('ledger_transfers_kind_format', sql`${table.kind} ~ '^[a-z][A-Za-z0-9.]{0,63}$'`),
    check('ledger_transfers_key_length', sql`length(${table.idempotencyKey}) BETWEEN 1 AND 200`),
    check('ledger_transfers_only_holds_wait', sql`${table.twoPhase} OR ${table.state} = 'posted'`),
    check('ledger_transfers_settled_when_done', sql`(${table.state} = 'pending') = (${table.settledAt} IS NULL)`),
  ],
);

/**
 * Double entry: every posted transfer has exactly one debit (negative amount) on its payer and one
 * credit of the same size on its payee. The trigger that applies an entry refuses one that is not
 * a leg of an existing posted transfer (so it names one of that transfer's accounts), and a
 * deferred trigger checks at commit that a posted transfer has both. `balance_after` is the
 * account's running balance, filled in by the trigger that applies the entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    unique('ledger_entries_transfer_account_unique').on(table.transferId, table.accountId),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    // Entries are written in time order, so a block range index finds a span of days cheaply (the
    // desk's overview) at almost no cost to the wallet's writes.
    index('ledger_entries_created_brin').using('brin', table.createdAt),
    check('ledger_entries_amount_not_zero', sql`${table.amount} <> 0`),
  ],
);
