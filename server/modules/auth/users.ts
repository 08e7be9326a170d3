import type { Database } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { and, eq, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

/** A sign-in name is a user name or an e-mail address (user names cannot contain '@'); case does not matter. */
export async function findUserByAccount(db: Database, account: string): Promise<UserRow | null> {
  const name = account.trim().toLowerCase();
  const match = name.includes('@') ? eq(sql`lower(${users.email})`, name) : eq(sql`lower(${users.username})`, name);
  const [user] = await db.select().from(users).where(match).limit(1);
  return user ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Database, userId: number): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

export async function isUsernameTaken(db: Database, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** An agent code entered at sign-up must be the referral code of a current agent. */
export async function agentCodeExists(db: Database, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code), eq(users.isAgent, true)))
    .limit(1);
  return row !== undefined;
}
