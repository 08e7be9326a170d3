/** The ledger's accounts: how one is named (no I/O), found, and a player's balance read. */

import type { Database } from '@server/db/client';
import { ledgerAccounts } from '@server/db/schema/ledger';
import { and, eq, type SQL } from 'drizzle-orm';

/**
 * House accounts: the operator's side of every movement. They may go negative (deposits clearing
 * is negative by what players have paid in). Add a code here when a new flow needs one.
 */
export const houseAccountCodes = [
  /** Fiat and crypto paid in by players, before and after it is credited. */
  'depositsClearing',
  /** Money of approved withdrawals on its way out to a bank or chain. */
  'withdrawalsInFlight',
  /** Stakes and wins of games. */
  'gameHouse',
  /** Bonuses and gifts. */
  'promotions',
  /** Balance agents hand to or take back from their members. */
  'agentCredit',
  /** Commission paid to agents on their teams' valid bets (agent/commission.ts). */
  'agentCommission',
  /** Crypto received on chain and not yet credited, one per (coin, network) through the currency. */
  'cryptoClearing',
  /** Conversion between currencies (yen paid in, coins credited). */
  'exchange',
  /** Operator corrections, always with a reason. */
  'adjustments',
  /** Balances moved in from the old platform's accounts (docs/requirements.md §17). */
  'accountTransfers',
] as const;
export type HouseAccountCode = (typeof houseAccountCodes)[number];

/**
 * Each game provider's stakes and wins: `gameProvider` and the provider's id, e.g. gameProviderStudio,
 * and its shards gameProviderStudioShard1 to gameProviderStudioShard15. The provider's house balance
 * is their sum.
 */
export type GameProviderAccountCode = `gameProvider${string}`;
const gameProviderIdPattern = /^[a-z][a-z0-9]{1,30}$/;
/**
 * A player's bets and wins go to and come from one shard of the provider's house account, by player
 * id: a transfer locks both its accounts until the caller's transaction ends, and with one account
 * every bet and win of a provider would wait for the one before.
 */
export const gameProviderAccountShards = 16;

/** 'COIN', 'JPY', or a crypto asset as coin and network ('USDT-TRC20'), amounts in its minor unit. */
export type Currency = string;

/** Names an account without touching the database; the ledger creates it on first use. */
export type AccountRef =
  | { kind: 'player'; userId: number; currency: Currency }
  | { kind: 'house'; code: HouseAccountCode | GameProviderAccountCode; currency: Currency };

const currencyPattern = /^[A-Z][A-Z0-9]{1,11}(-[A-Z0-9]{2,16})?$/;

export function assertCurrency(currency: Currency): void {
  if (!currencyPattern.test(currency)) throw new Error(`Not a ledger currency: ${JSON.stringify(currency)}`);
}

export function playerAccount(userId: number, currency: Currency): AccountRef {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`Not a user id: ${userId}`);
  assertCurrency(currency);
  return { kind: 'player', userId, currency };
}

export function houseAccount(code: HouseAccountCode, currency: Currency): AccountRef {
  if (!houseAccountCodes.includes(code)) throw new Error(`Not a house account: ${JSON.stringify(code)}`);
  assertCurrency(currency);
  return { kind: 'house', code, currency };
}

/** The house account a game provider's bets of this player go to and its wins come from. */
export function gameProviderAccount(providerId: string, userId: number, currency: Currency): AccountRef {
  if (!gameProviderIdPattern.test(providerId)) throw new Error(`Not a game provider id: ${JSON.stringify(providerId)}`);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`Not a user id: ${userId}`);
  assertCurrency(currency);
  const shard = userId % gameProviderAccountShards;
  // Provider ids are lower case, so the capital of `Shard` cannot be part of one.
  const code: GameProviderAccountCode = `gameProvider${providerId.charAt(0).toUpperCase()}${providerId.slice(1)}${shard === 0 ? '' : `Shard${shard}`}`;
  return { kind: 'house', code, currency };
}

/** A stable name for an account: the order in which new accounts are created, and part of parameter hashes. */
export function accountRefKey(ref: AccountRef): string {
  return ref.kind === 'player' ? `player:${ref.userId}:${ref.currency}` : `house:${ref.code}:${ref.currency}`;
}

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

export interface Balance {
  balance: bigint;
  held: bigint;
  /** What the player can spend: balance minus pending holds. */
  available: bigint;
}

export async function balanceOf(db: Database, userId: number, currency: Currency): Promise<Balance> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currency, currency)));
  const balance = row?.balance ?? 0n;
  const held = row?.held ?? 0n;
  return { balance, held, available: balance - held };
}

export async function findAccount(db: Database, ref: AccountRef): Promise<LedgerAccount | null> {
  const [row] = await db.select().from(ledgerAccounts).where(refCondition(ref));
  return row ?? null;
}

export function refCondition(ref: AccountRef): SQL {
  const owner = ref.kind === 'player' ? eq(ledgerAccounts.userId, ref.userId) : eq(ledgerAccounts.code, ref.code);
  return and(owner, eq(ledgerAccounts.currency, ref.currency)) as SQL;
}
