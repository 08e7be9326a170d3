import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { cryptoDepositStatuses } from '../../../contract/money';
import { protectionRefusals } from '../../../contract/protection';
import { users } from './auth';

const instant = (name: string) => timestamp(name, { withTimezone: true });
/** Crypto amounts in the coin's base unit: up to 78 digits (a uint256), read as decimal strings. */
const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });
const rate = (name: string) => text(name);
const ratePattern = `'^[0-9]{1,30}([.][0-9]{1,18})?$'`;

/**
 * The (coin, network) pairs the operator accepts (docs/requirements.md §16.1), with their limits in
 * base units and the rate in force; the migration seeds the defaults.
 */
export const cryptoPairs = pgTable(
  'crypto_pairs',
  {
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    name: text('name').notNull(),
    decimals: integer('decimals').notNull(),
    depositEnabled: boolean('deposit_enabled').notNull(),
    withdrawalEnabled: boolean('withdrawal_enabled').notNull(),
    minDeposit: baseUnits('min_deposit').notNull(),
    confirmations: integer('confirmations').notNull(),
    minWithdrawal: baseUnits('min_withdrawal').notNull(),
    maxWithdrawal: baseUnits('max_withdrawal').notNull(),
    withdrawalFee: baseUnits('withdrawal_fee').notNull(),
    damageRateBasisPoints: integer('damage_rate_basis_points').notNull().default(0),
    /** Game coins per whole coin, a decimal string. */
    gameCoinsPerCoin: rate('game_coins_per_coin').notNull(),
    /** Order on the pages. */
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.coin, table.network] }),
    check(
      'crypto_pairs_terms',
      sql`${table.decimals} BETWEEN 0 AND 36 AND ${table.confirmations} >= 0 AND ${table.minDeposit} >= 0
        AND ${table.minWithdrawal} > ${table.withdrawalFee} AND ${table.maxWithdrawal} >= ${table.minWithdrawal}
        AND ${table.withdrawalFee} >= 0 AND ${table.damageRateBasisPoints} BETWEEN 0 AND 10000
        AND ${table.gameCoinsPerCoin} ~ ${sql.raw(ratePattern)}`,
    ),
  ],
);

/**
 * Each player's deposit address on a network, derived once from the operator's extended public key
 * at the next free index of that network and kept: the same address every time.
 */
export const cryptoDepositAddresses = pgTable(
  'crypto_deposit_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    network: text('network').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    unique('crypto_deposit_addresses_player_unique').on(table.userId, table.network),
    unique('crypto_deposit_addresses_index_unique').on(table.network, table.derivationIndex),
    unique('crypto_deposit_addresses_address_unique').on(table.network, table.address),
    check('crypto_deposit_addresses_index', sql`${table.derivationIndex} >= 0`),
  ],
);

/**
 * Deposits the watcher saw on chain, one per transaction output (unique: a repeated sighting is the
 * same row). The rate and terms are stored when first seen; the credit's ledger transfer is keyed by
 * the output, and the row moves to `credited` in the same transaction.
 */
export const cryptoDeposits = pgTable(
  'crypto_deposits',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull().unique('crypto_deposits_order_sn_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    coin: text('coin').notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    txHash: text('tx_hash').notNull(),
    outputIndex: integer('output_index').notNull(),
    cryptoAmount: baseUnits('crypto_amount').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status', { enum: cryptoDepositStatuses }).notNull(),
    gameCoinsPerCoin: rate('game_coins_per_coin').notNull(),
    damageRateBasisPoints: integer('damage_rate_basis_points').notNull(),
    /** Game coins credited, or to be credited, at the stored rate (0 below the minimum). */
    coins: bigint('coins', { mode: 'number' }).notNull(),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }),
    /** Why player protection flagged it for the desk: refused at crediting (yen) or credited while blocked or over a limit (crypto). */
    protectionFlag: text('protection_flag', { enum: protectionRefusals }),
    createdAt: instant('created_at').notNull(),
    creditedAt: instant('credited_at'),
    droppedAt: instant('dropped_at'),
  },
  (table) => [
    unique('crypto_deposits_output_unique').on(table.network, table.txHash, table.outputIndex),
    index('crypto_deposits_user_idx').on(table.userId, table.createdAt),
    // The deposits list over a team pages yen and crypto deposits together, newest first.
    index('crypto_deposits_created_idx').on(table.createdAt, table.id),
    index('crypto_deposits_confirming_idx').on(table.network).where(sql`${table.status} = 'confirming'`),
    check('crypto_deposits_amounts', sql`${table.cryptoAmount} > 0 AND ${table.coins} >= 0`),
  ],
);

/**
 * The embedded chain simulator (development and tests): one clock per network. The height is the
 * blocks since genesis at the network's interval plus the blocks mined by hand.
 */
export const chainSimNetworks = pgTable('chain_sim_networks', {
  network: text('network').primaryKey(),
  genesisAt: instant('genesis_at').notNull(),
  blockIntervalMs: integer('block_interval_ms').notNull(),
  extraBlocks: bigint('extra_blocks', { mode: 'number' }).notNull().default(0),
});

/**
 * The simulator's transactions: deposits sent from the sandbox and payouts of withdrawals (keyed by
 * their reference, so a payout asked twice is one transaction). A dropped one has left the chain.
 */
export const chainSimTransactions = pgTable(
  'chain_sim_transactions',
  {
    id: serial('id').primaryKey(),
    network: text('network').notNull(),
    txHash: text('tx_hash').notNull(),
    outputIndex: integer('output_index').notNull(),
    coin: text('coin').notNull(),
    toAddress: text('to_address').notNull(),
    amount: baseUnits('amount').notNull(),
    blockHeight: bigint('block_height', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['deposit', 'payout'] }).notNull(),
    payoutReference: text('payout_reference').unique('chain_sim_transactions_payout_unique'),
    createdAt: instant('created_at').notNull(),
    droppedAt: instant('dropped_at'),
  },
  (table) => [
    unique('chain_sim_transactions_output_unique').on(table.network, table.txHash, table.outputIndex),
    index('chain_sim_transactions_address_idx').on(table.network, table.toAddress),
    index('chain_sim_transactions_height_idx').on(table.network, table.blockHeight),
  ],
);
