import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@server/db/client';
import { type EmailCodePurpose, emailCodes } from '@server/db/schema/auth';
import type { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { fieldRefusal } from '@server/shared/refusals';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

export const emailCodeLifetimeMinutes = 10;
const emailCodeLifetimeMs = emailCodeLifetimeMinutes * 60 * 1000;
export const maxWrongCodeAttempts = 5;
/** How long a verified registration address may wait for its registration. */
export const registrationProofLifetimeMs = 30 * 60 * 1000;

function codeHash(secret: string, purpose: EmailCodePurpose, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest('hex');
}

/** Stores a new six-digit code for the address and returns it; any earlier code of the pair stops counting. */
export async function issueEmailCode(
  db: Database,
  options: { secret: string; purpose: EmailCodePurpose; email: string; userId: number | null; now: Date },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const email = options.email.toLowerCase();
  await db.insert(emailCodes).values({
    purpose: options.purpose,
    email,
    userId: options.userId,
    codeHash: codeHash(options.secret, options.purpose, email, code),
    createdAt: options.now,
    expiresAt: new Date(options.now.getTime() + emailCodeLifetimeMs),
  });
  return code;
}

export type EmailCodeProblem = 'missing' | 'used' | 'burned' | 'expired' | 'wrong';

/**
 * Checks a code against the newest code of (purpose, address) and spends it when right. A wrong
 * code counts against it and the fifth wrong one burns it. Returns the problem instead of throwing,
 * so the caller's transaction commits the counted attempt before the refusal is sent.
 */
export async function spendEmailCode(
  db: Database,
  options: {
    secret: string;
    purpose: EmailCodePurpose;
    email: string;
    code: string;
    now: Date;
    clientBinding?: string;
  },
): Promise<{ ok: true; codeId: number } | { ok: false; problem: EmailCodeProblem }> {
  const email = options.email.toLowerCase();
  const [latest] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.purpose, options.purpose), eq(emailCodes.email, email)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1)
    .for('update');
  if (!latest) return { ok: false, problem: 'missing' };
  if (latest.usedAt) return { ok: false, problem: 'used' };
  if (latest.wrongAttempts >= maxWrongCodeAttempts) return { ok: false, problem: 'burned' };
  if (latest.expiresAt <= options.now) return { ok: false, problem: 'expired' };
  const expected = Buffer.from(latest.codeHash);
  const given = Buffer.from(codeHash(options.secret, options.purpose, email, options.code));
  if (!timingSafeEqual(expected, given)) {
    const [counted] = await db
      .update(emailCodes)
      .set({ wrongAttempts: sql`${emailCodes.wrongAttempts} + 1` })
      .where(eq(emailCodes.id, latest.id))
      .returning({ wrongAttempts: emailCodes.wrongAttempts });
    return { ok: false, problem: (counted?.wrongAttempts ?? 0) >= maxWrongCodeAttempts ? 'burned' : 'wrong' };
  }
  await db
    .update(emailCodes)
    .set({ usedAt: options.now, clientBinding: options.clientBinding ?? null })
    .where(eq(emailCodes.id, latest.id));
  return { ok: true, codeId: latest.id };
}

export function emailCodeRefusal(t: Translate, field: string, problem: EmailCodeProblem): ApiError {
  switch (problem) {
    case 'missing':
    case 'expired':
      return fieldRefusal(t, 400, field, 'auth.codeExpired');
    case 'used':
      return fieldRefusal(t, 400, field, 'auth.codeUsed');
    case 'burned':
      return fieldRefusal(t, 422, field, 'auth.codeBurned');
    case 'wrong':
      return fieldRefusal(t, 400, field, 'auth.codeWrong');
  }
}

/**
 * The proof that this browser verified the address recently and has not registered with it yet.
 * Locked for the registration's transaction, which spends it.
 */
export async function findRegistrationProof(
  db: Database,
  options: { email: string; clientBinding: string; now: Date },
): Promise<number | null> {
  const [proof] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.purpose, 'register'),
        eq(emailCodes.email, options.email.toLowerCase()),
        eq(emailCodes.clientBinding, options.clientBinding),
        isNull(emailCodes.proofUsedAt),
        gt(emailCodes.usedAt, new Date(options.now.getTime() - registrationProofLifetimeMs)),
      ),
    )
    .orderBy(desc(emailCodes.usedAt))
    .limit(1)
    .for('update');
  return proof?.id ?? null;
}

export async function spendRegistrationProof(db: Database, proofId: number, now: Date): Promise<void> {
  await db.update(emailCodes).set({ proofUsedAt: now }).where(eq(emailCodes.id, proofId));
}
