import { users } from '@server/db/schema/auth';
import { eq, or, type SQL, sql } from 'drizzle-orm';

/** The keyword as a LIKE pattern matching it anywhere, in any case, its wildcards taken literally. */
function containing(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A keyword of digits also names a user id. */
function byUserId(keyword: string): SQL[] {
  return /^\d{1,9}$/.test(keyword) ? [eq(users.id, Number(keyword))] : [];
}

/** Operators find a player by account, e-mail (parts of either) or exact user id. */
export function userKeywordCondition(keyword: string): SQL {
  const pattern = containing(keyword);
  return or(
    sql`lower(${users.username}) like ${pattern}`,
    sql`lower(${users.email}) like ${pattern}`,
    ...byUserId(keyword),
  ) as SQL;
}

/** The desk's player lists also match the nickname. */
export function playerKeywordCondition(keyword: string): SQL {
  const pattern = containing(keyword);
  return or(
    sql`lower(${users.username}) like ${pattern}`,
    sql`lower(${users.email}) like ${pattern}`,
    sql`lower(${users.nickname}) like ${pattern}`,
    ...byUserId(keyword),
  ) as SQL;
}
