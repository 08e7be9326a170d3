import { eq } from 'drizzle-orm';
import type { resetPassword, sendResetCode } from '../../../contract/auth';
import type { ParsedBodyOf } from '../../../contract/endpoint';
import { users } from '../../db/schema/auth';
import { enqueueMail } from '../mail/outbox';
import { actorOfUser, writeAudit } from './audit';
import { spendCaptcha } from './captcha';
import type { AuthDeps, AuthRequest } from './context';
import { emailCodeLifetimeMinutes, emailCodeRefusal, issueEmailCode, spendEmailCode } from './email-codes';
import { hashSecret } from './passwords';
import { passwordRefusal } from './password-changes';
import { clearAttempts, countAttempt } from './rate-limit';
import { fieldRefusal } from './refusals';
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
    const code = await issueEmailCode(tx, { secret: deps.codeSecret, purpose: 'reset', email: recipient, userId: user.id, now });
    await enqueueMail(
      tx,
      request.t,
      {
        kind: 'resetCode',
        recipient,
        locale: request.locale,
        params: { code, minutes: emailCodeLifetimeMinutes, username: user.username },
      },
      { now, deliverable: deps.mail.deliverable },
    );
  });
  deps.mail.kick();
  return null;
}

/**
 * Recovery step 2: the e-mailed code (qrcode) sets a new password and ends every session of the
 * account. An unknown account is refused exactly like an account without a live code.
 */
export async function resetForgottenPassword(deps: AuthDeps, request: AuthRequest, body: ParsedBodyOf<typeof resetPassword>) {
  const { db, clock } = deps;
  const { t } = request;
  const policyRefusal = passwordRefusal(t, 'newPassword', body.newPassword);
  if (policyRefusal) throw policyRefusal;
  // Hashed before looking the account up, so known and unknown accounts take the same time.
  const passwordHash = await hashSecret(body.newPassword);
  const user = await findPlayerByAccount(deps, body.account);
  const recipient = user?.email ?? null;
  if (!user || !recipient) throw emailCodeRefusal(t, 'qrcode', 'missing');
  const result = await db.transaction(async (tx) => {
    const now = clock.now();
    const spent = await spendEmailCode(tx, { secret: deps.codeSecret, purpose: 'reset', email: recipient, code: body.qrcode, now });
    if (!spent.ok) return spent;
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, 'passwordReset', now);
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(user.id),
      action: 'password.reset',
      subject: actorOfUser(user.id),
      reason: 'by e-mail code',
    });
    await enqueueMail(
      tx,
      t,
      { kind: 'passwordChanged', recipient, locale: request.locale, params: { username: user.username } },
      { now, deliverable: deps.mail.deliverable },
    );
    return spent;
  });
  if (!result.ok) throw emailCodeRefusal(t, 'qrcode', result.problem);
  // Whoever holds the mailbox has proved it: earlier failed sign-ins no longer lock the account.
  await clearAttempts(db, signInAccountKey(user, body.account));
  deps.mail.kick();
  return null;
}
