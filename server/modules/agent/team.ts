import { randomInt } from 'node:crypto';
import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { uniqueViolation } from '@server/shared/refusals';
import { and, type Column, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A player is a direct member of an agent when the agent code they signed up with (or that the
 * agent created them under) is the agent's referral code: users.agent_code → users.referral_code.
 * The link is set once, at the member's creation, and never changes.
 */
export function isMemberOf(agentId: number | Placeholder, memberAgentCode: Column | SQL = users.agentCode): SQL {
  return sql`${memberAgentCode} = (select agent.referral_code from ${users} agent where agent.id = ${agentId})`;
}

/** Contains the text, any case; the same matching as the desk's keyword search. */
export function accountContains(account: Column, text: string): SQL {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`lower(${account}) like ${pattern}`;
}

/** Letters and digits without the look-alikes (0/O, 1/I/L), so a code read aloud or typed is not mistaken. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const codeLength = 8;
const codeAttempts = 5;

function newAgentCode(): string {
  return Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('');
}

/**
 * The agent's referral code, issued now if they have none yet (`issued`). Pass the caller's
 * transaction: each attempt runs in a savepoint, so a code that collides with another agent's
 * is retried without spoiling the transaction.
 */
export async function ensureAgentCode(tx: Database, agentId: number): Promise<{ code: string; issued: boolean }> {
  for (let attempt = 0; attempt < codeAttempts; attempt += 1) {
    const candidate = newAgentCode();
    try {
      const [updated] = await tx.transaction((savepoint) =>
        savepoint
          .update(users)
          .set({ referralCode: candidate })
          .where(and(eq(users.id, agentId), isNull(users.referralCode)))
          .returning({ code: users.referralCode }),
      );
      if (updated?.code) return { code: updated.code, issued: true };
      const [existing] = await tx.select({ code: users.referralCode }).from(users).where(eq(users.id, agentId));
      if (!existing?.code) throw new Error(`user ${agentId} has no referral code and none could be set`);
      return { code: existing.code, issued: false };
    } catch (error) {
      if (uniqueViolation(error) !== 'users_referral_code_unique') throw error;
    }
  }
  throw new Error(`no free agent code found in ${codeAttempts} attempts`);
}

/** The sign-up link that pre-fills the code: the registration form reads the `agentCode` query parameter. */
export function invitationUrl(publicUrl: string, code: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('agentCode', code);
  return url.toString();
}
