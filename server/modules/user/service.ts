import type { ParsedBodyOf } from '@contract/endpoint';
import type { KycStatus } from '@contract/kyc';
import type { updateIdNumber, updateProfile } from '@contract/user';
import type { Principal } from '@server/contract-router';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { kycSubmissions } from '@server/db/schema/kyc';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { desc, eq } from 'drizzle-orm';
import type { UserRow } from '../auth/public';

/** The account's verification state: that of its newest submission, or notSubmitted. */
export async function kycStatusOf(db: Database, userId: number): Promise<KycStatus> {
  const [latest] = await db
    .select({ status: kycSubmissions.status })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return latest?.status ?? 'notSubmitted';
}

/** While identity is under review or verified, the identity on record may not change. */
export const identityLocked = (status: KycStatus) => status === 'pendingReview' || status === 'approved';

/**
 * The user row locked for the rest of the transaction: changes of identity and KYC submissions
 * take this lock first, so a name cannot change while the photos that must match it are sent.
 */
export async function lockUser(tx: Database, userId: number): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new ApiError(401, 'error.unauthorised');
  return user;
}

const profileFields = ['nickname', 'phone', 'firstName', 'lastName', 'pinyinName'] as const;
const identityFields = new Set<string>(['firstName', 'lastName', 'pinyinName']);

export async function changeProfile(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof updateProfile>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, principal.userId);
    const changed = profileFields.filter((field) => body[field] !== undefined && body[field] !== user[field]);
    if (changed.length === 0) return;
    if (changed.some((field) => identityFields.has(field)) && identityLocked(await kycStatusOf(tx, user.id))) {
      throw new ApiError(422, 'user.namesLocked');
    }
    await tx
      .update(users)
      .set(Object.fromEntries(changed.map((field) => [field, body[field]])))
      .where(eq(users.id, user.id));
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(user.id),
      action: 'profile.update',
      subject: actorOfUser(user.id),
      reason: `changed ${changed.join(', ')}`,
    });
  });
  return null;
}

export async function changeIdNumber(
  deps: PlayerDeps,
  request: PlayerRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof updateIdNumber>,
): Promise<null> {
  const idNumber = body.idNumber.toUpperCase();
  await deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, principal.userId);
    if (user.idNumber === idNumber) return;
    if (identityLocked(await kycStatusOf(tx, user.id))) throw new ApiError(422, 'user.idNumberLocked');
    await tx.update(users).set({ idNumber }).where(eq(users.id, user.id));
    await writeAudit(tx, request, {
      at: deps.clock.now(),
      actor: actorOfUser(user.id),
      action: 'profile.idNumber',
      subject: actorOfUser(user.id),
      reason: user.idNumber ? 'changed the ID number' : 'recorded the ID number',
    });
  });
  return null;
}
