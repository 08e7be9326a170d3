import { createHash, createHmac } from 'node:crypto';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import type { Logger } from 'pino';
import type { GameHallKeys, ProviderOrigins } from './providers';

/** What the game hall's services need: the wallet's keys and the secret game session tokens derive from. */
export interface GameDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  keys: GameHallKeys;
  sessionSecret: string;
  times: GameHallTimes;
  origins: ProviderOrigins;
}

export interface GameHallTimes {
  /** A launch token must be redeemed within this. */
  launchTokenMs: number;
  /** A game session takes bets until this long after its last bet. */
  sessionIdleMs: number;
  /** A seat without a launch or a bet for this long is released by the housekeeping job. */
  seatIdleMs: number;
}

export const defaultGameHallTimes: GameHallTimes = {
  launchTokenMs: 60_000,
  sessionIdleMs: 30 * 60_000,
  seatIdleMs: 10 * 60_000,
};

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The game session token a launch token is exchanged for. Derived rather than stored, so the
 * database keeps only hashes and a repeated exchange (same request_uuid) answers the same token.
 */
export function sessionTokenFor(sessionSecret: string, launchToken: string): string {
  return createHmac('sha256', sessionSecret).update(`game-session:${launchToken}`).digest('base64url');
}

/** The player as the wallet protocol names them: no personal data, at least 4 characters. */
export function walletUserOf(userId: number): string {
  return `player-${userId}`;
}

export function userIdOfWalletUser(user: string): number | null {
  const match = /^player-([1-9]\d{0,9})$/.exec(user);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}
