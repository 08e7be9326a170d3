import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type {
  CodeDelivery,
  confirmTransfer,
  resendTransferCode,
  signInOldAccount,
  validateOldAccount,
  validateOldAccountCard,
} from '@contract/account-transfer';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import type { OldAccount, OldPlatform } from '@server/adapters/old-platform';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { accountTransfers } from '@server/db/schema/account-transfer';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { HashingBusy } from '@server/shared/hashing-share';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { countAttempt, type RateLimitRule, refundAttempt } from '@server/shared/rate-limit';
import { fieldRefusal, uniqueViolation } from '@server/shared/refusals';
import { and, eq, sql } from 'drizzle-orm';
import { balanceOf, houseAccount, playerAccount, transfer } from '../ledger/public';
import type { MailDelivery } from '../mail/public';

/** The rules of a move (docs/requirements.md §17.1). */
export const accountTransferRules = {
  /** From the old account's check to the confirmation. */
  lifetimeMs: 30 * 60 * 1000,
  codeLifetimeMinutes: 10,
  resendIntervalMs: 60 * 1000,
  /** Wrong card numbers, codes and passwords each, per move; the next one is refused. */
  maxWrongCards: 5,
  maxWrongCodes: 5,
  maxWrongPasswords: 5,
  /** Moves a player may start, so old account names cannot be tried in bulk. */
  startsPerPlayer: { limit: 20, windowMs: 60 * 60 * 1000 } satisfies RateLimitRule,
};

export interface AccountTransferDeps extends PlayerDeps {
  mail: MailDelivery;
  /** Keys the hashes of the e-mailed codes. */
  codeSecret: string;
  oldPlatform: OldPlatform;
  /**
   * Old passwords checked, right or wrong, per player and per client address over all moves
   * (AuthLimits' oldPasswordChecksPerPlayer and oldPasswordChecksPerAddress).
   */
  passwordCheckLimits: { perPlayer: RateLimitRule; perAddress: RateLimitRule };
}

type Move = typeof accountTransfers.$inferSelect;

const sameOldAccount = (oldAccount: string) => eq(sql`lower(${accountTransfers.oldAccount})`, oldAccount.toLowerCase());

async function alreadyMoved(db: Database, oldAccount: string): Promise<boolean> {
  const [done] = await db
    .select({ id: accountTransfers.id })
    .from(accountTransfers)
    .where(and(sameOldAccount(oldAccount), eq(accountTransfers.step, 'completed')));
  return done !== undefined;
}

/** Step 1: the old account exists and has not been moved; starts a move that expires. */
export async function startMove(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof validateOldAccount>,
): Promise<DataOf<typeof validateOldAccount>> {
  const now = deps.clock.now();
  await countAttempt(
    deps.db,
    `accountTransfer:start:${principal.userId}`,
    accountTransferRules.startsPerPlayer,
    now,
    'accountTransfer.tooManyStarts',
  );
  const old = await deps.oldPlatform.findAccount(body.oldAccount);
  if (!old) throw fieldRefusal(request.t, 404, 'oldAccount', 'accountTransfer.unknownAccount');
  if (await alreadyMoved(deps.db, old.account))
    throw fieldRefusal(request.t, 409, 'oldAccount', 'accountTransfer.alreadyMoved');
  const expiresAt = new Date(now.getTime() + accountTransferRules.lifetimeMs);
  const transferId = randomBytes(24).toString('base64url');
  await deps.db.insert(accountTransfers).values({
    id: transferId,
    userId: principal.userId,
    oldAccount: old.account,
    createdAt: now,
    expiresAt,
  });
  return { transferId, expiresAt: expiresAt.toISOString() };
}

/**
 * The player's move, locked for the rest of the caller's transaction; a move of another player,
 * an unknown one and (unless completed) an expired one are refused alike.
 */
async function lockedMove(db: Database, userId: number, transferId: string, now: Date) {
  const [move] = await db
    .select()
    .from(accountTransfers)
    .where(and(eq(accountTransfers.id, transferId), eq(accountTransfers.userId, userId)))
    .for('update');
  if (!move) throw new ApiError(404, 'accountTransfer.notFound');
  if (move.step !== 'completed' && move.expiresAt <= now) throw new ApiError(409, 'accountTransfer.expired');
  return move;
}

function expectStep(move: Move, step: Move['step']) {
  if (move.step === step) return;
  throw new ApiError(409, move.step === 'completed' ? 'accountTransfer.alreadyMoved' : 'accountTransfer.wrongStep');
}

/**
 * The old account a move is about, read before the move's transaction: the old platform is
 * reached through its own connection or service, never inside one of ours.
 */
async function oldAccountOfMove(
  deps: AccountTransferDeps,
  userId: number,
  transferId: string,
): Promise<OldAccount | null> {
  const [move] = await deps.db
    .select({ oldAccount: accountTransfers.oldAccount })
    .from(accountTransfers)
    .where(and(eq(accountTransfers.id, transferId), eq(accountTransfers.userId, userId)));
  return move ? deps.oldPlatform.findAccount(move.oldAccount) : null;
}

function known(old: OldAccount | null): OldAccount {
  if (!old) throw new ApiError(404, 'accountTransfer.unknownAccount');
  return old;
}

function codeHash(secret: string, transferId: string, code: string): string {
  return createHmac('sha256', secret).update(`accountTransfer:${transferId}:${code}`).digest('hex');
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}***${email.slice(at)}`;
}

/** A new code for the move, mailed through the outbox in the same transaction. */
async function sendCode(
  deps: AccountTransferDeps,
  tx: Database,
  request: PlayerRequest,
  move: Move,
  old: OldAccount,
  now: Date,
): Promise<CodeDelivery> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeExpiresAt = new Date(now.getTime() + accountTransferRules.codeLifetimeMinutes * 60 * 1000);
  await tx
    .update(accountTransfers)
    .set({
      step: 'codeSent',
      codeHash: codeHash(deps.codeSecret, move.id, code),
      codeSentAt: now,
      codeExpiresAt,
      wrongCodes: 0,
    })
    .where(eq(accountTransfers.id, move.id));
  await deps.mail.enqueue(
    tx,
    request.t,
    {
      kind: 'transferCode',
      recipient: old.email,
      locale: request.locale,
      params: { code, minutes: accountTransferRules.codeLifetimeMinutes, account: old.account },
    },
    now,
  );
  return {
    maskedEmail: maskEmail(old.email),
    codeExpiresAt: codeExpiresAt.toISOString(),
    resendAvailableAt: new Date(now.getTime() + accountTransferRules.resendIntervalMs).toISOString(),
  };
}

/**
 * Runs `work` in a transaction whose refusal still commits the wrong attempt it counted: `work`
 * answers the refusal instead of throwing it.
 */
async function countingRefusals<T>(db: Database, work: (tx: Database) => Promise<T | ApiError>): Promise<T> {
  const result = await db.transaction((tx) => work(tx));
  if (result instanceof ApiError) throw result;
  return result;
}

/** Step 2: a card bound on the old account proves the player holds it; a code goes to its e-mail. */
export async function proveCard(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof validateOldAccountCard>,
): Promise<DataOf<typeof validateOldAccountCard>> {
  const found = await oldAccountOfMove(deps, principal.userId, body.transferId);
  const delivery = await countingRefusals(deps.db, async (tx) => {
    const now = deps.clock.now();
    const move = await lockedMove(tx, principal.userId, body.transferId, now);
    expectStep(move, 'started');
    if (move.wrongCards >= accountTransferRules.maxWrongCards)
      throw fieldRefusal(request.t, 429, 'cardNumber', 'accountTransfer.tooManyCards');
    const old = known(found);
    if (!old.cardNumbers.includes(body.cardNumber)) {
      const wrongCards = move.wrongCards + 1;
      await tx.update(accountTransfers).set({ wrongCards }).where(eq(accountTransfers.id, move.id));
      return fieldRefusal(
        request.t,
        wrongCards >= accountTransferRules.maxWrongCards ? 429 : 400,
        'cardNumber',
        wrongCards >= accountTransferRules.maxWrongCards ? 'accountTransfer.tooManyCards' : 'accountTransfer.cardWrong',
      );
    }
    return sendCode(deps, tx, request, move, old, now);
  });
  deps.mail.kick();
  return delivery;
}

/** A new code, at most once per interval; the one before stops counting. */
export async function resendCode(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof resendTransferCode>,
): Promise<DataOf<typeof resendTransferCode>> {
  const found = await oldAccountOfMove(deps, principal.userId, body.transferId);
  const delivery = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const move = await lockedMove(tx, principal.userId, body.transferId, now);
    expectStep(move, 'codeSent');
    const availableAt = (move.codeSentAt?.getTime() ?? 0) + accountTransferRules.resendIntervalMs;
    if (now.getTime() < availableAt) {
      const seconds = Math.ceil((availableAt - now.getTime()) / 1000);
      throw new ApiError(429, 'accountTransfer.resendTooSoon', { seconds }, { retryAfterSeconds: seconds });
    }
    return sendCode(deps, tx, request, move, known(found), now);
  });
  deps.mail.kick();
  return delivery;
}

function codeRefusal(request: PlayerRequest, move: Move, code: string, secret: string, now: Date): ApiError | null {
  if (move.wrongCodes >= accountTransferRules.maxWrongCodes)
    return fieldRefusal(request.t, 422, 'code', 'accountTransfer.codeBurned');
  if (!move.codeHash || !move.codeExpiresAt || move.codeExpiresAt <= now)
    return fieldRefusal(request.t, 400, 'code', 'accountTransfer.codeExpired');
  const right = timingSafeEqual(Buffer.from(move.codeHash), Buffer.from(codeHash(secret, move.id, code)));
  return right ? null : fieldRefusal(request.t, 400, 'code', 'accountTransfer.codeWrong');
}

/** The code's refusal, if any, with a wrong code counted (the fifth burns it). */
async function countedCodeRefusal(
  deps: AccountTransferDeps,
  tx: Database,
  request: PlayerRequest,
  move: Move,
  code: string,
  now: Date,
): Promise<ApiError | null> {
  const codeProblem = codeRefusal(request, move, code, deps.codeSecret, now);
  if (codeProblem?.messageKey !== 'accountTransfer.codeWrong') return codeProblem;
  const wrongCodes = move.wrongCodes + 1;
  await tx.update(accountTransfers).set({ wrongCodes }).where(eq(accountTransfers.id, move.id));
  return wrongCodes >= accountTransferRules.maxWrongCodes
    ? fieldRefusal(request.t, 422, 'code', 'accountTransfer.codeBurned')
    : codeProblem;
}

const passwordCheckKeys = (principal: Principal, request: PlayerRequest) => ({
  player: `accountTransfer:passwordCheck:user:${principal.userId}`,
  address: `accountTransfer:passwordCheck:address:${request.clientAddress}`,
});

/**
 * Everything that can refuse a password step without its password, decided before anything is
 * hashed: the move, its code (a wrong one counted) and the limits. The check is then counted per
 * player and per address, and against the move as a wrong password until it proves right, so
 * checks sent at once cannot pass the move's limit. Answers the move's count with this check.
 */
function admitPasswordCheck(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof signInOldAccount>,
): Promise<number> {
  return countingRefusals(deps.db, async (tx) => {
    const now = deps.clock.now();
    const move = await lockedMove(tx, principal.userId, body.transferId, now);
    expectStep(move, 'codeSent');
    if (move.wrongPasswords >= accountTransferRules.maxWrongPasswords)
      throw fieldRefusal(request.t, 429, 'password', 'accountTransfer.tooManyPasswords');
    const codeProblem = await countedCodeRefusal(deps, tx, request, move, body.code, now);
    if (codeProblem) return codeProblem;
    // Refused here, the counts roll back with the transaction: only checks that happen are counted.
    const keys = passwordCheckKeys(principal, request);
    const limitKey = 'accountTransfer.tooManyPasswordChecks';
    await countAttempt(tx, keys.player, deps.passwordCheckLimits.perPlayer, now, limitKey);
    await countAttempt(tx, keys.address, deps.passwordCheckLimits.perAddress, now, limitKey);
    const wrongPasswords = move.wrongPasswords + 1;
    await tx.update(accountTransfers).set({ wrongPasswords }).where(eq(accountTransfers.id, move.id));
    return wrongPasswords;
  });
}

/** A check the old platform could not run now is given back everywhere it was counted. */
async function giveBackPasswordCheck(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  transferId: string,
): Promise<void> {
  const keys = passwordCheckKeys(principal, request);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountTransfers)
      .set({ wrongPasswords: sql`greatest(${accountTransfers.wrongPasswords} - 1, 0)` })
      .where(eq(accountTransfers.id, transferId));
    await refundAttempt(tx, keys.player);
    await refundAttempt(tx, keys.address);
  });
}

/**
 * Step 3: the old account's password and the e-mailed code; answers the balance to move. The
 * code and the limits come first (admitPasswordCheck); the password is then checked outside any
 * transaction (it is slow by design) and the outcome applied under the lock, where every
 * condition is checked again.
 */
export async function signInOld(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof signInOldAccount>,
): Promise<DataOf<typeof signInOldAccount>> {
  const found = await oldAccountOfMove(deps, principal.userId, body.transferId);
  const wrongPasswordsIfWrong = await admitPasswordCheck(deps, request, principal, body);
  let passwordRight: boolean;
  try {
    passwordRight = found ? await deps.oldPlatform.verifyPassword(found.account, body.password) : false;
  } catch (error) {
    if (!(error instanceof HashingBusy)) throw error;
    await giveBackPasswordCheck(deps, request, principal, body.transferId);
    const seconds = error.retryAfterSeconds;
    throw new ApiError(429, 'accountTransfer.passwordChecksBusy', { seconds }, { retryAfterSeconds: seconds });
  }
  return countingRefusals(deps.db, async (tx) => {
    const now = deps.clock.now();
    const move = await lockedMove(tx, principal.userId, body.transferId, now);
    expectStep(move, 'codeSent');
    const codeProblem = await countedCodeRefusal(deps, tx, request, move, body.code, now);
    if (codeProblem) return codeProblem;
    if (!passwordRight) {
      const last = wrongPasswordsIfWrong >= accountTransferRules.maxWrongPasswords;
      return fieldRefusal(
        request.t,
        last ? 429 : 400,
        'password',
        last ? 'accountTransfer.tooManyPasswords' : 'accountTransfer.passwordWrong',
      );
    }
    if (await alreadyMoved(tx, move.oldAccount)) throw new ApiError(409, 'accountTransfer.alreadyMoved');
    const old = known(found);
    await tx
      .update(accountTransfers)
      .set({
        step: 'signedIn',
        balance: old.balance,
        codeHash: null,
        // This check was counted as wrong until now.
        wrongPasswords: sql`greatest(${accountTransfers.wrongPasswords} - 1, 0)`,
      })
      .where(eq(accountTransfers.id, move.id));
    return { oldAccount: old.account, balance: Number(old.balance), currency: 'JPY' as const };
  });
}

/**
 * Step 4: the balance moves once. The move's row lock makes a retry or a second request of the
 * same move wait and then answer the first one's result; the partial unique index on completed
 * moves and the ledger's idempotency key (one per old account) keep two moves of one old account,
 * from any process, from crediting twice.
 */
export async function completeMove(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof confirmTransfer>,
): Promise<DataOf<typeof confirmTransfer>> {
  try {
    return await confirmInTransaction(deps, request, principal, body);
  } catch (error) {
    // Another move of the same old account completed first, in a transaction that overlapped this one.
    const lostRace =
      uniqueViolation(error) === 'account_transfers_completed_once' ||
      (error instanceof ApiError && error.messageKey === 'ledger.idempotencyConflict');
    if (lostRace) throw new ApiError(409, 'accountTransfer.alreadyMoved');
    throw error;
  }
}

function confirmInTransaction(
  deps: AccountTransferDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof confirmTransfer>,
): Promise<DataOf<typeof confirmTransfer>> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const move = await lockedMove(tx, principal.userId, body.transferId, now);
    if (move.step !== 'completed') {
      expectStep(move, 'signedIn');
      if (await alreadyMoved(tx, move.oldAccount)) throw new ApiError(409, 'accountTransfer.alreadyMoved');
      const amount = (move.balance ?? 0n) * BigInt(deps.settings.coinsPerYen);
      // An empty old account completes without a ledger movement (the ledger moves only positive amounts).
      const moved =
        amount > 0n
          ? await transfer(tx, deps.clock, {
              from: houseAccount('accountTransfers', coinCurrency),
              to: playerAccount(principal.userId, coinCurrency),
              amount,
              currency: coinCurrency,
              idempotencyKey: `accountTransfer:${move.oldAccount.toLowerCase()}`,
              kind: 'accountTransfer',
              actor: 'system',
              reason: `balance moved from old account ${move.oldAccount}`,
              metadata: { oldAccount: move.oldAccount },
              clientAddress: request.clientAddress,
              requestId: request.requestId,
            })
          : null;
      if (moved?.replayed) throw new ApiError(409, 'accountTransfer.alreadyMoved');
      await tx
        .update(accountTransfers)
        .set({ step: 'completed', amount, ledgerTransferId: moved?.transfer.id ?? null, completedAt: now })
        .where(eq(accountTransfers.id, move.id));
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(principal.userId),
        action: 'accountTransfer.complete',
        subject: `oldAccount:${move.oldAccount}`,
      });
      move.amount = amount;
      move.completedAt = now;
    }
    const { balance } = await balanceOf(tx, principal.userId, coinCurrency);
    return {
      transferSn: move.id,
      amount: Number(move.amount ?? 0n),
      balance: Number(balance),
      completedAt: (move.completedAt ?? now).toISOString(),
    };
  });
}
