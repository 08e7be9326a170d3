import { randomInt } from 'node:crypto';
import type { AliasAccount } from '@contract/user';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { appAliases } from '@server/db/schema/app-access';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { uniqueViolation } from '@server/shared/refusals';
import { eq } from 'drizzle-orm';

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const aliasAlphabet = '23456789abcdefghjkmnpqrstuvwxyz';
const aliasGroups = [3, 3, 4];

/**
 * A new alias: ten random characters in hyphen-joined groups (docs/requirements.md §14.1). A user
 * name has no hyphen, so an alias never equals one; 31^10 aliases make a collision rare, and the
 * unique constraint turns one into a retry.
 */
export function newAlias(): string {
  return aliasGroups
    .map((length) => Array.from({ length }, () => aliasAlphabet[randomInt(aliasAlphabet.length)]).join(''))
    .join('-');
}

const viewOf = (row: { alias: string; createdAt: Date }): AliasAccount => ({
  aliasAccount: row.alias,
  createdAt: row.createdAt.toISOString(),
});

/** Retries `write` with a fresh alias while the alias it drew is taken. */
async function withFreshAlias<T>(write: (alias: string) => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await write(newAlias());
    } catch (error) {
      if (uniqueViolation(error) !== 'app_aliases_alias_unique') throw error;
    }
  }
}

async function aliasRowOf(db: Database, userId: number) {
  const [row] = await db.select().from(appAliases).where(eq(appAliases.userId, userId));
  return row ?? null;
}

/** The player's alias, made on first request; two first requests at once agree on one. */
export async function readAlias(deps: Pick<PlayerDeps, 'db' | 'clock'>, principal: Principal): Promise<AliasAccount> {
  const existing = await aliasRowOf(deps.db, principal.userId);
  if (existing) return viewOf(existing);
  await withFreshAlias((alias) =>
    deps.db
      .insert(appAliases)
      .values({ userId: principal.userId, alias, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: appAliases.userId }),
  );
  const created = await aliasRowOf(deps.db, principal.userId);
  if (!created) throw new Error('alias insert left no row');
  return viewOf(created);
}

/** Replaces the alias: the old one names nobody from this moment. */
export async function resetAlias(
  deps: Pick<PlayerDeps, 'db' | 'clock'>,
  request: PlayerRequest,
  principal: Principal,
): Promise<AliasAccount> {
  const now = deps.clock.now();
  const row = await withFreshAlias((alias) =>
    deps.db.transaction(async (tx) => {
      const [written] = await tx
        .insert(appAliases)
        .values({ userId: principal.userId, alias, createdAt: now })
        .onConflictDoUpdate({ target: appAliases.userId, set: { alias, createdAt: now } })
        .returning();
      if (!written) throw new Error('alias upsert returned no row');
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(principal.userId),
        action: 'appAlias.reset',
        subject: actorOfUser(principal.userId),
      });
      return written;
    }),
  );
  return viewOf(row);
}
