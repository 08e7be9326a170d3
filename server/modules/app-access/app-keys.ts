import type { ParsedBodyOf } from '@contract/endpoint';
import type { AuthenticatorKey, authenticatorKeyBind, authenticatorKeyWebSignIn } from '@contract/user';
import type { Principal } from '@server/contract-router';
import { appKeys } from '@server/db/schema/app-access';
import { users } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { fieldRefusal } from '@server/shared/refusals';
import { newTotpSecret, totpUrl } from '@server/shared/totp';
import { and, eq, gt } from 'drizzle-orm';
import {
  type AppKeyRow,
  type AuthDeps,
  type AuthRequest,
  appKeyOf,
  checkPayPassword,
  spendAppKeyCode,
} from '../auth/public';

type KeyDeps = Pick<AuthDeps, 'db' | 'clock' | 'limits'>;

/** How long a pay-password confirmation allows one key replacement. */
const resetConfirmationMs = 5 * 60 * 1000;

async function accountNameOf(deps: KeyDeps, userId: number): Promise<string> {
  const [user] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError(401, 'error.unauthorised');
  return user.username;
}

/** The secret is shown only until the key is bound (docs/requirements.md §14.2). */
async function viewOf(deps: KeyDeps, row: AppKeyRow): Promise<AuthenticatorKey> {
  const shown = row.boundAt === null;
  return {
    secret: shown ? row.totpSecret : null,
    otpauthUri: shown ? totpUrl(row.totpSecret, await accountNameOf(deps, row.userId)) : null,
    createdAt: row.createdAt.toISOString(),
    boundAt: row.boundAt?.toISOString() ?? null,
    webSignIn: row.webSignIn,
  };
}

/** The player's key row, made on first request; two first requests at once agree on one. */
async function ensureKey(deps: KeyDeps, userId: number): Promise<AppKeyRow> {
  const existing = await appKeyOf(deps.db, userId);
  if (existing) return existing;
  await deps.db
    .insert(appKeys)
    .values({ userId, totpSecret: newTotpSecret(), createdAt: deps.clock.now() })
    .onConflictDoNothing({ target: appKeys.userId });
  const created = await appKeyOf(deps.db, userId);
  if (!created) throw new Error('app key insert left no row');
  return created;
}

export async function readAppKey(deps: KeyDeps, principal: Principal): Promise<AuthenticatorKey> {
  return viewOf(deps, await ensureKey(deps, principal.userId));
}

const codeRefusal = (request: AuthRequest) => fieldRefusal(request.t, 400, 'totpCode', 'appAccess.codeWrong');

/** Binds the key with one current code of it. */
export async function bindAppKey(
  deps: KeyDeps,
  request: AuthRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof authenticatorKeyBind>,
): Promise<AuthenticatorKey> {
  const key = await ensureKey(deps, principal.userId);
  if (key.boundAt) throw new ApiError(409, 'appAccess.keyAlreadyBound');
  const now = deps.clock.now();
  if (!(await spendAppKeyCode(deps, key, body.totpCode, { boundAt: now }))) throw codeRefusal(request);
  await writeAudit(deps.db, request, {
    at: now,
    actor: actorOfUser(principal.userId),
    action: 'appKey.bind',
    subject: actorOfUser(principal.userId),
  });
  return readAppKey(deps, principal);
}

/** Turns the web sign-in's code step on or off, proved with a current code (docs/requirements.md §14.3). */
export async function setWebSignIn(
  deps: KeyDeps,
  request: AuthRequest,
  principal: Principal,
  body: ParsedBodyOf<typeof authenticatorKeyWebSignIn>,
): Promise<AuthenticatorKey> {
  const key = await ensureKey(deps, principal.userId);
  if (!key.boundAt) throw new ApiError(422, 'appAccess.keyNotBound');
  if (!(await spendAppKeyCode(deps, key, body.totpCode, { webSignIn: body.enabled }))) throw codeRefusal(request);
  await writeAudit(deps.db, request, {
    at: deps.clock.now(),
    actor: actorOfUser(principal.userId),
    action: 'appKey.webSignIn',
    subject: actorOfUser(principal.userId),
    reason: body.enabled ? 'on' : 'off',
  });
  return readAppKey(deps, principal);
}

/**
 * The first step of a replacement (docs/requirements.md §14.4): the pay password allows one
 * replacement within five minutes. A wrong one changes nothing and counts like other wrong pay
 * passwords.
 */
export async function confirmKeyReset(
  deps: KeyDeps,
  request: AuthRequest,
  principal: Principal,
  payPassword: string,
): Promise<{ resetAllowedUntil: string }> {
  const [user] = await deps.db
    .select({ id: users.id, payPasswordHash: users.payPasswordHash })
    .from(users)
    .where(eq(users.id, principal.userId));
  if (!user) throw new ApiError(401, 'error.unauthorised');
  if (!user.payPasswordHash) throw new ApiError(422, 'appAccess.payPasswordNotSet');
  const right = await checkPayPassword(
    deps,
    deps.limits.payPasswordPerAccount,
    { id: user.id, payPasswordHash: user.payPasswordHash },
    payPassword,
  );
  if (!right) throw fieldRefusal(request.t, 400, 'payPassword', 'appAccess.payPasswordWrong');
  await ensureKey(deps, principal.userId);
  const resetAllowedUntil = new Date(deps.clock.now().getTime() + resetConfirmationMs);
  await deps.db.update(appKeys).set({ resetAllowedUntil }).where(eq(appKeys.userId, principal.userId));
  return { resetAllowedUntil: resetAllowedUntil.toISOString() };
}

/** Replaces the key once a confirmation allows it: a new secret, unbound, and the confirmation spent. */
export async function resetAppKey(
  deps: KeyDeps,
  request: AuthRequest,
  principal: Principal,
): Promise<AuthenticatorKey> {
  const now = deps.clock.now();
  const [replaced] = await deps.db
    .update(appKeys)
    .set({
      totpSecret: newTotpSecret(),
      createdAt: now,
      boundAt: null,
      lastTotpStep: null,
      webSignIn: false,
      resetAllowedUntil: null,
    })
    .where(and(eq(appKeys.userId, principal.userId), gt(appKeys.resetAllowedUntil, now)))
    .returning();
  if (!replaced) throw new ApiError(403, 'appAccess.resetNotConfirmed');
  await writeAudit(deps.db, request, {
    at: now,
    actor: actorOfUser(principal.userId),
    action: 'appKey.reset',
    subject: actorOfUser(principal.userId),
  });
  return viewOf(deps, replaced);
}
