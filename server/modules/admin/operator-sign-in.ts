import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { adminLogin } from '../../../contract/admin';
import type { DataOf, ParsedBodyOf } from '../../../contract/endpoint';
import { operatorCredentials } from '../../db/schema/operator';
import { ApiError } from '../../errors';
import { actorOfUser, writeAudit } from '../auth/audit';
import type { AuthDeps, AuthRequest } from '../auth/context';
import { verifySecret } from '../auth/passwords';
import { clearAttempts, countAttempt, refundAttempt } from '../auth/rate-limit';
import { fieldRefusal } from '../auth/refusals';
import { openSession, signInAccountKey, signInAddressKey } from '../auth/sign-in';
import { findUserByAccount } from '../auth/users';
import { matchingTotpStep } from './totp';

/**
 * Operator sign-in: password and authenticator code. Failures count against the same per-account and
 * per-address limits as player sign-ins. A player account, an operator without a TOTP secret, a wrong
 * password and a wrong code all get one answer, so the call does not reveal which accounts are
 * operators. A code is accepted once: the step it belongs to must be newer than the last one used,
 * and that is claimed atomically, so two sign-ins racing with one code cannot both pass.
 */
export async function signInOperator(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof adminLogin>,
): Promise<DataOf<typeof adminLogin>> {
  const { db, clock, limits } = deps;
  const { t } = request;
  const addressKey = signInAddressKey(request.clientAddress);
  await countAttempt(db, addressKey, limits.signInPerAddress, clock.now());
  const user = await findUserByAccount(db, body.account);
  const accountKey = signInAccountKey(user, body.account);
  await countAttempt(db, accountKey, limits.signInPerAccount, clock.now());
  const passwordRight = await verifySecret(user?.passwordHash ?? null, body.password);
  const [credentials] = user
    ? await db.select().from(operatorCredentials).where(eq(operatorCredentials.userId, user.id))
    : [];
  const now = clock.now();
  const step = credentials ? matchingTotpStep(credentials.totpSecret, body.totpCode, now) : null;

  const refuse = async (reason: string) => {
    await writeAudit(db, request, {
      at: now,
      actor: 'anonymous',
      action: 'operatorSignIn.failure',
      subject: user ? actorOfUser(user.id) : `account:${body.account.trim().toLowerCase()}`,
      reason,
    });
    return fieldRefusal(t, 400, 'totpCode', 'admin.signInRefused');
  };
  if (!user) throw await refuse('unknownAccount');
  if (!passwordRight) throw await refuse('wrongPassword');
  if (user.role !== 'operator' || !credentials) throw await refuse('notOperator');
  if (step === null) throw await refuse('wrongCode');
  if (user.frozen) {
    await writeAudit(db, request, { at: now, actor: actorOfUser(user.id), action: 'operatorSignIn.failure', subject: actorOfUser(user.id), reason: 'frozen' });
    throw new ApiError(402, 'auth.accountFrozen');
  }

  const session = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(operatorCredentials)
      .set({ lastTotpStep: step })
      .where(
        and(
          eq(operatorCredentials.userId, user.id),
          or(isNull(operatorCredentials.lastTotpStep), lt(operatorCredentials.lastTotpStep, step)),
        ),
      )
      .returning({ userId: operatorCredentials.userId });
    if (!claimed) return null;
    return openSession(deps, request, user, { remember: false, method: 'operator', db: tx });
  });
  if (!session) throw await refuse('codeReused');
  await refundAttempt(db, addressKey);
  await clearAttempts(db, accountKey);
  return { ...session, userId: user.id, account: user.username };
}
