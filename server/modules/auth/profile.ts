import type { Profile } from '@contract/auth';
import type { JsonText, Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { ApiError } from '@server/errors';
import { coinCurrency } from '@server/shared/player-deps';
import { sql } from 'drizzle-orm';
import type { SessionCache } from './cached-sessions';

/** How long reading a profile has the database announce the player's coin moves (migration 0012). */
export const profileWatchMs = 2 * 60 * 1000;

/**
 * The signed-in player's profile as user/info answers it, as JSON text: kept with the session by
 * the session cache, otherwise read in one call of auth_watch_profile (prepared once per process),
 * which also has the database announce the player's coin moves while it is kept.
 */
export function createProfileReader(db: Database, cache: SessionCache) {
  const reading = db
    .select({ profile: sql<JsonText<Profile> | null>`${sql.identifier('profile')}` })
    .from(sql`auth_watch_profile(${sql.placeholder('userId')}::integer, ${coinCurrency}, ${profileWatchMs}::bigint)`)
    .prepare('auth_watch_profile');
  return async (principal: Principal): Promise<JsonText<Profile>> => {
    const kept = await cache.profile(principal);
    if (kept) return kept;
    const readBegun = cache.beginRead();
    const [row] = await reading.execute({ userId: principal.userId });
    if (!row?.profile) throw new ApiError(401, 'error.unauthorised');
    cache.keepProfile(principal, row.profile, readBegun);
    return row.profile;
  };
}
