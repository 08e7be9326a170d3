import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { appLoginCodes } from '@server/db/schema/app-access';
import { captchaSpends, emailCodes, mailOutbox, rateLimits, sessions } from '@server/db/schema/auth';
import { and, eq, lt } from 'drizzle-orm';

const hour = 60 * 60 * 1000;
const day = 24 * hour;
/** Longer than any attempt window, so no live count is dropped. */
const attemptCountsKeptMs = day;
/** Longer than a code's life plus the registration proof's, so "already used" is still said for a while. */
const emailCodesKeptMs = day;
/** Sent mail stays readable (and on /dev/mailbox) for a month. */
const sentMailKeptMs = 30 * day;

/**
 * Deletes rows that can no longer matter: spent captchas past their expiry, app sign-in codes a day
 * past theirs, expired sessions, old e-mail codes, attempt counts of finished windows and old sent
 * mail. Run every 15 minutes as a job; the deletes are idempotent.
 */
export async function runAuthHousekeeping(deps: { db: Database; clock: Clock }): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  await db.delete(captchaSpends).where(lt(captchaSpends.expiresAt, new Date(now)));
  await db.delete(appLoginCodes).where(lt(appLoginCodes.expiresAt, new Date(now - day)));
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
  await db.delete(emailCodes).where(lt(emailCodes.expiresAt, new Date(now - emailCodesKeptMs)));
  await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, new Date(now - attemptCountsKeptMs)));
  await db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.createdAt, new Date(now - sentMailKeptMs))));
}
