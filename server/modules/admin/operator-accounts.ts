import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@contract/admin-roles';
import { accountNamePattern } from '@contract/auth';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { operatorCredentials } from '@server/db/schema/admin';
import { users } from '@server/db/schema/auth';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { newTotpSecret, totpUrl } from '@server/shared/totp';
import { and, eq } from 'drizzle-orm';
import {
  endUserSessions,
  findUserByAccount,
  findUserByEmail,
  hashSecret,
  passwordProblem,
  type UserRow,
} from '../auth/public';

export class OperatorSetupError extends Error {}

const plausibleEmail = /^[^\s@\x00-\x1f\x7f]{1,64}@[^\s@\x00-\x1f\x7f]{1,189}\.[^\s@\x00-\x1f\x7f]{2,63}$/;

export interface OperatorSetup {
  userId: number;
  username: string;
  created: boolean;
  /** Set when the password was generated here: shown once, stored only as a hash. */
  generatedPassword: string | null;
  totpSecret: string;
  totpUrl: string;
}

interface OperatorSetupInput {
  username: string;
  email: string;
  password: string | null;
  roles?: readonly OperatorRole[];
  /** Refuse an existing account instead of resetting it (the desk makes new operators only). */
  createOnly?: boolean;
  /** Who asked, for the audit row: the set-up command unless an administrator on the desk. */
  origin?: { request: { clientAddress: string; requestId: string }; actor: string; reason: string };
}

const commandOrigin = {
  request: { clientAddress: 'local', requestId: 'operator:create' },
  actor: 'system',
  reason: 'npm run operator:create',
};

function checkedSetupInput(input: OperatorSetupInput) {
  const username = input.username.trim();
  const email = input.email.trim();
  if (!accountNamePattern.test(username))
    throw new OperatorSetupError('the user name must be 4 to 20 letters or digits');
  if (!plausibleEmail.test(email)) throw new OperatorSetupError('the e-mail address is not valid');
  if (input.password !== null) {
    const problem = passwordProblem(input.password);
    if (problem) throw new OperatorSetupError(`the password is not accepted (${problem})`);
  }
  if (input.roles?.length === 0) throw new OperatorSetupError('an operator needs at least one role');
  return { username, email };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The operator's user row: the existing one given the new password if any (its sessions end), or a new one. */
async function writeOperatorUser(
  tx: Transaction,
  existing: UserRow | null,
  account: { username: string; email: string; passwordHash: string | null },
  now: Date,
): Promise<{ userId: number; storedName: string }> {
  const { passwordHash } = account;
  if (existing) {
    const [updated] = await tx
      .update(users)
      .set({ role: 'operator', ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}) })
      .where(and(eq(users.id, existing.id), eq(users.role, 'operator')))
      .returning({ id: users.id, username: users.username });
    if (!updated) throw new OperatorSetupError('the account changed while it was being reset');
    await endUserSessions(tx, updated.id, 'totpReset', now);
    return { userId: updated.id, storedName: updated.username };
  }
  const [created] = await tx
    .insert(users)
    .values({ ...account, role: 'operator', registeredAt: now })
    .returning({ id: users.id, username: users.username });
  if (!created) throw new Error('user insert returned no row');
  return { userId: created.id, storedName: created.username };
}

/**
 * Creates an operator account, or resets an existing operator's (found by user name or e-mail). A
 * player's account is never made an operator's: operators have accounts of their own, which no
 * player sign-in opens. Every run issues a new TOTP secret, which replaces the old one and ends the
 * operator's sessions. A new account gets the given password or a generated one; an existing
 * account keeps its password unless one is given. A new operator administers unless given other roles; a
 * reset keeps the roles unless given others.
 */
export async function setUpOperator(db: Database, clock: Clock, input: OperatorSetupInput): Promise<OperatorSetup> {
  const { username, email } = checkedSetupInput(input);
  const byName = await findUserByAccount(db, username);
  const byEmail = await findUserByEmail(db, email);
  if (byName && byEmail && byName.id !== byEmail.id) {
    throw new OperatorSetupError(`${username} and ${email} belong to two different accounts`);
  }
  const existing = byName ?? byEmail;
  if (existing && input.createOnly) throw new OperatorSetupError(`${existing.username} already has an account`);
  if (existing && existing.role !== 'operator') {
    throw new OperatorSetupError(`${existing.username} is a player's account; operators have accounts of their own`);
  }
  const generatedPassword = input.password === null && !existing ? randomBytes(18).toString('base64url') : null;
  const password = input.password ?? generatedPassword;
  const passwordHash = password === null ? null : await hashSecret(password);
  const totpSecret = newTotpSecret();
  const roles: OperatorRole[] | undefined = input.roles ? [...new Set(input.roles)] : undefined;

  return db.transaction(async (tx) => {
    const now = clock.now();
    const { userId, storedName } = await writeOperatorUser(tx, existing, { username, email, passwordHash }, now);
    await tx
      .insert(operatorCredentials)
      .values({ userId, totpSecret, lastTotpStep: null, createdAt: now, ...(roles ? { roles } : {}) })
      .onConflictDoUpdate({
        target: operatorCredentials.userId,
        set: { totpSecret, lastTotpStep: null, createdAt: now, ...(roles ? { roles } : {}) },
      });
    const origin = input.origin ?? commandOrigin;
    await writeAudit(tx, origin.request, {
      at: now,
      actor: origin.actor,
      action: existing ? 'operator.reset' : 'operator.create',
      subject: actorOfUser(userId),
      reason: origin.reason,
    });
    return {
      userId,
      username: storedName,
      created: !existing,
      generatedPassword,
      totpSecret,
      totpUrl: totpUrl(totpSecret, storedName),
    };
  });
}
