/**
 * The ledger: how TypeScript moves money, through the SQL function every move goes through
 * (docs/architecture.md §4).
 *
 *   playerAccount(userId, currency), houseAccount(code, currency), gameProviderAccount(providerId, userId, currency)
 *                                            (accounts.ts) name an account (no I/O)
 *   transfer(db, clock, { from, to, amount, currency, idempotencyKey, kind, actor, reason, metadata? })
 *   transferArguments(clock, <same as transfer>)   for a module's SQL function that calls ledger_create_transfer itself
 *   hold(db, clock, <same as transfer>)     pending: the payer's available balance drops, nothing moves yet
 *   postHold(db, clock, { holdId, actor, reason })   the held money moves to the hold's payee
 *   voidHold(db, clock, { holdId, actor, reason })   the held money is released
 *   balanceOf(db, userId, currency)          (accounts.ts) { balance, held, available } of a player
 *   accountStatement(db, account, { page, size, from?, to?, kinds?, direction? })   (statement.ts) entries with
 *                                            running balance
 *   spendableStatement(db, accountId, <same query>)   (spendable-statement.ts) holds and releases among the
 *                                            entries, with the balance minus holds after each
 *   findAccount(db, ref) (accounts.ts), findTransfer(db, id)
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
import { ledgerTransfers, type TransferMetadata } from '@server/db/schema/ledger';
import { ApiError } from '@server/errors';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type AccountRef, accountRefKey, assertCurrency, type Currency } from './accounts';

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

export async function findTransfer(db: Database, id: number): Promise<Transfer | null> {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row ? publicTransfer(row) : null;
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
