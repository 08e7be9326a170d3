import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@server/db/client';
import { appKeys } from '@server/db/schema/app-access';
import { checkGuess } from '@server/shared/rate-limit';
import { matchingTotpStep } from '@server/shared/totp';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AuthDeps } from './context';

export type AppKeyRow = typeof appKeys.$inferSelect;

export async function appKeyOf(db: Database, userId: number): Promise<AppKeyRow | null> {
  const [row] = await db.select().from(appKeys).where(eq(appKeys.userId, userId));
  return row ?? null;
}

/**
 * Accepts a code of the player's key once (docs/requirements.md §14.2): the code must match a step
 * within the window that is newer than the last one accepted, and that step is claimed in the same
 * statement that makes `changes`, so two calls racing with one code cannot both pass. The claim
 * also names the secret the code was checked against, so a key replaced meanwhile is not touched.
 * Wrong and reused codes count against the account; past the limit the answer is 429.
 */
export function spendAppKeyCode(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'limits'>,
  key: Pick<AppKeyRow, 'userId' | 'totpSecret'>,
  code: string,
  changes: Partial<Pick<AppKeyRow, 'boundAt' | 'webSignIn'>> = {},
): Promise<boolean> {
  return checkGuess(deps.db, `appKeyCode:user:${key.userId}`, deps.limits.signInPerAccount, deps.clock, async () => {
    const step = matchingTotpStep(key.totpSecret, code, deps.clock.now());
    if (step === null) return false;
    const claimed = await deps.db
      .update(appKeys)
      .set({ ...changes, lastTotpStep: step })
      .where(
        and(
          eq(appKeys.userId, key.userId),
          eq(appKeys.totpSecret, key.totpSecret),
          or(isNull(appKeys.lastTotpStep), lt(appKeys.lastTotpStep, step)),
        ),
      )
      .returning({ userId: appKeys.userId });
    return claimed.length === 1;
  });
}

/** How long the web sign-in's code question stays open after the right password. */
export const appKeyTicketLifetimeMs = 5 * 60 * 1000;

function ticketMac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`appKeyTicket:${payload}`).digest('base64url');
}

/** What proved the player before the code step: the password, or Google's or LINE's sign-in. */
export type AppKeyFirstStep = 'password' | 'google' | 'line';

/**
 * The proof, handed to the browser after a right password or a verified Google or LINE sign-in,
 * that only the code step is left (docs/requirements.md §14.3). It is signed, not stored: the code
 * it is spent with is single-use.
 */
export function appKeyTicket(secret: string, userId: number, remember: boolean, firstStep: AppKeyFirstStep, now: Date) {
  const expiresAt = new Date(now.getTime() + appKeyTicketLifetimeMs);
  const payload = `${userId}.${remember ? 1 : 0}.${firstStep}.${expiresAt.getTime()}`;
  return { appKeyTicket: `${payload}.${ticketMac(secret, payload)}`, expiresAt: expiresAt.toISOString() };
}

/** The sign-in a ticket stands for, or null when it is forged, malformed or expired. */
export function readAppKeyTicket(secret: string, ticket: string, now: Date) {
  const match = /^(\d{1,10})\.([01])\.(password|google|line)\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return null;
  const [, userId, remember, firstStep, expiresMs, mac] = match as unknown as [
    string,
    string,
    string,
    AppKeyFirstStep,
    string,
    string,
  ];
  const expected = Buffer.from(ticketMac(secret, `${userId}.${remember}.${firstStep}.${expiresMs}`));
  if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
  if (Number(expiresMs) <= now.getTime()) return null;
  return { userId: Number(userId), remember: remember === '1', firstStep };
}

/** Whether the player asked for the code step at sign-in: a bound key with the web sign-in code on. */
export function asksForCode(key: AppKeyRow | null): key is AppKeyRow {
  return key?.boundAt != null && key.webSignIn;
}
