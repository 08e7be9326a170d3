/**
 * The seamless wallet game providers call (docs/architecture.md "Game wallet", docs/requirements.md
 * §10), on the model of the Hub88 Operator Wallet API: POST {base}/user/info, /user/balance,
 * /transaction/bet, /transaction/win, /transaction/rollback, where base is
 * /v2/wallet/<provider id>. Every answer is HTTP 200 with a `status`, signed by us.
 *
 * Order of checks: the provider must be known and enabled, then the X-Hub88-Signature over the
 * raw body must verify with its public key, and only then is the body parsed. A money call is one
 * database transaction: the request_uuid claimed, the bookkeeping row, the ledger transfer, the
 * round, and the stored answer. A refusal rolls all of it back and is stored on its own, so a
 * repeated request_uuid gets the first answer; one sent again with another body (told by the hash
 * of its body) is refused with RS_ERROR_WRONG_SYNTAX and changes nothing.
 */

import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { AppEnv } from '@server/contract-router';
import { type Database, isDatabaseUnavailable } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import {
  gameLaunchTokens,
  gameMachines,
  gameProviders,
  gameSeats,
  gameSessions,
  providerGames,
  walletRequests,
  walletTransactions,
} from '@server/db/schema/hall';
import { gameRecords } from '@server/db/schema/record';
import { ApiError } from '@server/errors';
import { maxJsonNesting, nestsDeeperThan } from '@server/json-nesting';
import { pickLocalised } from '@server/localised-text';
import { coinCurrency } from '@server/shared/player-deps';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { type GameDeps, sessionTokenFor, tokenHash, userIdOfWalletUser, walletUserOf } from '../hall/public';
import { balanceOf, gameProviderAccount, playerAccount, transfer, transferArguments } from '../ledger/public';

export const walletBasePath = '/v2/wallet';
export const signatureHeader = 'x-hub88-signature';

export const walletStatuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type WalletStatus = (typeof walletStatuses)[number];

type Answer = Record<string, unknown> & { status: WalletStatus };
type Provider = typeof gameProviders.$inferSelect;

/** A signed request's JSON body, and the hash its answer is stored with. */
interface WalletRequest {
  body: Record<string, unknown>;
  bodyHash: string;
}

const uuid = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const protocolAmount = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

// Loose objects: fields the protocol adds later (is_billable, ...) are accepted and ignored; `meta` is kept.
const meta = v.optional(v.unknown());
const userInfoBody = v.looseObject({ request_uuid: uuid, user: v.optional(v.string()), token: v.optional(v.string()) });
const balanceBody = v.looseObject({
  request_uuid: uuid,
  user: v.string(),
  token: v.string(),
  game_code: v.optional(v.string()),
});
const transactionFields = {
  request_uuid: uuid,
  transaction_uuid: uuid,
  user: v.string(),
  token: v.string(),
  round: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  game_code: v.string(),
  currency: v.string(),
  amount: protocolAmount,
  is_free: v.optional(v.nullable(v.boolean())),
  round_closed: v.optional(v.nullable(v.boolean())),
  meta,
};
const betBody = v.looseObject(transactionFields);
const winBody = v.looseObject({ ...transactionFields, reference_transaction_uuid: uuid });
const rollbackBody = v.looseObject({
  request_uuid: uuid,
  transaction_uuid: uuid,
  reference_transaction_uuid: uuid,
  user: v.string(),
  token: v.string(),
  round: v.optional(v.nullable(v.string())),
  game_code: v.optional(v.nullable(v.string())),
  meta,
});

/** A refusal: the transaction is rolled back and this status answered (with the balance where it helps). */
class WalletRefusal extends Error {
  constructor(
    readonly status: WalletStatus,
    readonly balanceOfUser: number | null = null,
  ) {
    super(status);
  }
}

const publicKeys = new Map<string, KeyObject>();
function publicKeyOf(pem: string): KeyObject {
  let key = publicKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    publicKeys.set(pem, key);
  }
  return key;
}

function signatureValid(provider: Provider, raw: string, signature: string | undefined): boolean {
  if (!signature || !/^[A-Za-z0-9+/=_-]{16,2048}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(raw), publicKeyOf(provider.publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** A JSON value's text with every object's keys in order: the same request hashes the same however it is spelled. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/** The hash a request's body is stored with beside its answer. */
function requestHash(body: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The wallet's routes, mounted at walletBasePath. */
export function walletRoutes(deps: GameDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Read on every call (never kept), so a provider disabled by another process is refused at once.
  const providerQuery = deps.db
    .select()
    .from(gameProviders)
    .where(eq(gameProviders.id, sql.placeholder('id')))
    .prepare('wallet_provider');
  const respond = (answer: Answer) => {
    const text = JSON.stringify(answer);
    const signature = sign('sha256', Buffer.from(text), deps.keys.walletPrivateKey).toString('base64');
    return new Response(text, {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'x-hub88-signature': signature },
    });
  };
  app.get(
    '/public-key',
    () => new Response(deps.keys.walletPublicKeyPem, { headers: { 'content-type': 'text/plain' } }),
  );
  const actions = {
    'user/info': userInfo,
    'user/balance': userBalance,
    'transaction/bet': (deps: GameDeps, provider: Provider, request: WalletRequest) =>
      betOrWin(deps, provider, request, 'transaction/bet'),
    'transaction/win': (deps: GameDeps, provider: Provider, request: WalletRequest) =>
      betOrWin(deps, provider, request, 'transaction/win'),
    'transaction/rollback': rollback,
  } as const;
  for (const [path, action] of Object.entries(actions)) {
    app.post(`/:providerId/${path}`, async (c) => {
      const raw = await c.req.text();
      const [provider] = await providerQuery.execute({ id: c.req.param('providerId') });
      if (!provider?.enabled) return respond({ status: 'RS_ERROR_INVALID_PARTNER' });
      if (!signatureValid(provider, raw, c.req.header(signatureHeader)))
        return respond({ status: 'RS_ERROR_INVALID_SIGNATURE' });
      // Reading the body (its hash, its meta) recurses into it: deep nesting is refused before parsing.
      if (nestsDeeperThan(raw, maxJsonNesting)) return respond({ status: 'RS_ERROR_WRONG_SYNTAX' });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return respond({ status: 'RS_ERROR_WRONG_SYNTAX' });
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return respond({ status: 'RS_ERROR_WRONG_SYNTAX' });
      try {
        const fields = body as Record<string, unknown>;
        return respond(await action(deps, provider, { body: fields, bodyHash: requestHash(fields) }));
      } catch (error) {
        if (error instanceof ApiError) throw error;
        // A database that is down answers 503 through the app's handler, so the provider retries.
        if (isDatabaseUnavailable(error)) throw error;
        deps.logger.error({ err: error, provider: provider.id, path }, 'wallet call failed');
        const requestUuid = (body as { request_uuid?: unknown }).request_uuid;
        return respond({
          status: 'RS_ERROR_UNKNOWN',
          ...(typeof requestUuid === 'string' ? { request_uuid: requestUuid } : {}),
        });
      }
    });
  }
  return app;
}

/** The longest `meta` kept, as JSON text: the desk shows it, nothing reads it for money. */
const maxMetaLength = 4000;

/**
 * A request's `meta` as it can be stored: a JSON object of bounded size that PostgreSQL can hold
 * (no NUL character). Anything else is dropped rather than refused: the protocol makes `meta` optional.
 */
function storableMeta(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const text = JSON.stringify(value);
  if (text.length > maxMetaLength || text.includes('\\u0000')) return null;
  return value as Record<string, unknown>;
}

function parsed<T extends v.GenericSchema>(schema: T, body: Record<string, unknown>): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new WalletRefusal('RS_ERROR_WRONG_TYPES');
}

async function availableCoins(db: Database, userId: number): Promise<number> {
  return Number((await balanceOf(db, userId, coinCurrency)).available);
}

function balanceAnswer(provider: Provider, requestUuid: string, user: string, coins: number): Answer {
  return {
    user,
    status: 'RS_OK',
    request_uuid: requestUuid,
    currency: provider.currency,
    balance: coins * provider.amountUnit,
  };
}

/** What a request is stored under, and what it answers when it is refused. */
interface StoredCall {
  requestUuid: string;
  action: string;
  bodyHash: string;
  refusalUser: string | null;
}

/**
 * The answer stored for the call's request_uuid, as a repeat gets it: the same body gets the stored
 * answer, another body RS_ERROR_WRONG_SYNTAX (rows stored before hashes were kept are answered as before).
 */
function storedAnswer(call: StoredCall, row: { answer: Record<string, unknown>; bodyHash: string | null }): Answer {
  if (row.bodyHash !== null && row.bodyHash !== call.bodyHash)
    return { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: call.requestUuid };
  return row.answer as Answer;
}

const storedRow = { answer: walletRequests.answer, bodyHash: walletRequests.bodyHash };

/**
 * Runs a call once per request_uuid: the claim, the work and the answer commit together; a
 * refusal is stored after the rollback; a repeat answers what was stored, as storedAnswer says.
 * `replayRefusal` may refuse a repeat whose first answer no longer holds (a status, or null to repeat it).
 */
async function once(
  deps: GameDeps,
  provider: Provider,
  call: StoredCall,
  work: (tx: Database) => Promise<Answer>,
  replayRefusal?: (tx: Database) => Promise<WalletStatus | null>,
): Promise<Answer> {
  const { requestUuid, action, bodyHash } = call;
  const key = and(eq(walletRequests.providerId, provider.id), eq(walletRequests.requestUuid, requestUuid));
  try {
    return await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(walletRequests)
        .values({ providerId: provider.id, requestUuid, action, answer: {}, bodyHash, createdAt: deps.clock.now() })
        .onConflictDoNothing()
        .returning({ requestUuid: walletRequests.requestUuid });
      if (claimed.length === 0) {
        const [row] = await tx.select(storedRow).from(walletRequests).where(key);
        if (!row) throw new Error(`wallet request ${requestUuid} claimed but not stored`);
        const answer = storedAnswer(call, row);
        const refused = answer.status === 'RS_OK' && replayRefusal ? await replayRefusal(tx) : null;
        return refused ? { status: refused, request_uuid: requestUuid } : answer;
      }
      const answer = await work(tx);
      await tx.update(walletRequests).set({ answer }).where(key);
      return answer;
    });
  } catch (error) {
    if (!(error instanceof WalletRefusal)) throw error;
    return storeRefusal(deps, provider, call, error);
  }
}

/** Stores a refusal, after its transaction was rolled back, unless another answer got there first. */
async function storeRefusal(
  deps: GameDeps,
  provider: Provider,
  call: StoredCall,
  refusal: WalletRefusal,
): Promise<Answer> {
  const { requestUuid, action, bodyHash, refusalUser } = call;
  const answer: Answer = {
    status: refusal.status,
    request_uuid: requestUuid,
    ...(refusalUser ? { user: refusalUser } : {}),
  };
  if (refusal.balanceOfUser !== null) {
    answer.currency = provider.currency;
    answer.balance = (await availableCoins(deps.db, refusal.balanceOfUser)) * provider.amountUnit;
  }
  await deps.db
    .insert(walletRequests)
    .values({ providerId: provider.id, requestUuid, action, answer, bodyHash, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select(storedRow)
    .from(walletRequests)
    .where(and(eq(walletRequests.providerId, provider.id), eq(walletRequests.requestUuid, requestUuid)));
  return row ? storedAnswer(call, row) : answer;
}

/** Refusals before the request is known well enough to store an answer for it. */
async function unstored(requestUuid: unknown, run: () => Promise<Answer>): Promise<Answer> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof WalletRefusal)) throw error;
    return { status: error.status, ...(typeof requestUuid === 'string' ? { request_uuid: requestUuid } : {}) };
  }
}

interface SessionRow {
  id: number;
  userId: number;
  gameId: number;
  machineId: number;
  machineNumber: number;
  expiresAt: Date;
  closedAt: Date | null;
}

async function sessionOf(tx: Database, provider: Provider, token: string, user: string): Promise<SessionRow> {
  const [session] = await tx
    .select({
      id: gameSessions.id,
      userId: gameSessions.userId,
      gameId: gameSessions.gameId,
      machineId: gameSessions.machineId,
      machineNumber: gameMachines.number,
      expiresAt: gameSessions.expiresAt,
      closedAt: gameSessions.closedAt,
    })
    .from(gameSessions)
    .innerJoin(gameMachines, eq(gameMachines.id, gameSessions.machineId))
    .where(and(eq(gameSessions.tokenHash, tokenHash(token)), eq(gameSessions.providerId, provider.id)));
  if (!session || userIdOfWalletUser(user) !== session.userId) throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  return session;
}

function assertOpen(deps: GameDeps, session: SessionRow): void {
  if (session.closedAt !== null || session.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new WalletRefusal('RS_ERROR_TOKEN_EXPIRED');
}

async function gameOf(tx: Database, provider: Provider, gameCode: string) {
  const [game] = await tx
    .select()
    .from(providerGames)
    .where(and(eq(providerGames.providerId, provider.id), eq(providerGames.gameCode, gameCode)));
  if (!game) throw new WalletRefusal('RS_ERROR_INVALID_GAME');
  return game;
}

async function userInfo(deps: GameDeps, provider: Provider, { body, bodyHash }: WalletRequest): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = parsed(userInfoBody, body);
    const launchToken = request.token;
    if (launchToken === undefined) return plainUserInfo(deps, provider, request.request_uuid, request.user);
    const answer = await once(
      deps,
      provider,
      { requestUuid: request.request_uuid, action: 'user/info', bodyHash, refusalUser: request.user ?? null },
      (tx) => redeemLaunchToken(deps, tx, provider, request.request_uuid, launchToken, request.user),
      (tx) => redemptionReplayRefusal(deps, tx, launchToken),
    );
    // The session token is derived again, never stored: the answer a repeat gets is the same.
    return answer.status === 'RS_OK' ? { ...answer, token: sessionTokenFor(deps.sessionSecret, launchToken) } : answer;
  });
}

/**
 * A repeated redemption hands out the game session again, so it is answered only while the launch
 * token is within its lifetime and the session it opened is still open: a provider that lost the
 * first answer retries at once, and a launch URL is worth nothing once its time is up, the seat is
 * left or the machine launched again.
 */
async function redemptionReplayRefusal(
  deps: GameDeps,
  tx: Database,
  launchToken: string,
): Promise<WalletStatus | null> {
  const now = deps.clock.now();
  const hash = tokenHash(launchToken);
  const [open] = await tx
    .select({ id: gameSessions.id })
    .from(gameSessions)
    .innerJoin(gameLaunchTokens, eq(gameLaunchTokens.tokenHash, gameSessions.launchTokenHash))
    .where(
      and(
        eq(gameSessions.launchTokenHash, hash),
        isNull(gameSessions.closedAt),
        gt(gameSessions.expiresAt, now),
        gt(gameLaunchTokens.expiresAt, now),
      ),
    );
  return open ? null : 'RS_ERROR_TOKEN_EXPIRED';
}

/** Hub88's user info, only for a player who holds an open game session of this provider. */
async function plainUserInfo(
  deps: GameDeps,
  provider: Provider,
  requestUuid: string,
  user: string | undefined,
): Promise<Answer> {
  const userId = user === undefined ? null : userIdOfWalletUser(user);
  const [row] = userId
    ? await deps.db
        .select({ registeredAt: users.registeredAt })
        .from(users)
        .innerJoin(gameSessions, eq(gameSessions.userId, users.id))
        .where(
          and(
            eq(users.id, userId),
            eq(gameSessions.providerId, provider.id),
            isNull(gameSessions.closedAt),
            gt(gameSessions.expiresAt, deps.clock.now()),
          ),
        )
        .limit(1)
    : [];
  if (!row || userId === null) throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  return {
    user: walletUserOf(userId),
    status: 'RS_OK',
    request_uuid: requestUuid,
    registration_date: row.registeredAt.toISOString().slice(0, 10),
    tags: [],
  };
}

/** The launch token, used once, becomes a game session bound to the same player, machine and game. */
async function redeemLaunchToken(
  deps: GameDeps,
  tx: Database,
  provider: Provider,
  requestUuid: string,
  launchToken: string,
  user: string | undefined,
): Promise<Answer> {
  const now = deps.clock.now();
  const hash = tokenHash(launchToken);
  const [launch] = await tx
    .select({
      userId: gameLaunchTokens.userId,
      machineId: gameLaunchTokens.machineId,
      machineNumber: gameMachines.number,
      gameId: gameLaunchTokens.gameId,
      gameCode: providerGames.gameCode,
      providerId: providerGames.providerId,
      expiresAt: gameLaunchTokens.expiresAt,
      redeemedAt: gameLaunchTokens.redeemedAt,
    })
    .from(gameLaunchTokens)
    .innerJoin(providerGames, eq(providerGames.id, gameLaunchTokens.gameId))
    .innerJoin(gameMachines, eq(gameMachines.id, gameLaunchTokens.machineId))
    .where(eq(gameLaunchTokens.tokenHash, hash))
    .for('update', { of: gameLaunchTokens });
  if (!launch || launch.providerId !== provider.id || launch.redeemedAt !== null)
    throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  if (user !== undefined && userIdOfWalletUser(user) !== launch.userId)
    throw new WalletRefusal('RS_ERROR_INVALID_TOKEN');
  if (launch.expiresAt.getTime() <= now.getTime()) throw new WalletRefusal('RS_ERROR_TOKEN_EXPIRED');
  // The seat may have been left or taken elsewhere since the launch.
  const [seat] = await tx
    .select({ id: gameSeats.id })
    .from(gameSeats)
    .where(and(eq(gameSeats.userId, launch.userId), eq(gameSeats.machineId, launch.machineId)));
  if (!seat) throw new WalletRefusal('RS_ERROR_TOKEN_EXPIRED');
  await tx.update(gameLaunchTokens).set({ redeemedAt: now }).where(eq(gameLaunchTokens.tokenHash, hash));
  await tx.insert(gameSessions).values({
    tokenHash: tokenHash(sessionTokenFor(deps.sessionSecret, launchToken)),
    launchTokenHash: hash,
    providerId: provider.id,
    userId: launch.userId,
    gameId: launch.gameId,
    machineId: launch.machineId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.times.sessionIdleMs),
  });
  return {
    ...balanceAnswer(provider, requestUuid, walletUserOf(launch.userId), await availableCoins(tx, launch.userId)),
    game_code: launch.gameCode,
    machine: launch.machineNumber,
  };
}

/** The current balance: never stored, a repeat answers what is current. */
async function userBalance(deps: GameDeps, provider: Provider, { body }: WalletRequest): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = parsed(balanceBody, body);
    const session = await sessionOf(deps.db, provider, request.token, request.user);
    assertOpen(deps, session);
    if (request.game_code !== undefined) {
      const game = await gameOf(deps.db, provider, request.game_code);
      if (game.id !== session.gameId) throw new WalletRefusal('RS_ERROR_INVALID_GAME');
    }
    return balanceAnswer(provider, request.request_uuid, request.user, await availableCoins(deps.db, session.userId));
  });
}

function ledgerOrigin(provider: Provider) {
  return { actor: `gameProvider:${provider.id}` };
}

/** Adds a bet or a win (negative to take one back) to the player's row of the round, creating it. */
async function addToRound(
  deps: GameDeps,
  tx: Database,
  provider: Provider,
  round: { id: string; userId: number; gameId: number; machineId: number; bet: number; win: number },
): Promise<void> {
  const [game] = await tx
    .select({ name: providerGames.name })
    .from(providerGames)
    .where(eq(providerGames.id, round.gameId));
  const [machine] = await tx
    .select({ number: gameMachines.number })
    .from(gameMachines)
    .where(eq(gameMachines.id, round.machineId));
  const now = deps.clock.now();
  await tx
    .insert(gameRecords)
    .values({
      userId: round.userId,
      gameName: game ? pickLocalised(game.name, 'ja-JP') : '',
      machineId: String(machine?.number ?? ''),
      betAmount: round.bet,
      winAmount: round.win,
      playedAt: now,
      providerId: provider.id,
      round: round.id,
      gameId: round.gameId,
      gameMachineId: round.machineId,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [gameRecords.providerId, gameRecords.userId, gameRecords.round],
      set: {
        betAmount: sql`${gameRecords.betAmount} + ${round.bet}`,
        winAmount: sql`${gameRecords.winAmount} + ${round.win}`,
        updatedAt: now,
      },
    });
}

async function moveCoins(
  deps: GameDeps,
  tx: Database,
  provider: Provider,
  move: { payer: 'player' | 'house'; userId: number; coins: number; kind: string; key: string; round: string },
): Promise<number | null> {
  if (move.coins === 0) return null;
  const player = playerAccount(move.userId, coinCurrency);
  const house = gameProviderAccount(provider.id, move.userId, coinCurrency);
  try {
    const result = await transfer(tx, deps.clock, {
      ...ledgerOrigin(provider),
      reason: `${move.kind} round ${move.round}`,
      from: move.payer === 'player' ? player : house,
      to: move.payer === 'player' ? house : player,
      amount: BigInt(move.coins),
      currency: coinCurrency,
      idempotencyKey: move.key,
      kind: move.kind,
      metadata: { provider: provider.id, round: move.round },
    });
    return result.transfer.id;
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'ledger.insufficientBalance')
      throw new WalletRefusal('RS_ERROR_NOT_ENOUGH_MONEY', move.userId);
    throw error;
  }
}

/** A bet, or a win (paid whatever the session's age: it may settle a bet made before it expired). */
async function betOrWin(
  deps: GameDeps,
  provider: Provider,
  { body, bodyHash }: WalletRequest,
  action: 'transaction/bet' | 'transaction/win',
): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = action === 'transaction/bet' ? parsed(betBody, body) : parsed(winBody, body);
    const referenceUuid = 'reference_transaction_uuid' in request ? request.reference_transaction_uuid : null;
    const userId = userIdOfWalletUser(request.user);
    const coins = request.amount % provider.amountUnit === 0 ? request.amount / provider.amountUnit : null;
    const moved = action === 'transaction/bet' && request.is_free ? 0 : coins;
    const now = deps.clock.now();
    const ledger =
      userId !== null && moved !== null && moved > 0
        ? ledgerArguments(deps, provider, action, userId, moved, request.transaction_uuid, request.round)
        : null;
    try {
      const [row] = await betOrWinQuery(deps.db).execute({
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
        houseCode: ledger?.houseCode ?? null,
        currency: coinCurrency,
        kind: ledger?.kind ?? null,
        actor: ledger?.actor ?? null,
        idempotencyKey: ledger?.idempotencyKey ?? null,
        paramsHash: ledger?.paramsHash ?? null,
        reason: ledger?.reason ?? null,
        metadata: ledger?.metadata ?? null,
        meta: storableMeta(request.meta),
        bodyHash,
      });
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
    return new WalletRefusal(status, typeof detail === 'string' && detail !== '' ? Number(detail) : null);
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
        ${value('bodyHash')}::text)`,
    )
    .prepare('wallet_bet_or_win');
}

/**
 * Undoes a bet (coins back to the player) or a win (coins back to the house), once. A rollback of
 * a transaction we never saw leaves a tombstone under its uuid, so the late bet is refused. A bet
 * that a win has settled stays booked: the round was played and paid, so its rollback is refused
 * (RS_ERROR_UNKNOWN, the model's status for a case without its own) until that win is rolled back.
 */
async function rollback(deps: GameDeps, provider: Provider, { body, bodyHash }: WalletRequest): Promise<Answer> {
  return unstored(body.request_uuid, async () => {
    const request = parsed(rollbackBody, body);
    return once(
      deps,
      provider,
      { requestUuid: request.request_uuid, action: 'transaction/rollback', bodyHash, refusalUser: request.user },
      async (tx) => {
        const session = await sessionOf(tx, provider, request.token, request.user);
        const now = deps.clock.now();
        const answer = async () =>
          balanceAnswer(provider, request.request_uuid, request.user, await availableCoins(tx, session.userId));
        const referenceKey = and(
          eq(walletTransactions.providerId, provider.id),
          eq(walletTransactions.transactionUuid, request.reference_transaction_uuid),
        );
        const [claimed] = await tx
          .insert(walletTransactions)
          .values({
            providerId: provider.id,
            transactionUuid: request.transaction_uuid,
            kind: 'rollback',
            userId: session.userId,
            round: request.round ?? null,
            amount: 0,
            referenceTransactionUuid: request.reference_transaction_uuid,
            requestUuid: request.request_uuid,
            meta: storableMeta(request.meta),
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: walletTransactions.id });
        if (!claimed) {
          const [same] = await tx
            .select({ id: walletTransactions.id })
            .from(walletTransactions)
            .where(
              and(
                eq(walletTransactions.providerId, provider.id),
                eq(walletTransactions.transactionUuid, request.transaction_uuid),
              ),
            );
          if (same) throw new WalletRefusal('RS_ERROR_DUPLICATE_TRANSACTION', session.userId);
          // Another rollback of the same transaction came first: it is undone already.
          return answer();
        }
        let [reference] = await tx.select().from(walletTransactions).where(referenceKey).for('update');
        if (!reference) {
          const [tombstone] = await tx
            .insert(walletTransactions)
            .values({
              providerId: provider.id,
              transactionUuid: request.reference_transaction_uuid,
              kind: 'tombstone',
              userId: session.userId,
              round: request.round ?? null,
              amount: 0,
              createdAt: now,
            })
            .onConflictDoNothing()
            .returning({ id: walletTransactions.id });
          if (tombstone) return answer();
          // The bet arrived meanwhile: undo it.
          [reference] = await tx.select().from(walletTransactions).where(referenceKey).for('update');
        }
        if (!reference || reference.userId !== session.userId || reference.kind === 'rollback')
          throw new WalletRefusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        if (reference.kind === 'tombstone' || reference.rolledBackAt !== null) return answer();
        if (reference.kind === 'bet') {
          // A win of this bet commits before this lock is ours (it holds the bet), so it is seen here.
          const [standingWin] = await tx
            .select({ id: walletTransactions.id })
            .from(walletTransactions)
            .where(
              and(
                eq(walletTransactions.providerId, provider.id),
                eq(walletTransactions.referenceTransactionUuid, reference.transactionUuid),
                eq(walletTransactions.kind, 'win'),
                isNull(walletTransactions.rolledBackAt),
              ),
            )
            .limit(1);
          if (standingWin) throw new WalletRefusal('RS_ERROR_UNKNOWN', session.userId);
        }
        const round = reference.round ?? request.round ?? '';
        const transferId = await moveCoins(deps, tx, provider, {
          payer: reference.kind === 'bet' ? 'house' : 'player',
          userId: session.userId,
          coins: reference.amount,
          kind: 'gameRollback',
          key: `rollback:${reference.transactionUuid}`,
          round,
        });
        await tx.update(walletTransactions).set({ rolledBackAt: now }).where(eq(walletTransactions.id, reference.id));
        // The rollback row records the amount it gave back and the transfer that did it.
        await tx
          .update(walletTransactions)
          .set({ amount: reference.amount, ledgerTransferId: transferId })
          .where(eq(walletTransactions.id, claimed.id));
        if (reference.gameId !== null && reference.machineId !== null && reference.round !== null) {
          await addToRound(deps, tx, provider, {
            id: reference.round,
            userId: session.userId,
            gameId: reference.gameId,
            machineId: reference.machineId,
            bet: reference.kind === 'bet' ? -reference.amount : 0,
            win: reference.kind === 'win' ? -reference.amount : 0,
          });
        }
        return answer();
      },
    );
  });
}
