import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { ResolvePrincipal } from '../../contract-router';
import type { Database } from '../../db/client';
import { type SessionEndReason, sessions, users } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import type { SessionLifetimes } from './context';

/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is refreshed at most this often, so reading a token is usually one query. */
const lastSeenResolutionMs = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session's token (handed out once), the hash that is stored instead, and its expiry. */
export function newSession(options: { remember: boolean; now: Date; lifetimes: SessionLifetimes }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(
    options.now.getTime() + (options.remember ? options.lifetimes.remember : options.lifetimes.standard),
  );
  return { token, tokenHash: hashToken(token), expiresAt };
}

export async function startSession(
  db: Database,
  options: { userId: number; remember: boolean; now: Date; clientAddress: string; lifetimes: SessionLifetimes },
): Promise<{ token: string; expiresAt: string; sessionId: number }> {
  const session = newSession(options);
  const [row] = await db
    .insert(sessions)
    .values({
      userId: options.userId,
      tokenHash: session.tokenHash,
      remember: options.remember,
      createdAt: options.now,
      expiresAt: session.expiresAt,
      lastSeenAt: options.now,
      clientAddress: options.clientAddress,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token: session.token, expiresAt: session.expiresAt.toISOString(), sessionId: row.id };
}

/**
 * Resolves the TOKEN header. Unknown, expired and signed-out tokens resolve to nobody (401 on calls
 * that need a user). A session the server ended (password changed or reset) or a frozen account is
 * answered 402 with the reason, so the client signs out and can say why.
 */
export function createPrincipalResolver(db: Database, clock: Clock): ResolvePrincipal {
  return async (token) => {
    if (!tokenPattern.test(token)) return null;
    const [row] = await db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        revokedReason: sessions.revokedReason,
        revokedAt: sessions.revokedAt,
        lastSeenAt: sessions.lastSeenAt,
        userId: users.id,
        isAgent: users.isAgent,
        role: users.role,
        frozen: users.frozen,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1);
    const now = clock.now();
    if (!row || row.expiresAt <= now) return null;
    if (row.revokedAt) {
      if (row.revokedReason === 'logout') return null;
      throw new ApiError(402, 'auth.sessionEndedPasswordChanged');
    }
    if (row.frozen) throw new ApiError(402, 'auth.accountFrozen');
    if (now.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
    }
    return { userId: row.userId, sessionId: row.sessionId, isAgent: row.isAgent, isOperator: row.role === 'operator' };
  };
}

export async function endSession(db: Database, sessionId: number, reason: SessionEndReason, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, except optionally the one making the change. */
export async function endUserSessions(
  db: Database,
  userId: number,
  reason: SessionEndReason,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId)));
}
