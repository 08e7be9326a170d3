import type { Profile } from '@contract/auth';
import type { Clock } from '@server/clock';
import type { JsonText, Principal } from '@server/contract-router';
import type { ChannelSubscription, DatabaseHandle } from '@server/db/client';
import { LRUCache } from 'lru-cache';

/** The channel the user_changes triggers of migration 0012 announce a changed user's id on. */
const userChangesChannel = 'user_changes';
const maxSessions = 50_000;
/** Users changed recently enough that a read begun before the change may still be under way. */
const maxRememberedChanges = 10_000;

interface CachedSession {
  principal: Principal;
  expiresMs: number;
  storedMs: number;
  profile?: {
    json: JsonText<Profile>;
    /** Real time (performance.now), as the database's watch runs on it. */
    storedAt: number;
  };
}

export interface SessionCache {
  /** The live session of a token hash as last resolved, if it is kept and nothing has changed it. */
  session(tokenHash: string): Promise<Principal | null>;
  /** The profile user/info answered for a session, if it is kept and nothing has changed it. */
  profile(principal: Principal): Promise<JsonText<Profile> | null>;
  /** Marks the start of a read from the database; pass the mark to `keep…` with what was read. */
  beginRead(): number;
  /** Keeps a live session just read, unless its user changed (or notifications lapsed) since `readBegun`. */
  keepSession(tokenHash: string, session: { principal: Principal; expiresMs: number }, readBegun: number): void;
  /** Keeps, with its kept session, a profile just read under the database's watch, on the same terms. */
  keepProfile(principal: Principal, profile: JsonText<Profile>, readBegun: number): void;
  close(): Promise<void>;
}

/**
 * Sessions as resolved from the database (user, role, agent flag), with the profile user/info
 * answered for them, kept per process so that a call with a known token reads nothing from the
 * database.
 *
 * The database announces every change that could make them wrong on `user_changes` (migration
 * 0012): a session's standing and the profile's fields always, and the coins while the profile is
 * watched, which reading it through auth_watch_profile arranges for `profileWatchMs`; a
 * notification forgets the sessions of that user. In the process that committed a change the next
 * call never sees the old value: a lookup first waits until the notifications of everything this
 * process committed have arrived (no wait on PGlite, where they arrive with the commit; on PostgreSQL one round trip on
 * the listening connection, shared by all calls waiting, and none while the pool has run nothing
 * since the last). Other processes forget it when the notification reaches them, a fraction of a
 * millisecond after the commit. While the listening connection is down nothing is read from or
 * kept in the cache. A session goes after `sessionMaxAgeMs`, so its last-seen time keeps being
 * refreshed; a profile goes halfway through its watch.
 */
export async function createSessionCache(
  database: DatabaseHandle,
  clock: Clock,
  options: { sessionMaxAgeMs: number; profileWatchMs: number },
): Promise<SessionCache> {
  const profileMaxAgeMs = options.profileWatchMs / 2;
  const tokensOfUser = new Map<number, Set<string>>();
  const tokenOfSession = new Map<number, string>();
  const sessions = new LRUCache<string, CachedSession>({
    max: maxSessions,
    dispose: (session, tokenHash) => {
      tokenOfSession.delete(session.principal.sessionId);
      const tokens = tokensOfUser.get(session.principal.userId);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) tokensOfUser.delete(session.principal.userId);
    },
  });
  /** Counts notifications and gaps: a read records it when it begins. */
  let generation = 0;
  /** A read begun before this generation may have missed a change: it is not kept. */
  let forgottenBefore = 0;
  const lastChangeOfUser = new LRUCache<number, number>({
    max: maxRememberedChanges,
    dispose: (changedAt, _userId, reason) => {
      if (reason === 'evict') forgottenBefore = Math.max(forgottenBefore, changedAt);
    },
  });

  const forgetUser = (userId: number) => {
    generation += 1;
    lastChangeOfUser.set(userId, generation);
    for (const tokenHash of [...(tokensOfUser.get(userId) ?? [])]) sessions.delete(tokenHash);
  };

  const subscription: ChannelSubscription = await database.listen(userChangesChannel, {
    onNotification(payload) {
      const userId = Number(payload);
      if (Number.isInteger(userId)) forgetUser(userId);
    },
    onGap() {
      generation += 1;
      forgottenBefore = generation;
      sessions.clear();
      tokensOfUser.clear();
      tokenOfSession.clear();
    },
  });

  const mayKeep = (userId: number, readBegun: number) =>
    subscription.live && readBegun >= forgottenBefore && (lastChangeOfUser.get(userId) ?? 0) <= readBegun;

  /** The kept session of a token hash, once this process's own changes have arrived; null when gone. */
  const keptSession = async (tokenHash: string) => {
    if (!subscription.live || !sessions.has(tokenHash)) return null;
    await subscription.caughtUp();
    const session = sessions.get(tokenHash);
    if (!session || !subscription.live) return null;
    const nowMs = clock.now().getTime();
    if (session.expiresMs <= nowMs || nowMs - session.storedMs >= options.sessionMaxAgeMs) {
      sessions.delete(tokenHash);
      return null;
    }
    return session;
  };

  return {
    session: async (tokenHash) => (await keptSession(tokenHash))?.principal ?? null,
    async profile(principal) {
      const tokenHash = tokenOfSession.get(principal.sessionId);
      const profile = tokenHash === undefined ? undefined : (await keptSession(tokenHash))?.profile;
      return profile && performance.now() - profile.storedAt < profileMaxAgeMs ? profile.json : null;
    },
    beginRead: () => generation,
    keepSession(tokenHash, { principal, expiresMs }, readBegun) {
      if (!mayKeep(principal.userId, readBegun)) return;
      sessions.set(tokenHash, { principal, expiresMs, storedMs: clock.now().getTime() });
      tokenOfSession.set(principal.sessionId, tokenHash);
      let tokens = tokensOfUser.get(principal.userId);
      if (!tokens) {
        tokens = new Set();
        tokensOfUser.set(principal.userId, tokens);
      }
      tokens.add(tokenHash);
    },
    keepProfile(principal, json, readBegun) {
      const tokenHash = tokenOfSession.get(principal.sessionId);
      const session = tokenHash === undefined ? undefined : sessions.get(tokenHash);
      if (!session || !mayKeep(principal.userId, readBegun)) return;
      session.profile = { json, storedAt: performance.now() };
    },
    close: () => subscription.close(),
  };
}
