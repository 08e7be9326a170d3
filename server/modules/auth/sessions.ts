import { createHash, randomBytes } from 'node:crypto';
import type { OperatorRole } from '@contract/admin-roles';
import type { Clock } from '@server/clock';
import type { Principal, ResolvePrincipal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { type SessionEndReason, type SessionKind, sessions } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SessionCache } from './cached-sessions';
import type { SessionLifetimes } from './context';

/** 32 random bytes, base64url: 43 characters. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
/**
 * last_seen_at is refreshed at most this often, so reading a token rarely writes; the session cache
 * keeps a session no longer, so a session in use is still seen that often.
 */
export const lastSeenResolutionMs = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long a session of this kind lives at most. */
function lifetimeOf(options: { kind: SessionKind; remember: boolean; lifetimes: SessionLifetimes }): number {
  if (options.kind === 'operator') return options.lifetimes.operator;
  return options.remember ? options.lifetimes.remember : options.lifetimes.standard;
}

/** A new session's token (handed out once), the hash that is stored instead, and its expiry. */
export function newSession(options: { kind: SessionKind; remember: boolean; now: Date; lifetimes: SessionLifetimes }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + lifetimeOf(options));
  return { token, tokenHash: hashToken(token), expiresAt };
}

/** Opens a player session without a sign-in, for tools that seed many signed-in players at once. */
export async function startSession(
  db: Database,
  options: { userId: number; remember: boolean; now: Date; clientAddress: string; lifetimes: SessionLifetimes },
): Promise<{ token: string; expiresAt: string; sessionId: number }> {
  const session = newSession({ ...options, kind: 'player' });
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
function sessionResolution(db: Database, lifetimes: SessionLifetimes) {
  return db
    .select({
      sessionId: output<number | null>('session_id'),
      kind: output<SessionKind>('kind'),
      expiresMs: output<number>('expires_ms'),
      revoked: output<boolean>('revoked'),
      revokedReason: output<SessionEndReason | null>('revoked_reason'),
      userId: output<number>('user_id'),
      role: output<string>('role'),
      isAgent: output<boolean>('is_agent'),
      frozen: output<boolean>('frozen'),
      operatorRoles: output<OperatorRole[]>('operator_roles'),
    })
    .from(
      sql`auth_resolve_session(${sql.placeholder('tokenHash')}, ${sql.placeholder('now')}::timestamptz, ${lastSeenResolutionMs}::bigint, ${lifetimes.operatorIdle}::bigint)`,
    )
    .prepare('auth_resolve_session');
}

/**
 * Resolves the TOKEN header: from the session cache when it keeps the token, otherwise in one
 * call of auth_resolve_session, whose live sessions the cache then keeps. The cache forgets a
 * user's sessions on every change the database announces, so a sign-out, a password change or a
 * freeze counts from the very next call in the process that made it, and in every other process
 * from the moment the announcement reaches it (see session-cache.ts). Unknown, expired and
 * signed-out tokens resolve to nobody (401 on calls that need a user). A session the server ended
 * (password changed or reset) or a frozen account is answered 402 with the reason, so the client
 * signs out and can say why.
 */
export function createPrincipalResolver(
  db: Database,
  clock: Clock,
  cache: SessionCache,
  lifetimes: SessionLifetimes,
): ResolvePrincipal {
  const resolution = sessionResolution(db, lifetimes);
  return async (token) => {
    if (!tokenPattern.test(token)) return null;
    const tokenHash = hashToken(token);
    const kept = await cache.session(tokenHash);
    if (kept) return kept;
    const readBegun = cache.beginRead();
    const now = clock.now();
    const [row] = await resolution.execute({ tokenHash, now: now.toISOString() });
    if (!row || row.sessionId === null || row.expiresMs <= now.getTime()) return null;
    const principal = livePrincipal({ ...row, sessionId: row.sessionId });
    if (principal) cache.keepSession(tokenHash, { principal, expiresMs: row.expiresMs }, readBegun);
    return principal;
  };
}

type ResolvedSession = Omit<
  Awaited<ReturnType<ReturnType<typeof sessionResolution>['execute']>>[number],
  'sessionId'
> & {
  sessionId: number;
};

/** What a session the server ended tells its holder, by why it ended. */
const endedMessages: Partial<Record<SessionEndReason, string>> = {
  totpReset: 'auth.sessionEndedTotpReset',
  rolesChanged: 'auth.sessionEndedRolesChanged',
};

/**
 * Whose session an unexpired one is: nobody's when signed out or when an operator session outlived
 * the account's role; 402 with the reason when the server ended it or the account is frozen.
 */
function livePrincipal(row: ResolvedSession): Principal | null {
  if (row.revoked) {
    if (row.revokedReason === 'logout') return null;
    throw new ApiError(402, endedMessages[row.revokedReason as SessionEndReason] ?? 'auth.sessionEndedPasswordChanged');
  }
  if (row.frozen) throw new ApiError(402, 'auth.accountFrozen');
  // An operator session of an account that is no longer an operator's is worth nothing.
  if (row.kind === 'operator' && row.role !== 'operator') return null;
  return {
    userId: row.userId,
    sessionId: row.sessionId,
    isAgent: row.isAgent,
    isOperator: row.kind === 'operator',
    operatorRoles: row.operatorRoles,
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
