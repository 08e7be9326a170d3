import { accountNamePattern, type registerUser, type sendRegisterCode, type validRegisterCode } from '@contract/auth';
import type { ParsedBodyOf } from '@contract/endpoint';
import { users } from '@server/db/schema/auth';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { countAttempt } from '@server/shared/rate-limit';
import { fieldRefusal, uniqueViolation } from '@server/shared/refusals';
import type { AuthDeps, AuthRequest } from './context';
import {
  emailCodeLifetimeMinutes,
  emailCodeRefusal,
  findRegistrationProof,
  issueEmailCode,
  spendEmailCode,
  spendRegistrationProof,
} from './email-codes';
import { passwordRefusal } from './password-changes';
import { hashSecret } from './passwords';
import { openSession } from './sign-in';
import { agentCodeExists, findUserByEmail, isUsernameTaken } from './users';

/**
 * Registration step 1a: mails a code. An address that already has an account gets a note saying
 * so instead of a code, and the caller sees the same answer either way, so the call does not tell
 * strangers which addresses are registered.
 */
export async function sendRegistrationCode(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof sendRegisterCode>,
) {
  const { db, clock, limits } = deps;
  const email = body.email.toLowerCase();
  await countAttempt(db, `registerCode:email:${email}`, limits.emailCodeResend, clock.now(), 'auth.resendTooSoon');
  await countAttempt(db, `email:address:${request.clientAddress}`, limits.emailPerAddress, clock.now());
  await db.transaction(async (tx) => {
    const now = clock.now();
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      await deps.mail.enqueue(
        tx,
        request.t,
        {
          kind: 'registerExisting',
          recipient: body.email,
          locale: request.locale,
          params: { username: existing.username },
        },
        now,
      );
      return;
    }
    const code = await issueEmailCode(tx, { secret: deps.codeSecret, purpose: 'register', email, userId: null, now });
    await deps.mail.enqueue(
      tx,
      request.t,
      {
        kind: 'registerCode',
        recipient: body.email,
        locale: request.locale,
        params: { code, minutes: emailCodeLifetimeMinutes },
      },
      now,
    );
  });
  deps.mail.kick();
  return null;
}

/** Registration step 1b: the right code makes the address verified, for this browser, for 30 minutes. */
export async function checkRegistrationCode(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof validRegisterCode>,
) {
  const { t } = request;
  if (!body.acceptTerms) throw fieldRefusal(t, 400, 'acceptTerms', 'auth.acceptTermsRequired');
  const result = await deps.db.transaction((tx) =>
    spendEmailCode(tx, {
      secret: deps.codeSecret,
      purpose: 'register',
      email: body.email,
      code: body.code,
      now: deps.clock.now(),
      clientBinding: request.browserBinding,
    }),
  );
  if (!result.ok) throw emailCodeRefusal(t, 'code', result.problem);
  return null;
}

/**
 * Registration step 2: needs the proof left by step 1b in this browser; the proof is spent with the
 * account's creation, in one transaction. Duplicate user names and addresses have their own message.
 */
export async function registerAccount(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof registerUser>) {
  const { db, clock } = deps;
  const { t } = request;
  if (!accountNamePattern.test(body.account)) throw fieldRefusal(t, 400, 'account', 'auth.accountFormat');
  const passwordProblem = passwordRefusal(t, 'password', body.password);
  if (passwordProblem) throw passwordProblem;
  const agentCode = body.agentCode ? body.agentCode : null;
  if (agentCode && !(await agentCodeExists(db, agentCode))) {
    throw fieldRefusal(t, 400, 'agentCode', 'auth.agentCodeUnknown');
  }
  const passwordHash = await hashSecret(body.password);
  try {
    return await db.transaction(async (tx) => {
      const now = clock.now();
      const proofId = await findRegistrationProof(tx, {
        email: body.email,
        clientBinding: request.browserBinding,
        now,
      });
      if (proofId === null) throw fieldRefusal(t, 400, 'email', 'auth.emailNotVerified');
      if (await isUsernameTaken(tx, body.account)) throw fieldRefusal(t, 409, 'account', 'auth.accountTaken');
      if (await findUserByEmail(tx, body.email)) throw fieldRefusal(t, 409, 'email', 'auth.emailTaken');
      const [user] = await tx
        .insert(users)
        .values({
          username: body.account,
          email: body.email,
          passwordHash,
          agentCode,
          registeredAt: now,
          passwordChangedAt: now,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned no row');
      await spendRegistrationProof(tx, proofId, now);
      await writeAudit(tx, request, {
        at: now,
        actor: actorOfUser(user.id),
        action: 'account.create',
        subject: actorOfUser(user.id),
        reason: agentCode ? `register with agent code ${agentCode}` : 'register',
      });
      return openSession(deps, request, user, { remember: false, method: 'register', db: tx });
    });
  } catch (error) {
    // The checks above ran inside the transaction; a registration racing ours can still win.
    const constraint = uniqueViolation(error);
    if (constraint === 'users_username_lower_unique') throw fieldRefusal(t, 409, 'account', 'auth.accountTaken');
    if (constraint === 'users_email_lower_unique') throw fieldRefusal(t, 409, 'email', 'auth.emailTaken');
    throw error;
  }
}
