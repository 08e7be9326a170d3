import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { KycStatus } from '../../../contract/kyc';
import type { Clock } from '../../clock';
import type { ResolvePrincipal } from '../../contract-router';
import type { Database } from '../../db/client';
import { type SessionEndReason, sessions } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import { coinCurrency } from '../user/context';
import type { SessionLifetimes } from './context';
import { functionRow, instant } from './function-call';

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

interface ResolvedSession {
  session_id: number | null;
  expires_ms: number;
  revoked: boolean;
  revoked_reason: SessionEndReason | null;
  user_id: number;
  role: string;
  is_agent: boolean;
  frozen: boolean;
  username: string;
  email: string | null;
  nickname: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  pinyin_name: string | null;
  has_password: boolean;
  has_pay_password: boolean;
  registered_ms: number;
  last_login_ms: number | null;
  spendable_coins: string;
  kyc_status: KycStatus;
}

/**
 * Resolves the TOKEN header, in one call of auth_resolve_session on every request, so a sign-out,
 * a password change or a freeze counts from the very next call in every process. Unknown, expired
 * and signed-out tokens resolve to nobody (401 on calls that need a user). A session the server
 * ended (password changed or reset) or a frozen account is answered 402 with the reason, so the
 * client signs out and can say why. The principal carries the player's profile as read in the
 * same call, which is what user/info answers.
 */
export function createPrincipalResolver(db: Database, clock: Clock): ResolvePrincipal {
  return async (token) => {
    if (!tokenPattern.test(token)) return null;
    const now = clock.now();
    const row = await functionRow<ResolvedSession>(
      db,
      sql`auth_resolve_session(${hashToken(token)}, ${instant(now)}, ${lastSeenResolutionMs}::bigint, ${coinCurrency})`,
    );
    if (row.session_id === null || row.expires_ms <= now.getTime()) return null;
    if (row.revoked) {
      if (row.revoked_reason === 'logout') return null;
      throw new ApiError(402, 'auth.sessionEndedPasswordChanged');
    }
    if (row.frozen) throw new ApiError(402, 'auth.accountFrozen');
    return {
      userId: row.user_id,
      sessionId: row.session_id,
      isAgent: row.is_agent,
      isOperator: row.role === 'operator',
      profile: {
        userId: row.user_id,
        username: row.username,
        email: row.email,
        nickname: row.nickname,
        phone: row.phone,
        firstName: row.first_name,
        lastName: row.last_name,
        pinyinName: row.pinyin_name,
        balance: Number(row.spendable_coins),
        lastLoginAt: row.last_login_ms === null ? null : new Date(row.last_login_ms).toISOString(),
        registeredAt: new Date(row.registered_ms).toISOString(),
        isAgent: row.is_agent,
        hasPassword: row.has_password,
        hasPayPassword: row.has_pay_password,
        kycStatus: row.kyc_status,
      },
    };
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
