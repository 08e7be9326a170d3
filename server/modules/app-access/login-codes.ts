import { createHash, randomBytes } from 'node:crypto';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { AppLoginStatus, appLoginQrExchange } from '@contract/user';
import type { Principal } from '@server/contract-router';
import { appLoginCodes } from '@server/db/schema/app-access';
import { users } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { countAttempt } from '@server/shared/rate-limit';
import { fieldRefusal } from '@server/shared/refusals';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type AuthDeps, type AuthRequest, appKeyOf, openSession, refuseFrozen, spendAppKeyCode } from '../auth/public';

/** How long a sign-in code shown on the page may be exchanged (docs/requirements.md §14.5). */
export const loginCodeLifetimeMs = 2 * 60 * 1000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new one-time code for the app to scan: 24 random bytes, base64url; only its hash is stored. */
export async function issueLoginCode(deps: Pick<AuthDeps, 'db' | 'clock'>, principal: Principal) {
  const loginCode = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + loginCodeLifetimeMs);
  await deps.db
    .insert(appLoginCodes)
    .values({ userId: principal.userId, codeHash: hashOf(loginCode), createdAt: now, expiresAt });
  return { loginCode, expiresAt: expiresAt.toISOString() };
}

/** Where one of the player's own codes stands; another player's code is as unknown as a made-up one. */
export async function loginCodeStatus(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  principal: Principal,
  loginCode: string,
): Promise<{ status: AppLoginStatus }> {
  const [row] = await deps.db
    .select()
    .from(appLoginCodes)
    .where(and(eq(appLoginCodes.codeHash, hashOf(loginCode)), eq(appLoginCodes.userId, principal.userId)));
  if (!row) throw new ApiError(404, 'error.notFound');
  if (row.exchangedAt) return { status: 'signedIn' };
  return { status: row.expiresAt.getTime() <= deps.clock.now().getTime() ? 'expired' : 'waiting' };
}

/**
 * The app's exchange of a scanned code for an app session (docs/requirements.md §14.5). Every try
 * counts against the client address under the sign-in limit. An unknown, expired or spent code gets
 * one answer. With a bound key a current code is needed too, spent once. The code is claimed in the
 * transaction that opens the session, so two exchanges of one code cannot both succeed.
 */
export async function exchangeLoginCode(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof appLoginQrExchange>,
) {
  const { db, clock, limits } = deps;
  await countAttempt(db, `appLogin:address:${request.clientAddress}`, limits.signInPerAddress, clock.now());
  const invalid = () => fieldRefusal(request.t, 400, 'loginCode', 'appAccess.loginCodeInvalid');
  const codeHash = hashOf(body.loginCode);
  const [row] = await db.select().from(appLoginCodes).where(eq(appLoginCodes.codeHash, codeHash));
  if (!row || row.exchangedAt || row.expiresAt.getTime() <= clock.now().getTime()) throw invalid();
  const [user] = await db.select({ id: users.id, frozen: users.frozen }).from(users).where(eq(users.id, row.userId));
  if (!user) throw invalid();
  if (user.frozen) await refuseFrozen(deps, request, user.id, 'appSignIn.failure');

  const key = await appKeyOf(db, user.id);
  if (key?.boundAt) {
    if (!body.totpCode) throw fieldRefusal(request.t, 400, 'totpCode', 'appAccess.codeNeeded');
    if (!(await spendAppKeyCode(deps, key, body.totpCode))) {
      await writeAudit(db, request, {
        at: clock.now(),
        actor: 'anonymous',
        action: 'appSignIn.failure',
        subject: actorOfUser(user.id),
        reason: 'wrongAppKeyCode',
      });
      throw fieldRefusal(request.t, 400, 'totpCode', 'appAccess.codeWrong');
    }
  }

  const session = await db.transaction(async (tx) => {
    const now = clock.now();
    const [claimed] = await tx
      .update(appLoginCodes)
      .set({ exchangedAt: now })
      .where(and(eq(appLoginCodes.id, row.id), isNull(appLoginCodes.exchangedAt), gt(appLoginCodes.expiresAt, now)))
      .returning({ id: appLoginCodes.id });
    if (!claimed) return null;
    return openSession(deps, request, user, { kind: 'app', remember: false, method: 'appQr', db: tx });
  });
  if (!session) throw invalid();
  return session;
}
