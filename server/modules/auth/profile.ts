import type { Profile } from '../../../contract/auth';
import type { Principal } from '../../contract-router';
import type { Database } from '../../db/client';
import { ApiError } from '../../errors';
import { findUserById } from './users';

/**
 * Stands in for the ledger's player balance until the ledger exists: no money has moved yet, so
 * every balance is zero. The ledger replaces this function.
 */
export async function balanceBeforeLedger(_db: Database, _userId: number): Promise<number> {
  return 0;
}

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
    balance: await balanceBeforeLedger(db, user.id),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    registeredAt: user.registeredAt.toISOString(),
    isAgent: user.isAgent,
    hasPassword: user.passwordHash !== null,
    hasPayPassword: user.payPasswordHash !== null,
    kycStatus: 'notSubmitted',
  };
}
