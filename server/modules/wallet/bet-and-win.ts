/** Bets and wins: one call of the database's wallet_bet_or_win, which books the round and the transfer. */

import { protectionRefusals } from '@contract/protection';
import type { Database } from '@server/db/client';
import { coinCurrency } from '@server/shared/player-deps';
import { sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { type GameDeps, tokenHash, userIdOfWalletUser } from '../hall/public';
import { gameProviderAccount, playerAccount, transferArguments } from '../ledger/public';
import {
  type Answer,
  betBody,
  ledgerOrigin,
  type Provider,
  parsed,
  storableMeta,
  unstored,
  WalletRefusal,
  type WalletRequest,
  walletStatuses,
  winBody,
} from './protocol';
import { storeRefusal } from './stored-calls';

/** A bet, or a win (paid whatever the session's age: it may settle a bet made before it expired). */
export async function betOrWin(
  deps: GameDeps,
  provider: Provider,
  { body, bodyHash }: WalletRequest,
  action: 'transaction/bet' | 'transaction/win',
): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = action === 'transaction/bet' ? parsed(betBody, body) : parsed(winBody, body);
    const params = callParams(deps, provider, action, request, bodyHash);
    try {
      const [row] = await betOrWinQuery(deps.db).execute(params);
      if (!row?.answer) throw new Error('wallet_bet_or_win returned no answer');
      return row.answer as Answer;
    } catch (error) {
      const refusal = walletRefusalOf(error);
      if (!refusal) throw error;
      const call = { requestUuid: request.request_uuid, action, bodyHash, refusalUser: request.user };
      return storeRefusal(deps, provider, call, refusal);
    }
  });
}

type BetOrWinRequest = v.InferOutput<typeof betBody> & { reference_transaction_uuid?: string };

/** wallet_bet_or_win's arguments for a bet or a win: the request, the provider's terms, and the ledger's transfer. */
function callParams(
  deps: GameDeps,
  provider: Provider,
  action: 'transaction/bet' | 'transaction/win',
  request: BetOrWinRequest,
  bodyHash: string,
) {
  const referenceUuid = 'reference_transaction_uuid' in request ? request.reference_transaction_uuid : null;
  const userId = userIdOfWalletUser(request.user);
  const coins = request.amount % provider.amountUnit === 0 ? request.amount / provider.amountUnit : null;
  const moved = action === 'transaction/bet' && request.is_free ? 0 : coins;
  const now = deps.clock.now();
  const ledger =
    userId !== null && moved !== null && moved > 0
      ? ledgerArguments(deps, provider, action, userId, moved, request.transaction_uuid, request.round)
      : null;
  return {
    providerId: provider.id,
    action,
    requestUuid: request.request_uuid,
    transactionUuid: request.transaction_uuid,
    referenceUuid,
    user: request.user,
    userId,
    tokenHash: tokenHash(request.token),
    gameCode: request.game_code,
    currencyMatches: request.currency === provider.currency,
    round: request.round,
    coins,
    isFree: request.is_free ?? false,
    answerCurrency: provider.currency,
    amountUnit: provider.amountUnit,
    now: now.toISOString(),
    sessionExpiresAt: new Date(now.getTime() + deps.times.sessionIdleMs).toISOString(),
    ...ledgerColumns(ledger),
    meta: storableMeta(request.meta),
    bodyHash,
    events: request.events ?? null,
  };
}

/** The transfer's arguments as wallet_bet_or_win takes them: all null when nothing moves. */
function ledgerColumns(ledger: ReturnType<typeof ledgerArguments> | null) {
  return {
    houseCode: ledger?.houseCode ?? null,
    currency: coinCurrency,
    kind: ledger?.kind ?? null,
    actor: ledger?.actor ?? null,
    idempotencyKey: ledger?.idempotencyKey ?? null,
    paramsHash: ledger?.paramsHash ?? null,
    reason: ledger?.reason ?? null,
    metadata: ledger?.metadata ?? null,
  };
}

/** The ledger transfer of a bet (player to house) or a win (house to player), checked and hashed by the ledger. */
function ledgerArguments(
  deps: GameDeps,
  provider: Provider,
  action: 'transaction/bet' | 'transaction/win',
  userId: number,
  coins: number,
  transactionUuid: string,
  round: string,
) {
  const player = playerAccount(userId, coinCurrency);
  const house = gameProviderAccount(provider.id, userId, coinCurrency);
  const isBet = action === 'transaction/bet';
  const kind = isBet ? 'gameBet' : 'gameWin';
  const args = transferArguments(deps.clock, {
    ...ledgerOrigin(provider),
    reason: `${kind} round ${round}`,
    from: isBet ? player : house,
    to: isBet ? house : player,
    amount: BigInt(coins),
    currency: coinCurrency,
    idempotencyKey: `${isBet ? 'bet' : 'win'}:${transactionUuid}`,
    kind,
    metadata: { provider: provider.id, round },
  });
  if (house.kind !== 'house') throw new Error('A provider account is a house account');
  return { ...args, houseCode: house.code };
}

/** A refusal wallet_bet_or_win raised (SQLSTATE WL001), wherever the driver put the database's error. */
function walletRefusalOf(error: unknown, depth = 0): WalletRefusal | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  if (code === 'WL001') {
    const status = walletStatuses.find((known) => known === error.message);
    if (!status) throw new Error(`wallet_bet_or_win refused with ${JSON.stringify(error.message)}`);
    const { hint } = error as { hint?: unknown };
    const reason = protectionRefusals.find((known) => known === hint) ?? null;
    return new WalletRefusal(status, typeof detail === 'string' && detail !== '' ? Number(detail) : null, reason);
  }
  return walletRefusalOf(error.cause, depth + 1);
}

/** Prepared once per database, so PostgreSQL parses and plans the wallet's busiest call once per connection. */
const betOrWinQueries = new WeakMap<Database, ReturnType<typeof prepareBetOrWin>>();

function betOrWinQuery(db: Database) {
  let query = betOrWinQueries.get(db);
  if (!query) {
    query = prepareBetOrWin(db);
    betOrWinQueries.set(db, query);
  }
  return query;
}

function prepareBetOrWin(db: Database) {
  const value = sql.placeholder;
  return db
    .select({ answer: sql<Record<string, unknown>>`${sql.identifier('answer')}` })
    .from(
      sql`wallet_bet_or_win(
        ${value('providerId')}::text, ${value('action')}::text, ${value('requestUuid')}::text, ${value('transactionUuid')}::text,
        ${value('referenceUuid')}::text, ${value('user')}::text, ${value('userId')}::integer, ${value('tokenHash')}::text,
        ${value('gameCode')}::text, ${value('currencyMatches')}::boolean, ${value('round')}::text, ${value('coins')}::bigint, ${value('isFree')}::boolean,
        ${value('answerCurrency')}::text, ${value('amountUnit')}::integer, ${value('now')}::timestamptz, ${value('sessionExpiresAt')}::timestamptz,
        ${value('houseCode')}::text, ${value('currency')}::text, ${value('kind')}::text, ${value('actor')}::text, ${value('idempotencyKey')}::text,
        ${value('paramsHash')}::text, ${value('reason')}::text, ${value('metadata')}::jsonb, ${value('meta')}::jsonb,
        ${value('bodyHash')}::text, ${value('events')}::jsonb)`,
    )
    .prepare('wallet_bet_or_win');
}
