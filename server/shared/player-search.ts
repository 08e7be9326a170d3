import { users } from '@server/db/schema/auth';
import { eq, or, type SQL, sql } from 'drizzle-orm';

/** Operators find a player by account, e-mail (parts of either) or exact user id. */
export function userKeywordCondition(keyword: string): SQL {
  const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const byId = /^\d{1,9}$/.test(keyword) ? [eq(users.id, Number(keyword))] : [];
  return or(sql`lower(${users.username}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`, ...byId) as SQL;
}
