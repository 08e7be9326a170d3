import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { AppLoginStatus, appLoginQrClaim, appLoginQrDecide, appLoginQrExchange } from '@contract/user';
import type { Principal } from '@server/contract-router';
import { appLoginCodes } from '@server/db/schema/app-access';
import { users } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { countAttempt } from '@server/shared/rate-limit';
import { fieldRefusal } from '@server/shared/refusals';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
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

/** Where a code stands, as its row and the clock say. */
function statusOf(row: typeof appLoginCodes.$inferSelect, now: Date): AppLoginStatus {
  if (row.exchangedAt) return 'signedIn';
  if (row.refusedAt) return 'refused';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.approvedAt) return 'approved';
  return row.requestedAt ? 'awaitingApproval' : 'waiting';
}

async function ownCode(deps: Pick<AuthDeps, 'db'>, principal: Principal, loginCode: string) {
  const [row] = await deps.db
    .select()
    .from(appLoginCodes)
    .where(and(eq(appLoginCodes.codeHash, hashOf(loginCode)), eq(appLoginCodes.userId, principal.userId)));
  if (!row) throw new ApiError(404, 'error.notFound');
  return row;
}

/**
 * Where one of the player's own codes stands, with the asking device's name while the player has
 * to decide; another player's code is as unknown as a made-up one.
 */
export async function loginCodeStatus(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  principal: Principal,
  loginCode: string,
): Promise<{ status: AppLoginStatus; device: string | null }> {
  const row = await ownCode(deps, principal, loginCode);
  const status = statusOf(row, deps.clock.now());
  return { status, device: status === 'awaitingApproval' ? (row.requestDevice ?? null) : null };
}

/**
 * The player's answer to a device's request to sign in. Only a request still awaiting an answer is
 * decided; any other state is answered as it stands, so a late or repeated answer changes nothing.
 */
export async function decideLoginCode(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  request: AuthRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof appLoginQrDecide>,
): Promise<{ status: AppLoginStatus }> {
  const row = await ownCode(deps, principal, body.loginCode);
  const now = deps.clock.now();
  const [decided] = await deps.db
    .update(appLoginCodes)
    .set(body.approve ? { approvedAt: now } : { refusedAt: now })
    .where(
      and(
        eq(appLoginCodes.id, row.id),
        isNotNull(appLoginCodes.requestedAt),
        isNull(appLoginCodes.approvedAt),
        isNull(appLoginCodes.refusedAt),
        gt(appLoginCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!decided) return { status: statusOf(row, now) };
  await writeAudit(deps.db, request, {
    at: now,
    actor: actorOfUser(principal.userId),
    action: body.approve ? 'appSignIn.approved' : 'appSignIn.refused',
    subject: actorOfUser(principal.userId),
    reason: decided.requestDevice ?? '',
  });
  return { status: statusOf(decided, now) };
}

/**
 * The app's request to sign in with a scanned code (docs/requirements.md §14.5). Every try counts
 * against the client address under the sign-in limit. An unknown, expired, spent or already asked
 * code gets one answer. With a bound key a current code is needed too, spent once. The request is
 * recorded only if no other came first, so one code answers one device; that device gets a token
 * of its own to follow the player's decision with, and the player has two minutes from the scan to
 * decide.
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
  if (!row || statusOf(row, clock.now()) !== 'waiting') throw invalid();
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

  const requestToken = randomBytes(24).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + loginCodeLifetimeMs);
  const [asked] = await db
    .update(appLoginCodes)
    .set({ requestedAt: now, requestDevice: body.device ?? null, requestTokenHash: hashOf(requestToken), expiresAt })
    .where(and(eq(appLoginCodes.id, row.id), isNull(appLoginCodes.requestedAt), gt(appLoginCodes.expiresAt, now)))
    .returning({ id: appLoginCodes.id });
  if (!asked) throw invalid();
  return { requestToken, expiresAt: expiresAt.toISOString() };
}

/**
 * The asking app follows its request with the token it got: still awaiting the player, or, once
 * approved, a session of its own, opened once in the transaction that marks the code exchanged.
 * A refused, expired or spent request, or a wrong token, gets one answer.
 */
export async function claimLoginCode(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof appLoginQrClaim>) {
  const { db, clock } = deps;
  const invalid = () => fieldRefusal(request.t, 400, 'loginCode', 'appAccess.loginCodeInvalid');
  const [row] = await db
    .select()
    .from(appLoginCodes)
    .where(eq(appLoginCodes.codeHash, hashOf(body.loginCode)));
  if (!row?.requestTokenHash || !sameHash(row.requestTokenHash, hashOf(body.requestToken))) throw invalid();
  const status = statusOf(row, clock.now());
  if (status === 'refused') throw fieldRefusal(request.t, 400, 'loginCode', 'appAccess.signInRefused');
  if (status === 'awaitingApproval') return { status: 'awaitingApproval' as const, token: null, expiresAt: null };
  if (status !== 'approved') throw invalid();
  const [user] = await db.select({ id: users.id, frozen: users.frozen }).from(users).where(eq(users.id, row.userId));
  if (!user) throw invalid();
  if (user.frozen) await refuseFrozen(deps, request, user.id, 'appSignIn.failure');

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
  return { status: 'signedIn' as const, token: session.token, expiresAt: session.expiresAt };
}

const sameHash = (stored: string, given: string) =>
  stored.length === given.length && timingSafeEqual(Buffer.from(stored), Buffer.from(given));
