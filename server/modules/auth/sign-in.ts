import { randomBytes } from 'node:crypto';
import type { login, login3, loginWithAppKey } from '@contract/auth';
import type { ParsedBodyOf } from '@contract/endpoint';
import type { Database } from '@server/db/client';
import { identities, type SessionKind, type UserRole, users } from '@server/db/schema/auth';
import { ApiError } from '@server/errors';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { functionRow, instant } from '@server/shared/function-call';
import { attemptCountOf, refusalOverLimit } from '@server/shared/rate-limit';
import { fieldRefusal, uniqueViolation } from '@server/shared/refusals';
import { and, eq, sql } from 'drizzle-orm';
import { appKeyOf, appKeyTicket, asksForCode, readAppKeyTicket, spendAppKeyCode } from './app-key-codes';
import type { AuthDeps, AuthRequest } from './context';
import { IdentityProviderUnavailable, IdentityRefused, type VerifiedIdentity } from './identity-providers';
import { verifySecret } from './passwords';
import { endSession, newSession } from './sessions';
import { agentCodeExists, findUserByEmail, type UserRow } from './users';

/**
 * The attempt counters of a sign-in: per client address and per account (the user's id, or the
 * name tried when no such user exists). The player's and the desk's sign-ins count apart, so
 * failures at one never lock the other.
 */
export function signInCounters(scope: 'signIn' | 'operatorSignIn') {
  const userKeyPrefix = `${scope}:user:`;
  const nameKey = (account: string) => `${scope}:account:${account.trim().toLowerCase()}`;
  return {
    userKeyPrefix,
    nameKey,
    addressKey: (address: string) => `${scope}:address:${address}`,
    accountKey: (user: Pick<UserRow, 'id'> | null, account: string) =>
      user ? `${userKeyPrefix}${user.id}` : nameKey(account),
  };
}

const playerCounters = signInCounters('signIn');
export const signInAccountKey = playerCounters.accountKey;

/**
 * Opens a session for a user who has proved who they are, and records the sign-in: the session,
 * the last sign-in time, the audit row and (`forgive`) the attempt counts a password sign-in gives
 * back, in one call of auth_open_session, which writes all of them or none.
 */
export async function openSession(
  deps: AuthDeps,
  request: AuthRequest,
  user: Pick<UserRow, 'id'>,
  options: {
    kind?: SessionKind;
    remember: boolean;
    method: string;
    db?: Database;
    forgive?: { refund: string; clear: string };
  },
) {
  const db = options.db ?? deps.db;
  const now = deps.clock.now();
  const kind = options.kind ?? 'player';
  const session = newSession({ kind, remember: options.remember, now, lifetimes: deps.sessionLifetimes });
  await functionRow(
    db,
    sql`auth_open_session(${user.id}::integer, ${kind}, ${session.tokenHash}, ${options.remember}, ${instant(now)}, ${instant(session.expiresAt)}, ${request.clientAddress}, ${request.requestId}, ${actorOfUser(user.id)}, 'signIn.success', ${options.method}, ${options.forgive?.refund ?? null}::text, ${options.forgive?.clear ?? null}::text, ${request.device.id}, ${request.device.userAgent})`,
  );
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

interface SignInCheck {
  captcha_right: boolean;
  address_hits: number | null;
  address_window_started_ms: number | null;
  account_hits: number | null;
  account_window_started_ms: number | null;
  user_id: number | null;
  username: string | null;
  password_hash: string | null;
  frozen: boolean | null;
}

/** A password sign-in's attempt, player's or operator's. */
export interface PasswordAttempt {
  role: UserRole;
  counters: ReturnType<typeof signInCounters>;
  account: string;
  password: string;
  uuid: string;
  qrcode: string;
  /** The answer to a wrong password or an account that is not of `role`: one answer for both. */
  refusal: () => ApiError;
}

/**
 * The part a player's and an operator's password sign-in share. The captcha is spent first, right
 * or wrong. An unknown account, an account of the other role and a wrong password get the same
 * answer (and the same hashing time), so it does not reveal which accounts exist, nor which are
 * operators'. Failures count per account and per client address, under the attempt's own counters.
 * A captcha the server did not sign, or that has expired, is refused before any statement.
 * Everything before the password check is one call (auth_check_sign_in: the captcha spent, the
 * address and then the account counted, the user read). The answer only counts if this try spent
 * the captcha, so no second guess at it can be right. Returns the user whose password was right,
 * frozen or not, and the counts a success gives back.
 */
export async function checkPassword(deps: AuthDeps, request: AuthRequest, attempt: PasswordAttempt) {
  const { db, clock, limits } = deps;
  const { t } = request;
  const now = clock.now();
  const name = attempt.account.trim().toLowerCase();
  const addressKey = attempt.counters.addressKey(request.clientAddress);
  const captcha = deps.captchas.read(attempt.uuid, attempt.qrcode, now);
  if (!captcha) throw fieldRefusal(t, 400, 'qrcode', 'auth.captchaWrong');
  const check = await functionRow<SignInCheck>(
    db,
    sql`auth_check_sign_in(${captcha.id}::uuid, ${instant(captcha.expiresAt)}, ${captcha.answerRight}, ${instant(now)}, ${attempt.role}, ${addressKey}, ${limits.signInPerAddress.windowMs}::bigint, ${limits.signInPerAddress.limit}::integer, ${name}, ${name.includes('@')}, ${attempt.counters.userKeyPrefix}, ${attempt.counters.nameKey(attempt.account)}, ${limits.signInPerAccount.windowMs}::bigint)`,
  );
  if (!check.captcha_right) throw fieldRefusal(t, 400, 'qrcode', 'auth.captchaWrong');
  const overLimit =
    refusalOverLimit(
      attemptCountOf(check.address_hits, check.address_window_started_ms),
      limits.signInPerAddress,
      now,
    ) ??
    refusalOverLimit(attemptCountOf(check.account_hits, check.account_window_started_ms), limits.signInPerAccount, now);
  if (overLimit) throw overLimit;
  const user =
    check.user_id === null
      ? null
      : { id: check.user_id, username: check.username ?? '', frozen: check.frozen === true };
  const passwordRight = await verifySecret(check.password_hash, attempt.password);
  if (!user || !passwordRight) {
    await writeAudit(db, request, {
      at: clock.now(),
      actor: 'anonymous',
      action: `${attempt.role === 'operator' ? 'operatorSignIn' : 'signIn'}.failure`,
      subject: user ? actorOfUser(user.id) : `account:${name}`,
      reason: user ? 'wrongPassword' : 'unknownAccount',
    });
    throw attempt.refusal();
  }
  return { user, forgive: { refund: addressKey, clear: attempt.counters.accountKey(user, attempt.account) } };
}

/** Refuses a frozen account (402) once its credentials were right, with the audit row. */
export async function refuseFrozen(
  deps: AuthDeps,
  request: AuthRequest,
  userId: number,
  action: string,
): Promise<never> {
  await writeAudit(deps.db, request, {
    at: deps.clock.now(),
    actor: actorOfUser(userId),
    action,
    subject: actorOfUser(userId),
    reason: 'frozen',
  });
  throw new ApiError(402, 'auth.accountFrozen');
}

/** Password sign-in of a player: a player session, and a success gives its attempts back. */
export async function signIn(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof login>) {
  const { user, forgive } = await checkPassword(deps, request, {
    role: 'player',
    counters: playerCounters,
    account: body.account,
    password: body.password,
    uuid: body.uuid,
    qrcode: body.qrcode,
    refusal: () => fieldRefusal(request.t, 400, 'password', 'auth.credentialsWrong'),
  });
  if (user.frozen) await refuseFrozen(deps, request, user.id, 'signIn.failure');
  if (asksForCode(await appKeyOf(deps.db, user.id)))
    return appKeyTicket(deps.codeSecret, user.id, body.remember, 'password', deps.clock.now());
  return openSession(deps, request, user, { remember: body.remember, method: 'password', forgive });
}

/**
 * The code step of a sign-in whose player turned it on (docs/requirements.md §14.3): the ticket
 * proves the password was right, or Google or LINE vouched for the player, a moment ago; the code
 * is spent once.
 */
export async function signInWithAppKey(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof loginWithAppKey>,
) {
  const ticket = readAppKeyTicket(deps.codeSecret, body.appKeyTicket, deps.clock.now());
  if (!ticket) throw fieldRefusal(request.t, 400, 'appKeyTicket', 'appAccess.ticketInvalid');
  const [user] = await deps.db
    .select({ id: users.id, frozen: users.frozen })
    .from(users)
    .where(eq(users.id, ticket.userId));
  const key = await appKeyOf(deps.db, ticket.userId);
  if (!user || !asksForCode(key)) {
    throw fieldRefusal(request.t, 400, 'appKeyTicket', 'appAccess.ticketInvalid');
  }
  if (user.frozen) await refuseFrozen(deps, request, user.id, 'signIn.failure');
  if (!(await spendAppKeyCode(deps, key, body.totpCode))) {
    await writeAudit(deps.db, request, {
      at: deps.clock.now(),
      actor: 'anonymous',
      action: 'signIn.failure',
      subject: actorOfUser(user.id),
      reason: 'wrongAppKeyCode',
    });
    throw fieldRefusal(request.t, 400, 'totpCode', 'appAccess.codeWrong');
  }
  return openSession(deps, request, user, { remember: ticket.remember, method: `${ticket.firstStep}+appKey` });
}

const generatedNameLength = 12;
const generatedNameAlphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

function generatedUsername(provider: string): string {
  const bytes = randomBytes(generatedNameLength);
  const suffix = Array.from(bytes, (byte) => generatedNameAlphabet[byte % generatedNameAlphabet.length]).join('');
  return `${provider}${suffix}`;
}

const plausibleEmail = /^[^\s@\x00-\x1f\x7f]{1,64}@[^\s@\x00-\x1f\x7f]{1,189}\.[^\s@\x00-\x1f\x7f]{2,63}$/;
const controlCharacters = /[\x00-\x1f\x7f-\x9f]/g;

/** The provider's word on its token; a refused token is 401, a provider out of reach 422. */
async function verifiedIdentity(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof login3>,
  providerLabel: string,
): Promise<VerifiedIdentity> {
  try {
    return await deps.identity.verify(body.event, body.token);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const log = { provider: body.event, reason, requestId: request.requestId };
    if (error instanceof IdentityRefused) {
      deps.logger.info(log, 'third-party token refused');
      throw new ApiError(401, 'auth.thirdPartyTokenInvalid', { provider: providerLabel });
    }
    if (error instanceof IdentityProviderUnavailable) {
      deps.logger.warn(log, 'identity provider unavailable');
      throw new ApiError(422, 'auth.providerUnavailable', { provider: providerLabel });
    }
    throw error;
  }
}

/** What a provider's sign-in is about: its identity, the verified address if plausible, the agent code. */
interface ProviderSignIn {
  identity: VerifiedIdentity;
  email: string | null;
  agentCode: string | null;
}

/** A new account for a provider's identity, with the agent code if any. */
async function createProviderUser(
  tx: Database,
  request: AuthRequest,
  { identity, email, agentCode }: ProviderSignIn,
  now: Date,
): Promise<UserRow> {
  if (agentCode && !(await agentCodeExists(tx, agentCode))) {
    throw fieldRefusal(request.t, 400, 'agentCode', 'auth.agentCodeUnknown');
  }
  const [created] = await tx
    .insert(users)
    .values({
      username: generatedUsername(identity.provider),
      email,
      nickname: identity.name?.replace(controlCharacters, '').slice(0, 20) || null,
      agentCode,
      registeredAt: now,
    })
    .returning();
  if (!created) throw new Error('user insert returned no row');
  await writeAudit(tx, request, {
    at: now,
    actor: actorOfUser(created.id),
    action: 'account.create',
    subject: actorOfUser(created.id),
    reason: `signIn:${identity.provider}`,
  });
  return created;
}

/**
 * The account a provider identity not yet linked signs in to, linked to it now: the one with the
 * provider's verified address, else a new one. Operators' and frozen accounts are not linked.
 */
async function linkProviderUser(
  tx: Database,
  request: AuthRequest,
  signIn: ProviderSignIn,
  now: Date,
): Promise<UserRow | 'operator' | 'frozen'> {
  const { identity, email } = signIn;
  const found = email ? await findUserByEmail(tx, email) : null;
  if (found?.role === 'operator') return 'operator';
  if (found?.frozen) return 'frozen';
  if (found)
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(found.id),
      action: 'identity.link',
      subject: actorOfUser(found.id),
      reason: `${identity.provider} by verified e-mail`,
    });
  const user = found ?? (await createProviderUser(tx, request, signIn, now));
  await tx.insert(identities).values({
    userId: user.id,
    provider: identity.provider,
    subject: identity.subject,
    email,
    createdAt: now,
    lastUsedAt: now,
  });
  return user;
}

/** The account a provider identity signs in to: the one it is linked to, else one linked now. */
async function providerUser(
  tx: Database,
  request: AuthRequest,
  signIn: ProviderSignIn,
  now: Date,
): Promise<UserRow | 'operator' | 'frozen'> {
  const { identity } = signIn;
  const ofIdentity = and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject));
  const [linked] = await tx
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(ofIdentity)
    .limit(1);
  if (!linked) return linkProviderUser(tx, request, signIn, now);
  // Operators sign in only at the desk: their accounts are refused as a refused token is.
  if (linked.user.role === 'operator') return 'operator';
  if (linked.user.frozen) return 'frozen';
  await tx.update(identities).set({ lastUsedAt: now }).where(ofIdentity);
  return linked.user;
}

/** One try at a provider's sign-in, in one transaction: a session, or the code step's ticket. */
function providerSignInOnce(deps: AuthDeps, request: AuthRequest, signIn: ProviderSignIn) {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const user = await providerUser(tx, request, signIn, now);
    if (user === 'operator') return { outcome: 'operator' as const };
    if (user === 'frozen') return { outcome: 'frozen' as const };
    if (asksForCode(await appKeyOf(tx, user.id)))
      return {
        outcome: 'codeAsked' as const,
        answer: appKeyTicket(deps.codeSecret, user.id, false, signIn.identity.provider, now),
      };
    const session = await openSession(deps, request, user, {
      remember: false,
      method: signIn.identity.provider,
      db: tx,
    });
    return { outcome: 'signedIn' as const, answer: session };
  });
}

/**
 * Third-party sign-in: the provider's token is verified first (see identity-providers.ts). A known
 * provider account signs in its user; otherwise an account with the provider's verified address is
 * linked; otherwise a new account is created (with the agent code, if any). A player who asked for
 * the app key's code at sign-in gets the code step's ticket instead of a session, as after a right
 * password.
 */
export async function signInWithProvider(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof login3>) {
  const providerLabel = request.t(`auth.providers.${body.event}`);
  const identity = await verifiedIdentity(deps, request, body, providerLabel);
  const signIn: ProviderSignIn = {
    identity,
    email: identity.verifiedEmail && plausibleEmail.test(identity.verifiedEmail) ? identity.verifiedEmail : null,
    agentCode: body.agentCode ? body.agentCode : null,
  };
  let result: Awaited<ReturnType<typeof providerSignInOnce>>;
  try {
    result = await providerSignInOnce(deps, request, signIn);
  } catch (error) {
    // Two first sign-ins of one provider account at once: the loser finds the winner's link.
    if (uniqueViolation(error) === null) throw error;
    result = await providerSignInOnce(deps, request, signIn);
  }
  if (result.outcome === 'operator') {
    await writeAudit(deps.db, request, {
      at: deps.clock.now(),
      actor: 'anonymous',
      action: 'signIn.failure',
      subject: `${identity.provider}:${identity.subject}`,
      reason: 'operatorAccount',
    });
    throw new ApiError(401, 'auth.thirdPartyTokenInvalid', { provider: providerLabel });
  }
  if (result.outcome === 'frozen') throw new ApiError(402, 'auth.accountFrozen');
  return result.answer;
}

export async function signOut(deps: AuthDeps, sessionId: number): Promise<null> {
  await endSession(deps.db, sessionId, 'logout', deps.clock.now());
  return null;
}
