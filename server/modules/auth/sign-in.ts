import { randomBytes } from 'node:crypto';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { ParsedBodyOf } from '../../../contract/endpoint';
import type { login, login3 } from '../../../contract/auth';
import type { Database } from '../../db/client';
import { identities, users } from '../../db/schema/auth';
import { ApiError } from '../../errors';
import { actorOfUser, auditInsert, writeAudit } from './audit';
import { captchaAnswerHash, captchaSpending } from './captcha';
import type { AuthDeps, AuthRequest } from './context';
import { IdentityProviderUnavailable, IdentityRefused } from './identity-providers';
import { verifySecret } from './passwords';
import { type AttemptCount, attemptCounter, attemptRefund, attemptsClearing, refusalOverLimit } from './rate-limit';
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
 * back, in one statement, which commits all of them or none.
 */
export async function openSession(
  deps: AuthDeps,
  request: AuthRequest,
  user: Pick<UserRow, 'id'>,
  options: { remember: boolean; method: string; db?: Database; forgive?: { refund: string; clear: string } },
) {
  const db = options.db ?? deps.db;
  const now = deps.clock.now();
  const session = newSession(db, {
    userId: user.id,
    remember: options.remember,
    now,
    clientAddress: request.clientAddress,
    lifetimes: deps.sessionLifetimes,
  });
  const signedIn = db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  const forgiven = options.forgive
    ? sql`, refunded as (${attemptRefund(db, options.forgive.refund).getSQL()}), cleared as (${attemptsClearing(db, options.forgive.clear).getSQL()})`
    : sql``;
  const audited = auditInsert(db, request, {
    at: now,
    actor: actorOfUser(user.id),
    action: 'signIn.success',
    subject: actorOfUser(user.id),
    reason: options.method,
  });
  await db.execute(sql`with new_session as (${session.insert.getSQL()}), signed_in as (${signedIn.getSQL()})${forgiven} ${audited.getSQL()}`);
  return { token: session.token, expiresAt: session.expiresAt };
}

interface SignInCheck {
  captchaRight: boolean;
  /** Null when the captcha was wrong: nothing was counted. */
  address: AttemptCount | null;
  /** Null when nothing was counted against the account (wrong captcha, or the address over its limit). */
  account: AttemptCount | null;
  user: { id: number; passwordHash: string | null; frozen: boolean } | null;
}

/**
 * Everything a password sign-in settles before the password itself, in one statement: spends the
 * captcha (right or wrong), and only if it was right counts the attempt against the client address,
 * then, if the address is within its limit, against the account (the user's id, or the name tried
 * when there is no such user), and reads the user. The counts are the shared, atomic upserts of
 * rate-limit.ts, so they hold across processes and under concurrency. The answer is compared in
 * SQL: the statement spends the captcha, so no timing of the comparison can help a second guess.
 */
async function checkSignIn(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof login>,
  now: Date,
): Promise<SignInCheck> {
  const { db, limits } = deps;
  const name = body.account.trim().toLowerCase();
  const countAddress = attemptCounter(
    db,
    signInAddressKey(request.clientAddress),
    limits.signInPerAddress,
    now,
    sql`from captcha where captcha.right`,
  );
  const countAccount = attemptCounter(
    db,
    sql`coalesce(${signInUserKeyPrefix} || (select matched.id from matched)::text, ${signInNameKey(body.account)})`,
    limits.signInPerAccount,
    now,
    sql`from address_count where address_count.hits <= ${limits.signInPerAddress.limit}`,
  );
  const match = name.includes('@') ? eq(sql`lower(${users.email})`, name) : eq(sql`lower(${users.username})`, name);
  const millis = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const result = (await db.execute(sql`
    with spent as (${captchaSpending(db, body.uuid, now).getSQL()}),
    captcha as (select exists (select 1 from spent where spent.answer_hash = ${captchaAnswerHash(body.uuid, body.qrcode)}) as right),
    address_count as (${countAddress.getSQL()}),
    matched as (select ${users.id} as id, ${users.passwordHash} as password_hash, ${users.frozen} as frozen from ${users} where ${match} limit 1),
    account_count as (${countAccount.getSQL()})
    select captcha.right as captcha_right,
      address_count.hits as address_hits, ${millis(sql`address_count.window_started_at`)} as address_window_ms,
      account_count.hits as account_hits, ${millis(sql`account_count.window_started_at`)} as account_window_ms,
      matched.id as user_id, matched.password_hash, matched.frozen
    from captcha
    left join address_count on true
    left join account_count on true
    left join matched on true
  `)) as unknown as { rows: SignInCheckRow[] };
  const row = result.rows[0];
  if (!row) throw new Error('the sign-in check returned no row');
  const countOf = (hits: number | null, windowMs: number | null) =>
    hits === null || windowMs === null ? null : { hits, windowStartedAt: new Date(windowMs) };
  return {
    captchaRight: row.captcha_right,
    address: countOf(row.address_hits, row.address_window_ms),
    account: countOf(row.account_hits, row.account_window_ms),
    user: row.user_id === null ? null : { id: row.user_id, passwordHash: row.password_hash, frozen: row.frozen === true },
  };
}

interface SignInCheckRow {
  captcha_right: boolean;
  address_hits: number | null;
  address_window_ms: number | null;
  account_hits: number | null;
  account_window_ms: number | null;
  user_id: number | null;
  password_hash: string | null;
  frozen: boolean | null;
}

/**
 * Password sign-in. The captcha is spent first, right or wrong. Unknown account and wrong password
 * get the same message (and the same hashing time), so the answer does not reveal which accounts
 * exist. Failures count per account and per client address; a success gives its attempt back.
 * Besides the password check, a success takes two statements and a failure three (see checkSignIn).
 */
export async function signIn(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof login>) {
  const { db, clock, limits } = deps;
  const { t } = request;
  const now = clock.now();
  const check = await checkSignIn(deps, request, body, now);
  if (!check.captchaRight) throw fieldRefusal(t, 400, 'qrcode', 'auth.captchaWrong');
  const overLimit =
    refusalOverLimit(check.address, limits.signInPerAddress, now) ?? refusalOverLimit(check.account, limits.signInPerAccount, now);
  if (overLimit) throw overLimit;
  const { user } = check;
  const passwordRight = await verifySecret(user?.passwordHash ?? null, body.password);
  if (!user || !passwordRight) {
    await writeAudit(db, request, {
      at: clock.now(),
      actor: 'anonymous',
      action: 'signIn.failure',
      subject: user ? actorOfUser(user.id) : `account:${body.account.trim().toLowerCase()}`,
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
    forgive: { refund: signInAddressKey(request.clientAddress), clear: signInAccountKey(user, body.account) },
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
