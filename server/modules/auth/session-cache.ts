import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock';
import type { Principal } from '../../contract-router';
import type { ChannelSubscription, DatabaseHandle } from '../../db/client';

/** The channel the user_changes triggers of the migrations announce a changed user's id on. */
const userChangesChannel = 'user_changes';
const maxSessions = 50_000;
/** Users changed recently enough that a read begun before the change may still be under way. */
const maxRememberedChanges = 10_000;

interface CachedSession {
  principal: Principal;
  expiresMs: number;
  storedMs: number;
}

export interface SessionCache {
  /** The live session of a token hash as last resolved, if it is held and nothing has changed it. */
  get(tokenHash: string): Promise<Principal | null>;
  /** Marks the start of a read from the database; pass the mark to `store` with what was read. */
  beginRead(): number;
  /** Keeps a live session just read, unless its user changed (or notifications lapsed) since `readBegun`. */
  store(tokenHash: string, session: { principal: Principal; expiresMs: number }, readBegun: number): void;
  close(): Promise<void>;
}

/**
 * Live sessions as resolved from the database (user, role, agent flag and the profile user/info
 * answers), kept per process so that a call with a known token does not read the database.
 *
 * The database announces every change that can alter a resolved session on `user_changes` (the
 * triggers of migration 0012: sign-out, a session ended by a password change, freeze, role, profile
 * fields, coins, identity check); a notification forgets that user's sessions. In the process that
 * committed a change the next call never sees the old session: a lookup first waits until the
 * notifications of everything this process committed have arrived (no wait on PGlite, where they
 * arrive with the commit; on PostgreSQL one round trip on the listening connection, shared by all
 * calls waiting, and none while the pool has run nothing since the last). Other processes forget
 * it when the notification reaches them, a fraction of a millisecond after the commit. While the
 * listening connection is down nothing is read from or kept in the cache. An entry also goes after
 * `maxAgeMs`, so the session's last-seen time keeps being refreshed by the resolver.
 */
export async function createSessionCache(database: DatabaseHandle, clock: Clock, options: { maxAgeMs: number }): Promise<SessionCache> {
  const sessionsOfUser = new Map<number, Set<string>>();
  const sessions = new LRUCache<string, CachedSession>({
    max: maxSessions,
    dispose: (session, tokenHash) => {
      const tokens = sessionsOfUser.get(session.principal.userId);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) sessionsOfUser.delete(session.principal.userId);
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
    for (const tokenHash of [...(sessionsOfUser.get(userId) ?? [])]) sessions.delete(tokenHash);
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
      sessionsOfUser.clear();
    },
  });

  return {
    async get(tokenHash) {
      if (!subscription.live || !sessions.has(tokenHash)) return null;
      await subscription.caughtUp();
      const session = sessions.get(tokenHash);
      if (!session || !subscription.live) return null;
      const nowMs = clock.now().getTime();
      if (session.expiresMs <= nowMs || nowMs - session.storedMs >= options.maxAgeMs) {
        sessions.delete(tokenHash);
        return null;
      }
      return session.principal;
    },
    beginRead: () => generation,
    store(tokenHash, { principal, expiresMs }, readBegun) {
      if (!subscription.live || readBegun < forgottenBefore) return;
      if ((lastChangeOfUser.get(principal.userId) ?? 0) > readBegun) return;
      sessions.set(tokenHash, { principal, expiresMs, storedMs: clock.now().getTime() });
      let tokens = sessionsOfUser.get(principal.userId);
      if (!tokens) {
        tokens = new Set();
        sessionsOfUser.set(principal.userId, tokens);
      }
      tokens.add(tokenHash);
    },
    close: () => subscription.close(),
  };
}
