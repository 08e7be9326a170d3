/**
 * The game page's sessions. Opening one redeems the hall's launch token with the wallet
 * (`/user/info`), which answers the wallet's game session token, the game, the machine and the
 * balance; the page gets a token of the studio's own, kept here only as its SHA-256. Each opening
 * is a redemption of its own, so a launch URL opens one session, once: whoever sends it again,
 * the page that lost the answer included, is told the link was used and opens the machine again
 * from the hall.
 */
import { createHash, randomUUID } from 'node:crypto';
import { studioTitle } from '@games/catalogue';
import { eq } from 'drizzle-orm';
import { sessions } from './db/schema';
import { type Studio, StudioError } from './studio-deps';
import type { WalletAnswer } from './wallet-client';

export type SessionRow = typeof sessions.$inferSelect;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const redemptionRefusals: Partial<Record<string, StudioError>> = {
  RS_ERROR_INVALID_TOKEN: new StudioError(401, 'launchTokenInvalid'),
  RS_ERROR_TOKEN_EXPIRED: new StudioError(401, 'launchTokenExpired'),
  RS_ERROR_USER_DISABLED: new StudioError(403, 'userDisabled'),
};

export interface OpenedSession {
  token: string;
  session: SessionRow;
  balance: number;
}

export async function openSession(studio: Studio, launchToken: string): Promise<OpenedSession> {
  const reply = await studio.wallet('user/info', { request_uuid: randomUUID(), token: launchToken });
  if (!reply.answered) throw new StudioError(503, 'walletUnavailable');
  const answer: WalletAnswer = reply.answer;
  if (answer.status !== 'RS_OK') {
    const refusal = redemptionRefusals[answer.status];
    if (refusal) throw refusal;
    studio.logger.warn({ status: answer.status }, 'the wallet refused a launch token');
    throw new StudioError(503, 'walletUnavailable');
  }
  const { token, user, game_code: gameCode, machine, balance, currency } = answer;
  if (!token || !user || !gameCode || machine === undefined || balance === undefined || !currency) {
    studio.logger.error({ fields: Object.keys(answer) }, 'the wallet answered user/info without a game session');
    throw new StudioError(503, 'walletUnavailable');
  }
  if (!studioTitle(gameCode)) throw new StudioError(422, 'gameUnavailable');
  const studioToken = Buffer.from(studio.randomBytes(32)).toString('base64url');
  const now = studio.clock.now();
  const [session] = await studio.db
    .insert(sessions)
    .values({
      tokenHash: sha256(studioToken),
      walletToken: token,
      player: user,
      gameCode,
      machine,
      currency,
      createdAt: now,
      expiresAt: new Date(now.getTime() + studio.times.sessionIdleMs),
    })
    .returning();
  if (!session) throw new Error('the studio session was not stored');
  return { token: studioToken, session, balance };
}

/** The session a Studio-Session header names: none is 401, one past its time 402. */
export async function sessionOf(studio: Studio, token: string | undefined): Promise<SessionRow> {
  if (!token || token.length > 200) throw new StudioError(401, 'sessionMissing');
  const [session] = await studio.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sha256(token)));
  if (!session) throw new StudioError(401, 'sessionMissing');
  if (session.expiresAt.getTime() <= studio.clock.now().getTime()) throw new StudioError(402, 'sessionEnded');
  return session;
}

/** The player's coins now, as the wallet answers them; a session the wallet has ended is 402. */
export async function currentBalance(studio: Studio, session: SessionRow): Promise<number> {
  const reply = await studio.wallet('user/balance', {
    request_uuid: randomUUID(),
    user: session.player,
    token: session.walletToken,
    game_code: session.gameCode,
  });
  if (!reply.answered) throw new StudioError(503, 'walletUnavailable');
  const { status, balance } = reply.answer;
  if (status === 'RS_OK' && balance !== undefined) return balance;
  if (status === 'RS_ERROR_TOKEN_EXPIRED' || status === 'RS_ERROR_INVALID_TOKEN')
    throw new StudioError(402, 'sessionEnded');
  if (status === 'RS_ERROR_USER_DISABLED') throw new StudioError(403, 'userDisabled');
  throw new StudioError(503, 'walletUnavailable');
}

/** The player leaves the machine: the session takes no more rounds from now on. */
export async function endSession(studio: Studio, session: SessionRow): Promise<void> {
  await studio.db.update(sessions).set({ expiresAt: studio.clock.now() }).where(eq(sessions.id, session.id));
}
