import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { withdrawalStatusGroups } from '@contract/money';
import { hasPersonalInformation } from '@contract/user-profile';
import {
  type cancelWithdrawal,
  type Withdrawal,
  withdrawalFee,
  type withdrawalList,
  withdrawalPayoutYen,
  type withdrawalQuery,
  type withdrawToBank,
} from '@contract/withdrawal';
import type { Principal } from '@server/contract-router';
import { withdrawals } from '@server/db/schema/withdrawal';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { newOrderSn, requestHash } from '@server/shared/order-numbers';
import { groupTotals, orderConditions, statusTotals } from '@server/shared/order-rows';
import { onePage } from '@server/shared/paging';
import { coinCurrency, type PlayerDeps, type PlayerRequest } from '@server/shared/player-deps';
import { fieldRefusal } from '@server/shared/refusals';
import { and, count, desc, eq } from 'drizzle-orm';
import { checkPayPassword, findUserById, payPasswordTriesLeft } from '../auth/public';
import { boundCardsOf, holderMismatches, holderMismatchRefusal, maskedNumber } from '../bank/public';
import { hold, houseAccount, playerAccount, voidHold } from '../ledger/public';
import { kycStatusOf } from '../user/public';
import { type WithdrawalRow, withdrawalView } from './withdrawal-rows';

export async function withdrawalByKey(
  deps: PlayerDeps,
  userId: number,
  idempotencyKey: string,
): Promise<WithdrawalRow | null> {
  const [row] = await deps.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, idempotencyKey)));
  return row ?? null;
}

/**
 * How every withdrawal request opens, yen or coin: the pay password first (wrong ones count against
 * the account and end in 429, right ones never count); then a retry of the same Idempotency-Key
 * answers with the first request, and another body under that key is refused (409).
 */
export async function openWithdrawalRequest(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  payPassword: string,
  idempotencyKey: string,
  params: readonly (string | number)[],
) {
  const user = await findUserById(deps.db, principal.userId);
  if (!user) throw new ApiError(401, 'error.unauthorised');
  const { payPasswordHash } = user;
  if (!payPasswordHash) throw new ApiError(422, 'draw.payPasswordNotSet');
  if (!(await checkPayPassword(deps, deps.payPasswordLimit, { id: user.id, payPasswordHash }, payPassword))) {
    const count = await payPasswordTriesLeft(deps, deps.payPasswordLimit, user.id);
    throw count > 0
      ? fieldRefusal(request.t, 400, 'payPassword', 'draw.payPasswordWrongTries', { count })
      : fieldRefusal(request.t, 400, 'payPassword', 'draw.payPasswordNoTriesLeft');
  }
  const paramsHash = requestHash(params);
  const answer = (row: WithdrawalRow) => {
    if (row.paramsHash !== paramsHash) throw new ApiError(409, 'ledger.idempotencyConflict');
    return withdrawalView(row, request.locale);
  };
  const earlier = await withdrawalByKey(deps, user.id, idempotencyKey);
  return { user, paramsHash, answer, earlier: earlier ? answer(earlier) : null };
}

/**
 * A player asks for yen to a bound card. The pay password comes first (wrong ones count against
 * the account and end in 429, right ones never count); then a retry of the same Idempotency-Key
 * answers with the first request (another body: 409). Approved KYC and a card in the player's own
 * name are required. The coins are held in the ledger in the transaction that writes the request,
 * so they cannot be spent twice; the player may cancel it while it waits for its review
 * (cancelOwnWithdrawal), after that only an operator settles it.
 */
export async function requestWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawToBank>,
  idempotencyKey: string,
): Promise<Withdrawal> {
  const { db, clock } = deps;
  const { user, paramsHash, answer, earlier } = await openWithdrawalRequest(
    deps,
    request,
    principal,
    body.payPassword,
    idempotencyKey,
    ['withdraw', body.bankCardId, body.amount],
  );
  if (earlier) return earlier;

  if ((await kycStatusOf(db, user.id)) !== 'approved') throw new ApiError(422, 'draw.kycRequired');
  if (!hasPersonalInformation(user)) throw new ApiError(422, 'pay.completePersonalInformation');
  const cards = await boundCardsOf(db, user.id);
  if (cards.length === 0) throw new ApiError(422, 'pay.bindBankCardFirst');
  const card = cards.find((candidate) => candidate.id === body.bankCardId);
  if (!card) throw new ApiError(404, 'bank.cardNotFound');
  const mismatched = holderMismatches(card, user);
  if (mismatched.length > 0) throw holderMismatchRefusal(request, mismatched);
  const limits = deps.settings.withdrawal;
  const fee = withdrawalFee(body.amount, limits);
  const payoutYen = withdrawalPayoutYen(body.amount, { ...limits, coinsPerYen: deps.settings.coinsPerYen });
  if (body.amount < limits.minAmount || body.amount > limits.maxAmount || payoutYen < 1) {
    throw fieldRefusal(request.t, 422, 'amount', 'draw.amountOutOfRange', {
      min: limits.minAmount,
      max: limits.maxAmount,
    });
  }

  const created = await db.transaction(async (tx) => {
    const now = clock.now();
    const held = await hold(tx, clock, {
      actor: actorOfUser(user.id),
      reason: 'withdrawal to a bank account requested',
      clientAddress: request.clientAddress,
      requestId: request.requestId,
      from: playerAccount(user.id, coinCurrency),
      to: houseAccount('withdrawalsInFlight', coinCurrency),
      amount: BigInt(body.amount),
      currency: coinCurrency,
      idempotencyKey: `withdraw:${idempotencyKey}`,
      kind: 'withdrawal',
      metadata: { bankCardId: card.id },
    });
    // A replayed hold means a twin request with this key committed first: answer as it did.
    if (held.replayed) return null;
    const [inserted] = await tx
      .insert(withdrawals)
      .values({
        orderSn: newOrderSn('W', now),
        userId: user.id,
        bankCardId: card.id,
        bankCode: card.bankCode,
        branchCode: card.branchCode,
        accountNumber: card.cardNumber,
        accountHolder: card.holderPinyinName,
        amount: body.amount,
        fee,
        payoutYen,
        status: 'withdrawalReview',
        holdTransferId: held.transfer.id,
        idempotencyKey,
        paramsHash,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('withdrawal insert returned no row');
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'withdrawal.request',
      subject: `withdrawal:${inserted.orderSn}`,
      reason: `${inserted.amount} coins to ${card.bankCode} ${maskedNumber(card.cardNumber)}, ${payoutYen} yen to pay out`,
    });
    return inserted;
  });
  const row = created ?? (await withdrawalByKey(deps, user.id, idempotencyKey));
  if (!row) throw new Error('withdrawal with this key vanished');
  return answer(row);
}

/** One of the player's withdrawals by its number; another player's number is as unknown as a made-up one. */
async function ownWithdrawal(deps: PlayerDeps, principal: Principal, orderSn: string): Promise<WithdrawalRow> {
  const [row] = await deps.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, principal.userId), eq(withdrawals.orderSn, orderSn)));
  if (!row) throw new ApiError(404, 'draw.withdrawalNotFound');
  return row;
}

export async function withdrawalOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawalQuery>,
): Promise<Withdrawal> {
  return withdrawalView(await ownWithdrawal(deps, principal, body.orderSn), request.locale);
}

/**
 * The player takes back a withdrawal (yen or coin) that still waits for its review. The request is
 * claimed out of review (`UPDATE … WHERE status = 'withdrawalReview'`), so of a cancel and the
 * desk's approval or rejection at the same moment exactly one wins and the other is told (409); in
 * the same transaction the hold is voided through the ledger, the audit row written and the letter
 * sent. A repeat of a cancel that has happened answers with the cancelled request and moves nothing.
 */
export async function cancelOwnWithdrawal(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof cancelWithdrawal>,
): Promise<Withdrawal> {
  const found = await ownWithdrawal(deps, principal, body.orderSn);
  const cancelled = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [claimed] = await tx
      .update(withdrawals)
      .set({ status: 'withdrawalCancelled', completedAt: now })
      .where(and(eq(withdrawals.id, found.id), eq(withdrawals.status, 'withdrawalReview')))
      .returning();
    if (!claimed) return null;
    await voidHold(tx, deps.clock, {
      holdId: claimed.holdTransferId,
      actor: actorOfUser(principal.userId),
      reason: `withdrawal ${claimed.orderSn} cancelled by the player`,
      clientAddress: request.clientAddress,
      requestId: request.requestId,
    });
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(principal.userId),
      action: 'withdrawal.cancel',
      subject: `withdrawal:${claimed.orderSn}`,
      reason: `${claimed.amount} coins released before review`,
    });
    await deps.letters.send(tx, {
      userId: claimed.userId,
      kind: 'withdrawalCancelled',
      subject: `withdrawal:${claimed.orderSn}`,
      params: { orderSn: claimed.orderSn, amount: claimed.amount },
    });
    return claimed;
  });
  if (cancelled) return withdrawalView(cancelled, request.locale);
  // Not in review any more: a cancel that won before answers as it did, anything else is too late.
  const current = await ownWithdrawal(deps, principal, body.orderSn);
  if (current.status === 'withdrawalCancelled') return withdrawalView(current, request.locale);
  throw new ApiError(409, 'draw.cannotCancel');
}

export async function withdrawalsOf(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof withdrawalList>,
): Promise<DataOf<typeof withdrawalList>> {
  const where = and(
    eq(withdrawals.userId, principal.userId),
    ...orderConditions(withdrawals, body),
    ...(body.method ? [eq(withdrawals.method, body.method)] : []),
  );
  const [page, totals] = await Promise.all([
    onePage(
      body,
      deps.db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)),
      deps.db.select({ total: count() }).from(withdrawals).where(where),
    ),
    statusTotals(deps.db, withdrawals, where),
  ]);
  return {
    list: page.list.map((row) => withdrawalView(row, request.locale)),
    total: page.total,
    totals: groupTotals(totals, withdrawalStatusGroups),
  };
}
