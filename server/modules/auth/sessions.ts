import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Profile } from '../../../contract/auth';
import type { Clock } from '../../clock';
import type { JsonText, ResolvePrincipal } from '../../contract-router';
import type { Database } from '../../db/client';
import { type SessionEndReason, sessions } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import { coinCurrency } from '../user/context';
import type { SessionLifetimes } from './context';

/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is refreshed at most this often, so reading a token rarely writes. */
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

const output = <T>(name: string) => sql<T>`${sql.identifier(name)}`;

/**
 * The call of auth_resolve_session, prepared once per process under a name, so PostgreSQL parses
 * and plans it once per connection (PGlite has no named statements and plans it each time).
 */
function sessionResolution(db: Database) {
  return db
    .select({
      sessionId: output<number | null>('session_id'),
      expiresMs: output<number>('expires_ms'),
      revoked: output<boolean>('revoked'),
      revokedReason: output<SessionEndReason | null>('revoked_reason'),
      userId: output<number>('user_id'),
      role: output<string>('role'),
      isAgent: output<boolean>('is_agent'),
      frozen: output<boolean>('frozen'),
      profile: output<JsonText<Profile>>('profile'),
    })
    .from(
      sql`auth_resolve_session(${sql.placeholder('tokenHash')}, ${sql.placeholder('now')}::timestamptz, ${lastSeenResolutionMs}::bigint, ${coinCurrency})`,
    )
    .prepare('auth_resolve_session');
}

/**
 * Resolves the TOKEN header, in one call of auth_resolve_session on every request, so a sign-out,
 * a password change or a freeze counts from the very next call in every process. Unknown, expired
 * and signed-out tokens resolve to nobody (401 on calls that need a user). A session the server
 * ended (password changed or reset) or a frozen account is answered 402 with the reason, so the
 * client signs out and can say why. The principal carries the player's profile as read in the
 * same call, as the JSON user/info answers.
 */
export function createPrincipalResolver(db: Database, clock: Clock): ResolvePrincipal {
  const resolution = sessionResolution(db);
  return async (token) => {
    if (!tokenPattern.test(token)) return null;
    const now = clock.now();
    const [row] = await resolution.execute({ tokenHash: hashToken(token), now: now.toISOString() });
    if (!row || row.sessionId === null || row.expiresMs <= now.getTime()) return null;
    if (row.revoked) {
      if (row.revokedReason === 'logout') return null;
      throw new ApiError(402, 'auth.sessionEndedPasswordChanged');
    }
    if (row.frozen) throw new ApiError(402, 'auth.accountFrozen');
    return { userId: row.userId, sessionId: row.sessionId, isAgent: row.isAgent, isOperator: row.role === 'operator', profile: row.profile };
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
