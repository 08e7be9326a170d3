/**
 * The wallet's protocol, on the model of the Hub88 Operator Wallet API: the statuses, the request
 * bodies and how they are read, the answers' shapes, and the refusal that answers a status.
 */

import { createHash } from 'node:crypto';
import type { ProtectionRefusal } from '@contract/protection';
import type { Database } from '@server/db/client';
import type { gameProviders } from '@server/db/schema/hall';
import { coinCurrency } from '@server/shared/player-deps';
import * as v from 'valibot';
import { balanceOf } from '../ledger/public';

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

export type Answer = Record<string, unknown> & { status: WalletStatus };
export type Provider = typeof gameProviders.$inferSelect;

/** A signed request's JSON body, and the hash its answer is stored with. */
export interface WalletRequest {
  body: Record<string, unknown>;
  bodyHash: string;
}

const uuid = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const protocolAmount = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

// Loose objects: fields the protocol adds later (is_billable, ...) are accepted and ignored; `meta` is kept.
const meta = v.optional(v.unknown());
export const userInfoBody = v.looseObject({
  request_uuid: uuid,
  user: v.optional(v.string()),
  token: v.optional(v.string()),
});
export const balanceBody = v.looseObject({
  request_uuid: uuid,
  user: v.string(),
  token: v.string(),
  game_code: v.optional(v.string()),
});
/**
 * What happened in the round, as the provider reports it with a bet or a win (docs/architecture.md
 * §11): pachislot games played and BIG / REG bonuses, pachinko jackpots and rushes. The hall's data
 * counter sums them; each is a count of this request alone, and a malformed one refuses the request.
 */
const eventCount = v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(100_000));
const roundEvents = v.strictObject({
  games: v.optional(eventCount),
  big: v.optional(eventCount),
  reg: v.optional(eventCount),
  jackpots: v.optional(eventCount),
  rushes: v.optional(eventCount),
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
  events: v.optional(roundEvents),
};
export const betBody = v.looseObject(transactionFields);
export const winBody = v.looseObject({ ...transactionFields, reference_transaction_uuid: uuid });
export const rollbackBody = v.looseObject({
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
export class WalletRefusal extends Error {
  constructor(
    readonly status: WalletStatus,
    readonly balanceOfUser: number | null = null,
    /** Why player protection refused a bet, answered beside RS_ERROR_USER_DISABLED. */
    readonly protectionReason: ProtectionRefusal | null = null,
  ) {
    super(status);
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
export function requestHash(body: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** The longest `meta` kept, as JSON text: the desk shows it, nothing reads it for money. */
const maxMetaLength = 4000;

/**
 * A request's `meta` as it can be stored: a JSON object of bounded size that PostgreSQL can hold
 * (no NUL character). Anything else is dropped rather than refused: the protocol makes `meta` optional.
 */
export function storableMeta(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const text = JSON.stringify(value);
  if (text.length > maxMetaLength || text.includes('\\u0000')) return null;
  return value as Record<string, unknown>;
}

export function parsed<T extends v.GenericSchema>(schema: T, body: Record<string, unknown>): v.InferOutput<T> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw new WalletRefusal('RS_ERROR_WRONG_TYPES');
}

export async function availableCoins(db: Database, userId: number): Promise<number> {
  return Number((await balanceOf(db, userId, coinCurrency)).available);
}

export function balanceAnswer(provider: Provider, requestUuid: string, user: string, coins: number): Answer {
  return {
    user,
    status: 'RS_OK',
    request_uuid: requestUuid,
    currency: provider.currency,
    balance: coins * provider.amountUnit,
  };
}

/** Refusals before the request is known well enough to store an answer for it. */
export async function unstored(requestUuid: unknown, run: () => Promise<Answer>): Promise<Answer> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof WalletRefusal)) throw error;
    return { status: error.status, ...(typeof requestUuid === 'string' ? { request_uuid: requestUuid } : {}) };
  }
}

export function ledgerOrigin(provider: Provider) {
  return { actor: `gameProvider:${provider.id}` };
}
