import {
  passwordMaxLength,
  passwordMinLength,
  payPasswordPattern,
  type updatePassword,
  type updatePayPassword,
} from '@contract/auth';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Principal } from '@server/contract-router';
import { users } from '@server/db/schema/auth';
import type { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { clearAttempts, countAttempt } from '@server/shared/rate-limit';
import { fieldRefusal, requiredFieldRefusal } from '@server/shared/refusals';
import { eq } from 'drizzle-orm';
import type { AuthDeps, AuthRequest } from './context';
import { hashSecret, passwordProblem, verifySecret } from './passwords';
import { checkPayPassword } from './pay-password';
import { endUserSessions } from './sessions';
import { findUserById, type UserRow } from './users';

/** The password policy's refusal for a field, or null when the password is acceptable. */
export function passwordRefusal(t: Translate, field: string, password: string): ApiError | null {
  switch (passwordProblem(password)) {
    case 'tooShort':
      return fieldRefusal(t, 400, field, 'auth.passwordTooShort', { min: passwordMinLength });
    case 'tooLong':
      return fieldRefusal(t, 400, field, 'auth.passwordTooLong', { max: passwordMaxLength });
    case 'tooCommon':
      return fieldRefusal(t, 400, field, 'auth.passwordTooCommon');
    case null:
      return null;
  }
}

async function signedInUser(deps: AuthDeps, principal: Principal): Promise<UserRow> {
  const user = await findUserById(deps.db, principal.userId);
  // The principal was resolved from a live session a moment ago; users are never deleted.
  if (!user) throw new Error(`user ${principal.userId} of a live session is missing`);
  return user;
}

/** Wrong current passwords count like failed sign-ins of the account. */
const accountKeyOf = (user: UserRow) => `signIn:user:${user.id}`;

/**
 * Changes the login password after checking the current one. Every other session of the account
 * ends (402 there, saying why); the owner is told by e-mail.
 */
export async function changePassword(
  deps: AuthDeps,
  request: AuthRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof updatePassword>,
) {
  const { db, clock } = deps;
  const { t } = request;
  const policyRefusal = passwordRefusal(t, 'newPassword', body.newPassword);
  if (policyRefusal) throw policyRefusal;
  const user = await signedInUser(deps, principal);
  const accountKey = accountKeyOf(user);
  await countAttempt(db, accountKey, deps.limits.signInPerAccount, clock.now());
  if (!(await verifySecret(user.passwordHash, body.oldPassword))) {
    throw fieldRefusal(t, 400, 'oldPassword', 'auth.passwordWrong');
  }
  await clearAttempts(db, accountKey);
  const passwordHash = await hashSecret(body.newPassword);
  await db.transaction(async (tx) => {
    const now = clock.now();
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, 'passwordChanged', now, principal.sessionId);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'password.change',
      subject: actorOfUser(user.id),
      reason: 'by the owner, with the current password',
    });
    if (user.email) {
      await deps.mail.enqueue(
        tx,
        t,
        { kind: 'passwordChanged', recipient: user.email, locale: request.locale, params: { username: user.username } },
        now,
      );
    }
  });
  deps.mail.kick();
  return null;
}

/**
 * Sets or changes the six-digit pay password. Setting it the first time is confirmed with the
 * login password; changing it, with the current pay password. An account without a login password
 * (third-party sign-in only) sets one through password recovery first.
 */
export async function setPayPassword(
  deps: AuthDeps,
  request: AuthRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof updatePayPassword>,
) {
  const { db, clock } = deps;
  const { t } = request;
  if (!payPasswordPattern.test(body.newPayPassword))
    throw fieldRefusal(t, 400, 'newPayPassword', 'auth.payPasswordFormat');
  const user = await signedInUser(deps, principal);
  const current = user.payPasswordHash;
  const changing = current !== null;
  const confirmation = changing ? body.oldPayPassword : body.password;
  const confirmationField = changing ? 'oldPayPassword' : 'password';
  if (confirmation === undefined) throw requiredFieldRefusal(t, confirmationField);
  if (changing) {
    if (
      !(await checkPayPassword(
        deps,
        deps.limits.payPasswordPerAccount,
        { id: user.id, payPasswordHash: current },
        confirmation,
      ))
    ) {
      throw fieldRefusal(t, 400, confirmationField, 'auth.payPasswordWrong');
    }
  } else {
    const accountKey = accountKeyOf(user);
    await countAttempt(db, accountKey, deps.limits.signInPerAccount, clock.now());
    if (!(await verifySecret(user.passwordHash, confirmation)))
      throw fieldRefusal(t, 400, confirmationField, 'auth.passwordWrong');
    await clearAttempts(db, accountKey);
  }
  const payPasswordHash = await hashSecret(body.newPayPassword);
  await db.transaction(async (tx) => {
    const now = clock.now();
    await tx.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: changing ? 'payPassword.change' : 'payPassword.set',
      subject: actorOfUser(user.id),
      reason: changing ? 'confirmed with the current pay password' : 'confirmed with the login password',
    });
  });
  return null;
}
