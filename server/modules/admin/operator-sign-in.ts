import type { adminLogin } from '@contract/admin';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { operatorCredentials } from '@server/db/schema/admin';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { fieldRefusal } from '@server/shared/refusals';
import { matchingTotpStep } from '@server/shared/totp';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import {
  type AuthDeps,
  type AuthRequest,
  checkPassword,
  openSession,
  refuseFrozen,
  signInCounters,
} from '../auth/public';

const operatorCounters = signInCounters('operatorSignIn');

/**
 * Operator sign-in: password, captcha and authenticator code; the only way to an operator session.
 * It counts under counters of its own, so failures here never lock a player's sign-in nor the other
 * way round, and a failure only counts once its captcha was solved, so nobody locks an operator out
 * without solving a captcha per guess. A player account, an operator without a TOTP secret, a wrong
 * password and a wrong code all get one answer, so the call does not reveal which accounts are
 * operators. A code is accepted once: the step it belongs to must be newer than the last one used,
 * and that is claimed atomically, so two sign-ins racing with one code cannot both pass.
 */
export async function signInOperator(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof adminLogin>,
): Promise<DataOf<typeof adminLogin>> {
  const { db, clock } = deps;
  const refusal = () => fieldRefusal(request.t, 400, 'totpCode', 'admin.signInRefused');
  const { user, forgive } = await checkPassword(deps, request, {
    role: 'operator',
    counters: operatorCounters,
    account: body.account,
    password: body.password,
    uuid: body.uuid,
    qrcode: body.qrcode,
    refusal,
  });
  const [credentials] = await db.select().from(operatorCredentials).where(eq(operatorCredentials.userId, user.id));
  const now = clock.now();
  const step = credentials ? matchingTotpStep(credentials.totpSecret, body.totpCode, now) : null;
  const refuse = async (reason: string) => {
    await writeAudit(db, request, {
      at: now,
      actor: 'anonymous',
      action: 'operatorSignIn.failure',
      subject: actorOfUser(user.id),
      reason,
    });
    return refusal();
  };
  if (step === null) throw await refuse(credentials ? 'wrongCode' : 'noAuthenticator');
  if (user.frozen) await refuseFrozen(deps, request, user.id, 'operatorSignIn.failure');

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
      .returning({ roles: operatorCredentials.roles });
    if (!claimed) return null;
    const opened = await openSession(deps, request, user, {
      kind: 'operator',
      remember: false,
      method: 'operator',
      db: tx,
      forgive,
    });
    return { ...opened, roles: claimed.roles };
  });
  if (!session) throw await refuse('codeReused');
  return { ...session, userId: user.id, account: user.username };
}
