/**
 * The ledger: the one module that moves money (DESIGN.md section 4).
 *
 *   playerAccount(userId, currency), houseAccount(code, currency)    name an account (no I/O)
 *   transfer(db, clock, { from, to, amount, currency, idempotencyKey, kind, actor, reason, metadata? })
 *   hold(db, clock, <same as transfer>)     pending: the payer's available balance drops, nothing moves yet
 *   postHold(db, clock, { holdId, actor, reason })   the held money moves to the hold's payee
 *   voidHold(db, clock, { holdId, actor, reason })   the held money is released
 *   balanceOf(db, userId, currency)          { balance, held, available } of a player
 *   accountStatement(db, account, { page, size, from?, to?, kinds? })   entries with running balance
 *   findAccount(db, ref), findTransfer(db, id)
 *
 * Amounts are bigint in the currency's minor unit. Every write runs in its own transaction, or in
 * a savepoint when `db` is a transaction the caller opened (pass one to make a movement atomic with
 * the caller's own rows). Each write also writes its audit row. Accounts are created on first use.
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
 * The database keeps the invariants itself (triggers and CHECKs in the ledger migration): a player
 * account never goes below zero nor below its holds, balances change only through entries, every
 * posted transfer is one debit and one equal credit, and posted money is never changed or deleted.
 * Locks are taken in one order, accounts by id first and then the transfer row, so two movements in
 * opposite directions cannot deadlock under READ COMMITTED. A transaction that makes several ledger
 * calls should make them in the same order as other such transactions.
 */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/auth';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, type TransferMetadata } from '../../db/schema/ledger';
import { ApiError } from '../../errors';

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
] as const;
export type HouseAccountCode = (typeof houseAccountCodes)[number];

/** 'COIN', 'JPY', or a crypto asset as coin and network ('USDT-TRC20'), amounts in its minor unit. */
export type Currency = string;

/** Names an account without touching the database; the ledger creates it on first use. */
export type AccountRef =
  | { kind: 'player'; userId: number; currency: Currency }
  | { kind: 'house'; code: HouseAccountCode; currency: Currency };

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
const overdraftConstraints = new Set([
  'ledger_accounts_player_balance_not_negative',
  'ledger_accounts_player_available_not_negative',
]);

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
  const row = await readTransfer(db, id);
  return row ? publicTransfer(row) : null;
}

/** An account's entries, newest first, each with the balance it left behind. */
export async function accountStatement(
  db: Database,
  account: number | AccountRef,
  query: StatementQuery,
): Promise<Statement> {
  if (!Number.isSafeInteger(query.page) || query.page < 1) throw new Error(`Not a page number: ${query.page}`);
  if (!Number.isSafeInteger(query.size) || query.size < 1 || query.size > 500) throw new Error(`Not a page size: ${query.size}`);
  const [found] = await db
    .select()
    .from(ledgerAccounts)
    .where(typeof account === 'number' ? eq(ledgerAccounts.id, account) : refCondition(account));
  if (!found) return { account: null, lines: [], total: 0, credited: 0n, debited: 0n };

  const conditions: SQL[] = [eq(ledgerEntries.accountId, found.id)];
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, query.from));
  if (query.to) conditions.push(lt(ledgerEntries.createdAt, query.to));
  if (query.kinds) conditions.push(query.kinds.length > 0 ? inArray(ledgerTransfers.kind, [...query.kinds]) : sql`false`);
  const where = and(...conditions);

  const [totals] = await db
    .select({
      total: count(),
      credited: sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`.mapWith(BigInt),
      debited: sql`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`.mapWith(BigInt),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where);

  const counterparty = alias(ledgerAccounts, 'counterparty');
  const rows = await db
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
        and(eq(ledgerTransfers.fromAccountId, ledgerEntries.accountId), eq(counterparty.id, ledgerTransfers.toAccountId)),
        and(eq(ledgerTransfers.toAccountId, ledgerEntries.accountId), eq(counterparty.id, ledgerTransfers.fromAccountId)),
      ),
    )
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);

  return {
    account: found,
    lines: rows.map(({ counterpartyKind, counterpartyUserId, counterpartyCode, ...line }) => ({
      ...line,
      counterparty: { kind: counterpartyKind, userId: counterpartyUserId, code: counterpartyCode },
    })),
    total: totals?.total ?? 0,
    credited: totals?.credited ?? 0n,
    debited: totals?.debited ?? 0n,
  };
}

async function createTransfer(
  db: Database,
  clock: Clock,
  params: TransferParams,
  operation: 'transfer' | 'hold',
): Promise<MovementResult> {
  checkTransferParams(params);
  const paramsHash = hashTransferParams(operation, params);
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const [from, to] = await ensureAccounts(tx, [params.from, params.to], now);
      // Claims the key; a concurrent call with the same key waits here for this one to finish.
      const [created] = await tx
        .insert(ledgerTransfers)
        .values({
          fromAccountId: from.id,
          toAccountId: to.id,
          amount: params.amount,
          currency: params.currency,
          kind: params.kind,
          twoPhase: operation === 'hold',
          state: operation === 'hold' ? 'pending' : 'posted',
          actor: params.actor,
          idempotencyKey: params.idempotencyKey,
          paramsHash,
          reason: params.reason,
          metadata: params.metadata ?? {},
          createdAt: now,
          settledAt: operation === 'hold' ? null : now,
          settledBy: operation === 'hold' ? null : params.actor,
        })
        .onConflictDoNothing({ target: [ledgerTransfers.actor, ledgerTransfers.idempotencyKey] })
        .returning();
      if (!created) return replayOf(tx, params, paramsHash);
      if (operation === 'transfer') await writeEntries(tx, created, now);
      await writeAuditRow(tx, params, { at: now, action: `ledger.${operation}`, transferId: created.id });
      return { transfer: publicTransfer(created), replayed: false };
    });
  } catch (error) {
    throw overdraftRefusal(error) ?? error;
  }
}

async function settleHold(
  db: Database,
  clock: Clock,
  params: SettleHoldParams,
  outcome: 'posted' | 'voided',
): Promise<MovementResult> {
  checkOrigin(params);
  return db.transaction(async (tx) => {
    let current = await readTransfer(tx, params.holdId);
    if (!current || !current.twoPhase) throw new ApiError(404, 'ledger.holdNotFound');
    if (current.state === 'pending') {
      const now = clock.now();
      // Accounts before the transfer row: the lock order of every ledger write.
      await lockAccounts(tx, outcome === 'posted' ? [current.fromAccountId, current.toAccountId] : [current.fromAccountId]);
      const [claimed] = await tx
        .update(ledgerTransfers)
        .set({ state: outcome, settledAt: now, settledBy: params.actor, settleReason: params.reason })
        .where(and(eq(ledgerTransfers.id, params.holdId), eq(ledgerTransfers.state, 'pending')))
        .returning();
      if (claimed) {
        if (outcome === 'posted') await writeEntries(tx, claimed, now);
        await writeAuditRow(tx, params, { at: now, action: outcome === 'posted' ? 'ledger.post' : 'ledger.void', transferId: claimed.id });
        return { transfer: publicTransfer(claimed), replayed: false };
      }
      // Another caller settled it between our read and our claim.
      current = await readTransfer(tx, params.holdId);
      if (!current) throw new Error(`Hold ${params.holdId} disappeared`);
    }
    if (current.state === outcome) return { transfer: publicTransfer(current), replayed: true };
    throw new ApiError(409, 'ledger.holdSettled');
  });
}

/** The accounts, created when missing: new ones in name order, so concurrent creators never wait on each other in a cycle. */
async function ensureAccounts(tx: Database, refs: [AccountRef, AccountRef], now: Date): Promise<[LedgerAccount, LedgerAccount]> {
  const found = await tx
    .select()
    .from(ledgerAccounts)
    .where(or(...refs.map(refCondition)));
  const byKey = new Map(found.map((account) => [accountRefKey(refOfAccount(account)), account]));
  const missing = refs.filter((ref) => !byKey.has(accountRefKey(ref))).sort((a, b) => accountRefKey(a).localeCompare(accountRefKey(b)));
  for (const ref of missing) {
    await tx
      .insert(ledgerAccounts)
      .values({
        kind: ref.kind,
        userId: ref.kind === 'player' ? ref.userId : null,
        code: ref.kind === 'house' ? ref.code : null,
        currency: ref.currency,
        createdAt: now,
      })
      .onConflictDoNothing();
    const [account] = await tx.select().from(ledgerAccounts).where(refCondition(ref));
    if (!account) throw new Error(`Ledger account ${accountRefKey(ref)} could not be created`);
    byKey.set(accountRefKey(ref), account);
  }
  const from = byKey.get(accountRefKey(refs[0]));
  const to = byKey.get(accountRefKey(refs[1]));
  if (!from || !to) throw new Error('Ledger accounts were not resolved');
  return [from, to];
}

async function lockAccounts(tx: Database, ids: number[]): Promise<void> {
  // NO KEY UPDATE, like the balance updates themselves: it does not block foreign-key checks.
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(ledgerAccounts.id)
    .for('no key update');
}

/** The debit and the credit, in account id order; the entry trigger updates each balance and fills balance_after. */
async function writeEntries(tx: Database, posted: typeof ledgerTransfers.$inferSelect, now: Date): Promise<void> {
  const legs = [
    { accountId: posted.fromAccountId, amount: -posted.amount },
    { accountId: posted.toAccountId, amount: posted.amount },
  ].sort((a, b) => a.accountId - b.accountId);
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      transferId: posted.id,
      accountId: leg.accountId,
      amount: leg.amount,
      balanceAfter: sql`null`,
      createdAt: now,
    })),
  );
}

async function replayOf(tx: Database, params: TransferParams, paramsHash: string): Promise<MovementResult> {
  const [first] = await tx
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.actor, params.actor), eq(ledgerTransfers.idempotencyKey, params.idempotencyKey)));
  if (!first) throw new Error(`Idempotency key ${params.idempotencyKey} is taken but its transfer is not visible`);
  if (first.paramsHash !== paramsHash) throw new ApiError(409, 'ledger.idempotencyConflict');
  return { transfer: publicTransfer(first), replayed: true };
}

async function writeAuditRow(
  tx: Database,
  origin: MovementOrigin,
  entry: { at: Date; action: string; transferId: number },
): Promise<void> {
  await tx.insert(auditLog).values({
    at: entry.at,
    actor: origin.actor,
    action: entry.action,
    subject: `ledgerTransfer:${entry.transferId}`,
    reason: origin.reason,
    clientAddress: origin.clientAddress ?? null,
    requestId: origin.requestId ?? null,
  });
}

async function readTransfer(db: Database, id: number) {
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id));
  return row ?? null;
}

function publicTransfer({ paramsHash: _hash, ...row }: typeof ledgerTransfers.$inferSelect): Transfer {
  return row;
}

function refCondition(ref: AccountRef): SQL {
  const owner = ref.kind === 'player' ? eq(ledgerAccounts.userId, ref.userId) : eq(ledgerAccounts.code, ref.code);
  return and(owner, eq(ledgerAccounts.currency, ref.currency)) as SQL;
}

function refOfAccount(account: LedgerAccount): AccountRef {
  return account.kind === 'player'
    ? { kind: 'player', userId: account.userId as number, currency: account.currency }
    : { kind: 'house', code: account.code as HouseAccountCode, currency: account.currency };
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
  if (accountRefKey(params.from) === accountRefKey(params.to)) throw new Error('A transfer needs two different accounts');
  if (!kindPattern.test(params.kind)) throw new Error(`Not a transfer kind: ${JSON.stringify(params.kind)}`);
  if (params.idempotencyKey.length < 1 || params.idempotencyKey.length > 200) throw new Error('An idempotency key has 1 to 200 characters');
}

/** The database's own refusal to overdraw a player, as the caller's 422; null for any other error. */
function overdraftRefusal(error: unknown): ApiError | null {
  let current: unknown = error;
  while (typeof current === 'object' && current !== null) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23514' && typeof candidate.constraint === 'string' && overdraftConstraints.has(candidate.constraint)) {
      return new ApiError(422, 'ledger.insufficientBalance');
    }
    current = candidate.cause;
  }
  return null;
}
