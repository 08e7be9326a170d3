import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedBodyOf } from '../../../contract/endpoint';
import type { login, login3 } from '../../../contract/auth';
import type { Database } from '../../db/client';
import { identities, users } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import { actorOfUser, writeAudit } from './audit';
import type { AuthDeps, AuthRequest } from './context';
import { IdentityProviderUnavailable, IdentityRefused } from './identity-providers';
import { verifySecret } from './passwords';
import { functionRow, instant } from './function-call';
import { attemptCountOf, refusalOverLimit } from './rate-limit';
import { fieldRefusal, uniqueViolation } from './refusals';
import { endSession, newSession } from './sessions';
import { agentCodeExists, findUserByEmail, type UserRow } from './users';

export const signInAddressKey = (address: string) => `signIn:address:${address}`;
const signInUserKeyPrefix = 'signIn:user:';
const signInNameKey = (account: string) => `signIn:account:${account.trim().toLowerCase()}`;
export const signInAccountKey = (user: Pick<UserRow, 'id'> | null, account: string) =>
  user ? `${signInUserKeyPrefix}${user.id}` : signInNameKey(account);

/**
 * Opens a session for a user who has proved who they are, and records the sign-in: the session,
 * the last sign-in time, the audit row and (`forgive`) the attempt counts a password sign-in gives
 * back, in one call of auth_open_session, which writes all of them or none.
 */
export async function openSession(
  deps: AuthDeps,
  request: AuthRequest,
  user: Pick<UserRow, 'id'>,
  options: { remember: boolean; method: string; db?: Database; forgive?: { refund: string; clear: string } },
) {
  const db = options.db ?? deps.db;
  const now = deps.clock.now();
  const session = newSession({ remember: options.remember, now, lifetimes: deps.sessionLifetimes });
  await functionRow(
    db,
    sql`auth_open_session(${user.id}::integer, ${session.tokenHash}, ${options.remember}, ${instant(now)}, ${instant(session.expiresAt)}, ${request.clientAddress}, ${request.requestId}, ${actorOfUser(user.id)}, 'signIn.success', ${options.method}, ${options.forgive?.refund ?? null}::text, ${options.forgive?.clear ?? null}::text)`,
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
  password_hash: string | null;
  frozen: boolean | null;
}

/**
 * Password sign-in. The captcha is spent first, right or wrong. Unknown account and wrong password
 * get the same message (and the same hashing time), so the answer does not reveal which accounts
 * exist. Failures count per account and per client address; a success gives its attempt back.
 * A captcha the server did not sign, or that has expired, is refused before any statement.
 * Everything else before the password check is one call (auth_check_sign_in: the captcha spent,
 * the address and then the account counted, the user read), and a success is one more. The answer
 * only counts if this try spent the captcha, so no second guess at it can be right.
 */
export async function signIn(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof login>) {
  const { db, clock, limits } = deps;
  const { t } = request;
  const now = clock.now();
  const name = body.account.trim().toLowerCase();
  const addressKey = signInAddressKey(request.clientAddress);
  const captcha = deps.captchas.read(body.uuid, body.qrcode, now);
  if (!captcha) throw fieldRefusal(t, 400, 'qrcode', 'auth.captchaWrong');
  const check = await functionRow<SignInCheck>(
    db,
    sql`auth_check_sign_in(${captcha.id}::uuid, ${instant(captcha.expiresAt)}, ${captcha.answerRight}, ${instant(now)}, ${addressKey}, ${limits.signInPerAddress.windowMs}::bigint, ${limits.signInPerAddress.limit}::integer, ${name}, ${name.includes('@')}, ${signInUserKeyPrefix}, ${signInNameKey(body.account)}, ${limits.signInPerAccount.windowMs}::bigint)`,
  );
  if (!check.captcha_right) throw fieldRefusal(t, 400, 'qrcode', 'auth.captchaWrong');
  const overLimit =
    refusalOverLimit(attemptCountOf(check.address_hits, check.address_window_started_ms), limits.signInPerAddress, now) ??
    refusalOverLimit(attemptCountOf(check.account_hits, check.account_window_started_ms), limits.signInPerAccount, now);
  if (overLimit) throw overLimit;
  const user = check.user_id === null ? null : { id: check.user_id, frozen: check.frozen === true };
  const passwordRight = await verifySecret(check.password_hash, body.password);
  if (!user || !passwordRight) {
    await writeAudit(db, request, {
      at: clock.now(),
      actor: 'anonymous',
      action: 'signIn.failure',
      subject: user ? actorOfUser(user.id) : `account:${name}`,
      reason: user ? 'wrongPassword' : 'unknownAccount',
    });
    throw fieldRefusal(t, 400, 'password', 'auth.credentialsWrong');
  }
  if (user.frozen) {
    await writeAudit(db, request, {
      at: clock.now(),
      actor: actorOfUser(user.id),
      action: 'signIn.failure',
      subject: actorOfUser(user.id),
      reason: 'frozen',
    });
    throw new ApiError(402, 'auth.accountFrozen');
  }
  return openSession(deps, request, user, {
    remember: body.remember,
    method: 'password',
    forgive: { refund: addressKey, clear: signInAccountKey(user, body.account) },
  });
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

/**
 * Third-party sign-in: the provider's token is verified first (see identity-providers.ts). A known
 * provider account signs in its user; otherwise an account with the provider's verified address is
 * linked; otherwise a new account is created (with the agent code, if any).
 */
export async function signInWithProvider(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof login3>) {
  const { db, clock } = deps;
  const { t } = request;
  const providerLabel = t(`auth.providers.${body.event}`);
  let identity;
  try {
    identity = await deps.identity.verify(body.event, body.token);
  } catch (error) {
    if (error instanceof IdentityRefused) {
      deps.logger.info({ provider: body.event, reason: error.message, requestId: request.requestId }, 'third-party token refused');
      throw new ApiError(401, 'auth.thirdPartyTokenInvalid', { provider: providerLabel });
    }
    if (error instanceof IdentityProviderUnavailable) {
      deps.logger.warn({ provider: body.event, reason: error.message, requestId: request.requestId }, 'identity provider unavailable');
      throw new ApiError(422, 'auth.providerUnavailable', { provider: providerLabel });
    }
    throw error;
  }
  const email = identity.verifiedEmail && plausibleEmail.test(identity.verifiedEmail) ? identity.verifiedEmail : null;
  const agentCode = body.agentCode ? body.agentCode : null;

  const signedIn = async () =>
    db.transaction(async (tx) => {
      const now = clock.now();
      const [linked] = await tx
        .select({ user: users })
        .from(identities)
        .innerJoin(users, eq(users.id, identities.userId))
        .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)))
        .limit(1);
      let user: UserRow | null = linked?.user ?? null;
      if (user) {
        if (user.frozen) return { frozen: true as const };
        await tx
          .update(identities)
          .set({ lastUsedAt: now })
          .where(and(eq(identities.provider, identity.provider), eq(identities.subject, identity.subject)));
      } else {
        user = email ? await findUserByEmail(tx, email) : null;
        if (user?.frozen) return { frozen: true as const };
        if (user) {
          await writeAudit(tx, request, {
            at: now,
            actor: actorOfUser(user.id),
            action: 'identity.link',
            subject: actorOfUser(user.id),
            reason: `${identity.provider} by verified e-mail`,
          });
        } else {
          if (agentCode && !(await agentCodeExists(tx, agentCode))) {
            throw fieldRefusal(t, 400, 'agentCode', 'auth.agentCodeUnknown');
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
          user = created;
          await writeAudit(tx, request, {
            at: now,
            actor: actorOfUser(user.id),
            action: 'account.create',
            subject: actorOfUser(user.id),
            reason: `signIn:${identity.provider}`,
          });
        }
        await tx.insert(identities).values({
          userId: user.id,
          provider: identity.provider,
          subject: identity.subject,
          email,
          createdAt: now,
          lastUsedAt: now,
        });
      }
      const session = await openSession(deps, request, user, { remember: false, method: identity.provider, db: tx });
      return { frozen: false as const, session };
    });

  let result;
  try {
    result = await signedIn();
  } catch (error) {
    // Two first sign-ins of one provider account at once: the loser finds the winner's link.
    if (uniqueViolation(error) === null) throw error;
    result = await signedIn();
  }
  if (result.frozen) throw new ApiError(402, 'auth.accountFrozen');
  return result.session;
}

export async function signOut(deps: AuthDeps, sessionId: number): Promise<null> {
  await endSession(deps.db, sessionId, 'logout', deps.clock.now());
  return null;
}
