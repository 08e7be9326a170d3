import type { Profile } from '@contract/auth';
import type { Database } from '@server/db/client';
import { findUserById } from '@server/modules/auth/users';
import { balanceOf } from '@server/modules/ledger/accounts';
import { kycStatusOf } from '@server/modules/user/service';
import { coinCurrency } from '@server/shared/player-deps';

/**
 * A player's profile read through the product's own services, field by field: the reference the
 * JSON auth_watch_profile writes in SQL is checked against.
 */
export async function profileOf(db: Database, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    nickname: user.nickname,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    pinyinName: user.pinyinName,
    balance: Number((await balanceOf(db, user.id, coinCurrency)).available),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    registeredAt: user.registeredAt.toISOString(),
    isAgent: user.isAgent,
    hasPassword: user.passwordHash !== null,
    hasPayPassword: user.payPasswordHash !== null,
    kycStatus: await kycStatusOf(db, user.id),
  };
}
