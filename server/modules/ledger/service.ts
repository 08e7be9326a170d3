/**
 * The ledger: how TypeScript moves money, through the SQL function every move goes through
 * (docs/architecture.md §4).
 *
 *   playerAccount(userId, currency), houseAccount(code, currency), gameProviderAccount(providerId, userId, currency)
 *                                            name an account (no I/O)
 *   transfer(db, clock, { from, to, amount, currency, idempotencyKey, kind, actor, reason, metadata? })
 *   transferArguments(clock, <same as transfer>)   for a module's SQL function that calls ledger_create_transfer itself
 *   hold(db, clock, <same as transfer>)     pending: the payer's available balance drops, nothing moves yet
 *   postHold(db, clock, { holdId, actor, reason })   the held money moves to the hold's payee
 *   voidHold(db, clock, { holdId, actor, reason })   the held money is released
 *   balanceOf(db, userId, currency)          { balance, held, available } of a player
 *   accountStatement(db, account, { page, size, from?, to?, kinds?, direction? })   entries with running balance
 *   spendableStatement(db, accountId, <same query>)   (spendable-statement.ts) holds and releases among the
 *                                            entries, with the balance minus holds after each
 *   findAccount(db, ref), findTransfer(db, id)
 *
 * Amounts are bigint in the currency's minor unit. Each write is one SQL statement (a function of
 * the ledger migrations): atomic on its own, or part of the caller's transaction when `db` is one
 * (pass it to make a movement atomic with the caller's own rows; a refusal leaves that transaction
 * usable). Each write also writes its audit row. Accounts are created on first use.
 *
 * Idempotency: the key is scoped per actor. A repeat with the same actor, key and parameters
 * (accounts, amount, currency, kind, metadata; not reason) returns the first transfer with
 * `replayed: true` and moves nothing; other parameters are a 409. A refused call stores nothing,
 * so its key may be retried. Settling a settled hold the same way again is a replay; the other way
 * is a 409. Keep request-specific values (request ids, times) out of `metadata`.
 *
 * Refusals (ApiError): 422 ledger.insufficientBalance, 409 ledger.idempotencyConflict,
 * 404 ledger.holdNotFound, 409 ledger.holdSettled, 400 ledger.invalidAmount.
 *
 * The database keeps the invariants itself (triggers and CHECKs in the ledger migrations): a player
 * account never goes below zero nor below its holds, balances change only through entries, every
 * posted transfer is one debit and one equal credit, and posted money is never changed or deleted.
 * Locks are taken in one order, accounts by id first and then the transfer row, so two movements in
 * opposite directions cannot deadlock under READ COMMITTED. A transaction that makes several ledger
 * calls should make them in the same order as other such transactions.
 */

import { createHash } from 'node:crypto';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, type TransferMetadata } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { onePage } from '@server/shared/paging';
import { and, count, desc, eq, getTableColumns, gt, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

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

function assertCurrency(currency: Currency): void {
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
function accountRefKey(ref: AccountRef): string {
  return ref.kind === 'player' ? `player:${ref.userId}:${ref.currency}` : `house:${ref.code}:${ref.currency}`;
}

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type Transfer = Omit<typeof ledgerTransfers.$inferSelect, 'paramsHash'>;

/** Who moves the money and why: written on the transfer and on its audit row. */
export interface MovementOrigin {
  /** 'user:<id>' or 'system'. Idempotency keys are unique per actor. */
  actor: string;
  reason: string;
  clientAddress?: string | null;
  requestId?: string | null;
}

export interface TransferParams extends MovementOrigin {
  from: AccountRef;
  to: AccountRef;
  /** Minor units of `currency`, more than zero. */
  amount: bigint;
  currency: Currency;
  idempotencyKey: string;
  /** What the movement is, e.g. 'deposit', 'withdrawal', 'agentTransfer'; statements filter on it. */
  kind: string;
  metadata?: TransferMetadata;
}

export interface SettleHoldParams extends MovementOrigin {
  holdId: number;
}

export interface MovementResult {
  transfer: Transfer;
  /** True when this call repeated an earlier one and moved nothing. */
  replayed: boolean;
}

export interface Balance {
  balance: bigint;
  held: bigint;
  /** What the player can spend: balance minus pending holds. */
  available: bigint;
}

export interface StatementQuery {
  /** From 1. */
  page: number;
  size: number;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  to?: Date;
  kinds?: readonly string[];
  /** Only entries that brought money in (positive) or took it out (negative). */
  direction?: 'in' | 'out';
}

export interface StatementLine {
  entryId: number;
  transferId: number;
  at: Date;
  kind: string;
  /** Positive when money came in, negative when it went out. */
  amount: bigint;
  /** The account's balance right after this entry. */
  balanceAfter: bigint;
  counterparty: { kind: LedgerAccount['kind']; userId: number | null; code: string | null };
  reason: string;
  metadata: TransferMetadata;
}

export interface Statement {
  /** Null when the account has never been used. */
  account: LedgerAccount | null;
  lines: StatementLine[];
  /** Entries matching the query over all pages, and their sums. */
  total: number;
  credited: bigint;
  debited: bigint;
}

const maxAmount = 2n ** 63n - 1n;
const kindPattern = /^[a-z][A-Za-z0-9.]{0,63}$/;

/** Moves `amount` from one account to another at once: one debit and one credit entry. */
export function transfer(db: Database, clock: Clock, params: TransferParams): Promise<MovementResult> {
  return createTransfer(db, clock, params, 'transfer');
}

/** Reserves `amount` of the payer for a later postHold or voidHold; refused like a transfer would be. */
export function hold(db: Database, clock: Clock, params: TransferParams): Promise<MovementResult> {
  return createTransfer(db, clock, params, 'hold');
}

/** Completes a pending hold: the held amount moves from its payer to its payee. */
export function postHold(db: Database, clock: Clock, params: SettleHoldParams): Promise<MovementResult> {
  return settleHold(db, clock, params, 'posted');
}

/** Cancels a pending hold: the payer can spend the amount again. */
export function voidHold(db: Database, clock: Clock, params: SettleHoldParams): Promise<MovementResult> {
  return settleHold(db, clock, params, 'voided');
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

export async function findTransfer(db: Database, id: number): Promise<Transfer | null> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row ? publicTransfer(row) : null;
}

/** An account's entries, newest first, each with the balance it left behind. */
export async function accountStatement(
  db: Database,
  account: number | AccountRef,
  query: StatementQuery,
): Promise<Statement> {
  if (!Number.isSafeInteger(query.page) || query.page < 1) throw new Error(`Not a page number: ${query.page}`);
  if (!Number.isSafeInteger(query.size) || query.size < 1 || query.size > 500)
    throw new Error(`Not a page size: ${query.size}`);
  const [found] = await db
    .select()
    .from(ledgerAccounts)
    .where(typeof account === 'number' ? eq(ledgerAccounts.id, account) : refCondition(account));
  if (!found) return { account: null, lines: [], total: 0, credited: 0n, debited: 0n };

  const conditions: SQL[] = [eq(ledgerEntries.accountId, found.id)];
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, query.from));
  if (query.to) conditions.push(lt(ledgerEntries.createdAt, query.to));
  if (query.kinds)
    conditions.push(query.kinds.length > 0 ? inArray(ledgerTransfers.kind, [...query.kinds]) : sql`false`);
  if (query.direction)
    conditions.push(query.direction === 'in' ? gt(ledgerEntries.amount, 0n) : lt(ledgerEntries.amount, 0n));
  const where = and(...conditions);

  const counterparty = alias(ledgerAccounts, 'counterparty');
  const page = await onePage(
    { pageNum: query.page, pageSize: query.size },
    db
      .select({
        entryId: ledgerEntries.id,
        transferId: ledgerEntries.transferId,
        at: ledgerEntries.createdAt,
        kind: ledgerTransfers.kind,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        counterpartyKind: counterparty.kind,
        counterpartyUserId: counterparty.userId,
        counterpartyCode: counterparty.code,
        reason: ledgerTransfers.reason,
        metadata: ledgerTransfers.metadata,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .innerJoin(
        counterparty,
        or(
          and(
            eq(ledgerTransfers.fromAccountId, ledgerEntries.accountId),
            eq(counterparty.id, ledgerTransfers.toAccountId),
          ),
          and(
            eq(ledgerTransfers.toAccountId, ledgerEntries.accountId),
            eq(counterparty.id, ledgerTransfers.fromAccountId),
          ),
        ),
      )
      .where(where)
      .orderBy(desc(ledgerEntries.id)),
    db
      .select({
        total: count(),
        credited: sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`.mapWith(
          BigInt,
        ),
        debited: sql`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`.mapWith(
          BigInt,
        ),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(where),
  );

  return {
    account: found,
    lines: page.list.map(({ counterpartyKind, counterpartyUserId, counterpartyCode, ...line }) => ({
      ...line,
      counterparty: { kind: counterpartyKind, userId: counterpartyUserId, code: counterpartyCode },
    })),
    total: page.total,
    credited: page.credited,
    debited: page.debited,
  };
}

type TransferRow = typeof ledgerTransfers.$inferSelect;

/**
 * The arguments of a plain ledger_create_transfer call apart from the two accounts, checked and
 * hashed as `transfer` checks and hashes them, for a module whose own SQL function makes its
 * transfer by calling ledger_create_transfer in the same statement as its other work (one round
 * trip). The accounts passed to that call must be `from` and `to`: they are part of the hash.
 */
export interface TransferArguments {
  /** Decimal text of the bigint. */
  amount: string;
  currency: Currency;
  kind: string;
  actor: string;
  idempotencyKey: string;
  paramsHash: string;
  reason: string;
  /** JSON text for the jsonb parameter. */
  metadata: string;
  /** ISO text for the timestamptz parameter. */
  at: string;
  clientAddress: string | null;
  requestId: string | null;
}

export function transferArguments(clock: Clock, params: TransferParams): TransferArguments {
  return ledgerTransferArguments(clock, params, 'transfer');
}

function ledgerTransferArguments(
  clock: Clock,
  params: TransferParams,
  operation: 'transfer' | 'hold',
): TransferArguments {
  checkTransferParams(params);
  return {
    amount: params.amount.toString(),
    currency: params.currency,
    kind: params.kind,
    actor: params.actor,
    idempotencyKey: params.idempotencyKey,
    paramsHash: hashTransferParams(operation, params),
    reason: params.reason,
    metadata: JSON.stringify(params.metadata ?? {}),
    at: clock.now().toISOString(),
    clientAddress: params.clientAddress ?? null,
    requestId: params.requestId ?? null,
  };
}

async function createTransfer(
  db: Database,
  clock: Clock,
  params: TransferParams,
  operation: 'transfer' | 'hold',
): Promise<MovementResult> {
  const args = ledgerTransferArguments(clock, params, operation);
  const { from, to } = params;
  const result = await callLedgerFunction(
    db,
    sql`ledger_create_transfer(
      ${operation === 'hold'}::boolean,
      ${from.kind}::text, ${from.kind === 'player' ? from.userId : null}::integer, ${from.kind === 'house' ? from.code : null}::text,
      ${to.kind}::text, ${to.kind === 'player' ? to.userId : null}::integer, ${to.kind === 'house' ? to.code : null}::text,
      ${args.amount}::bigint, ${args.currency}::text, ${args.kind}::text,
      ${args.actor}::text, ${args.idempotencyKey}::text, ${args.paramsHash}::text,
      ${args.reason}::text, ${args.metadata}::jsonb, ${args.at}::timestamptz,
      ${args.clientAddress}::text, ${args.requestId}::text)`,
  );
  switch (result.outcome) {
    case 'moved':
      return { transfer: publicTransfer(result.transfer), replayed: false };
    case 'replayed':
      return { transfer: publicTransfer(result.transfer), replayed: true };
    case 'conflict':
      throw new ApiError(409, 'ledger.idempotencyConflict');
    case 'insufficient':
      throw new ApiError(422, 'ledger.insufficientBalance');
  }
  throw new Error(`Unexpected ledger outcome ${result.outcome}`);
}

async function settleHold(
  db: Database,
  clock: Clock,
  params: SettleHoldParams,
  outcome: 'posted' | 'voided',
): Promise<MovementResult> {
  checkOrigin(params);
  if (!Number.isSafeInteger(params.holdId)) throw new ApiError(404, 'ledger.holdNotFound');
  const result = await callLedgerFunction(
    db,
    sql`ledger_settle_hold(
      ${params.holdId}::bigint, ${outcome}::text, ${params.actor}::text, ${params.reason}::text,
      ${clock.now().toISOString()}::timestamptz, ${params.clientAddress ?? null}::text, ${params.requestId ?? null}::text)`,
  );
  switch (result.outcome) {
    case 'settled':
      return { transfer: publicTransfer(result.transfer), replayed: false };
    case 'replayed':
      return { transfer: publicTransfer(result.transfer), replayed: true };
    case 'conflict':
      throw new ApiError(409, 'ledger.holdSettled');
    case 'notFound':
      throw new ApiError(404, 'ledger.holdNotFound');
  }
  throw new Error(`Unexpected ledger outcome ${result.outcome}`);
}

const transferColumns = Object.entries(getTableColumns(ledgerTransfers));

/**
 * Runs one of the ledger's SQL functions (the ledger_functions migration), which return an
 * outcome and the transfer row; the row is read through the table's own column mappings, so it
 * comes out the same whatever the driver.
 */
async function callLedgerFunction(db: Database, call: SQL): Promise<{ outcome: string; transfer: TransferRow }> {
  const result = (await db.execute(
    sql`SELECT result.outcome, (result.transfer).* FROM ${call} AS result`,
  )) as unknown as {
    rows: Record<string, unknown>[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('A ledger function returned no row');
  const transfer = Object.fromEntries(
    transferColumns.map(([field, column]) => {
      const value = row[column.name];
      return [field, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as TransferRow;
  return { outcome: String(row.outcome), transfer };
}

function publicTransfer({ paramsHash: _hash, ...row }: TransferRow): Transfer {
  return row;
}

function refCondition(ref: AccountRef): SQL {
  const owner = ref.kind === 'player' ? eq(ledgerAccounts.userId, ref.userId) : eq(ledgerAccounts.code, ref.code);
  return and(owner, eq(ledgerAccounts.currency, ref.currency)) as SQL;
}

function hashTransferParams(operation: 'transfer' | 'hold', params: TransferParams): string {
  const metadata = Object.entries(params.metadata ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = JSON.stringify([
    operation,
    accountRefKey(params.from),
    accountRefKey(params.to),
    params.amount.toString(),
    params.currency,
    params.kind,
    metadata,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

function checkOrigin(origin: MovementOrigin): void {
  if (origin.actor.trim() === '') throw new Error('A ledger call needs an actor');
  if (origin.reason.trim() === '') throw new Error('A ledger call needs a reason');
}

function checkTransferParams(params: TransferParams): void {
  checkOrigin(params);
  if (typeof params.amount !== 'bigint') throw new Error('Ledger amounts are bigint minor units');
  if (params.amount <= 0n || params.amount > maxAmount) throw new ApiError(400, 'ledger.invalidAmount');
  assertCurrency(params.currency);
  if (params.from.currency !== params.currency || params.to.currency !== params.currency) {
    throw new Error(`Both accounts of a ${params.currency} transfer must be ${params.currency} accounts`);
  }
  if (accountRefKey(params.from) === accountRefKey(params.to))
    throw new Error('A transfer needs two different accounts');
  if (!kindPattern.test(params.kind)) throw new Error(`Not a transfer kind: ${JSON.stringify(params.kind)}`);
  if (params.idempotencyKey.length < 1 || params.idempotencyKey.length > 200)
    throw new Error('An idempotency key has 1 to 200 characters');
}
