import type { Profile } from '../../../contract/auth';
import type { Principal } from '../../contract-router';
import type { Database } from '../../db/client';
import { ApiError } from '../../errors';
import { balanceOf } from '../ledger/service';
import { coinCurrency } from '../user/context';
import { kycStatusOf } from '../user/service';
import { findUserById } from './users';

/** What the player can spend: coins in the ledger less those held for withdrawals under review. */
export async function spendableCoins(db: Database, userId: number): Promise<number> {
  return Number((await balanceOf(db, userId, coinCurrency)).available);
}

/** The signed-in player's profile, read now (the session resolver hands it on with the principal). */
export async function profileOf(db: Database, principal: Principal): Promise<Profile> {
  const user = await findUserById(db, principal.userId);
  if (!user) throw new ApiError(401, 'error.unauthorised');
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    nickname: user.nickname,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    pinyinName: user.pinyinName,
    balance: await spendableCoins(db, user.id),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    registeredAt: user.registeredAt.toISOString(),
    isAgent: user.isAgent,
    hasPassword: user.passwordHash !== null,
    hasPayPassword: user.payPasswordHash !== null,
    kycStatus: await kycStatusOf(db, user.id),
  };
}
