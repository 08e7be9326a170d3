import type { resetPassword, sendResetCode } from '@contract/auth';
import type { ParsedBodyOf } from '@contract/endpoint';
import { users } from '@server/db/schema/auth';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { clearAttempts, countAttempt } from '@server/shared/rate-limit';
import { fieldRefusal } from '@server/shared/refusals';
import { eq } from 'drizzle-orm';
import { spendCaptcha } from './captcha';
import type { AuthDeps, AuthRequest } from './context';
import { emailCodeLifetimeMinutes, issueEmailCode, spendEmailCode } from './email-codes';
import { passwordRefusal } from './password-changes';
import { hashSecret } from './passwords';
import { endUserSessions } from './sessions';
import { signInAccountKey } from './sign-in';
import { findUserByAccount } from './users';

/**
 * The player account recovery may act on. An operator account is answered as an unknown one: its
 * password is set only by the operator tooling, so an e-mailed code never opens the desk.
 */
async function findPlayerByAccount(deps: AuthDeps, account: string) {
  const user = await findUserByAccount(deps.db, account);
  return user?.role === 'player' ? user : null;
}

/**
 * Recovery step 1: after the captcha, mails a reset code to the account's address. The answer is
 * the same whether or not the account exists (or can receive mail); the resend interval applies
 * to unknown accounts too, so it does not tell them apart either.
 */
export async function sendRecoveryCode(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof sendResetCode>) {
  const { db, clock, limits } = deps;
  if (!(await spendCaptcha(db, deps.captchas.read(body.uuid, body.qrcode, clock.now())))) {
    throw fieldRefusal(request.t, 400, 'qrcode', 'auth.captchaWrong');
  }
  const user = await findPlayerByAccount(deps, body.account);
  const resendKey = user ? `resetCode:user:${user.id}` : `resetCode:account:${body.account.trim().toLowerCase()}`;
  await countAttempt(db, resendKey, limits.emailCodeResend, clock.now(), 'auth.resendTooSoon');
  await countAttempt(db, `email:address:${request.clientAddress}`, limits.emailPerAddress, clock.now());
  const recipient = user && !user.frozen ? user.email : null;
  if (!user || !recipient) return null;
  await db.transaction(async (tx) => {
    const now = clock.now();
    const code = await issueEmailCode(tx, {
      secret: deps.codeSecret,
      purpose: 'reset',
      email: recipient,
      userId: user.id,
      now,
    });
    await deps.mail.enqueue(
      tx,
      request.t,
      {
        kind: 'resetCode',
        recipient,
        locale: request.locale,
        params: { code, minutes: emailCodeLifetimeMinutes, username: user.username },
      },
      now,
    );
  });
  deps.mail.kick();
  return null;
}

/**
 * Recovery step 2: the e-mailed code (qrcode) sets a new password and ends every session of the
 * account. Every refusal is the same answer (a wrong, expired, used, burned or never-sent code, an
 * unknown account), so this step tells nobody which accounts exist or have a code out; wrong codes
 * still count against the code, which the fifth one burns.
 */
export async function resetForgottenPassword(
  deps: AuthDeps,
  request: AuthRequest,
  body: ParsedBodyOf<typeof resetPassword>,
) {
  const { db, clock } = deps;
  const { t } = request;
  const policyRefusal = passwordRefusal(t, 'newPassword', body.newPassword);
  if (policyRefusal) throw policyRefusal;
  // Hashed before looking the account up, so known and unknown accounts take the same time.
  const passwordHash = await hashSecret(body.newPassword);
  const user = await findPlayerByAccount(deps, body.account);
  const recipient = user?.email ?? null;
  const reset = await db.transaction(async (tx) => {
    const now = clock.now();
    // An account without an address looks for a code too (none is ever sent to ''), so it runs the
    // same statements as a known account without a live code.
    const spent = await spendEmailCode(tx, {
      secret: deps.codeSecret,
      purpose: 'reset',
      email: recipient ?? '',
      code: body.qrcode,
      now,
    });
    if (!spent.ok || !user || !recipient) return false;
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, 'passwordReset', now);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'password.reset',
      subject: actorOfUser(user.id),
      reason: 'by e-mail code',
    });
    await deps.mail.enqueue(
      tx,
      t,
      { kind: 'passwordChanged', recipient, locale: request.locale, params: { username: user.username } },
      now,
    );
    return true;
  });
  if (!reset || !user) throw fieldRefusal(t, 400, 'qrcode', 'auth.codeRefused');
  // Whoever holds the mailbox has proved it: earlier failed sign-ins no longer lock the account.
  await clearAttempts(db, signInAccountKey(user, body.account));
  deps.mail.kick();
  return null;
}
