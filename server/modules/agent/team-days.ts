import type { DateRange } from '@contract/endpoint';
import { agentTeamDays } from '@server/db/schema/agent';
import type { PlayerDeps } from '@server/shared/player-deps';
import { and, gte, lte, type SQL, sql } from 'drizzle-orm';

export interface CountAndAmount {
  count: number;
  amount: number;
}

/**
 * An agent's team totals by item over the days of a period (all days without one), read from the
 * day totals the triggers keep (see agentTeamDays in server/db/schema/agent.ts): a few rows a day,
 * however many members and movements the team has.
 */
export async function teamDayTotals(
  deps: Pick<PlayerDeps, 'db'>,
  agentId: number,
  period: DateRange | undefined,
): Promise<Map<string, CountAndAmount>> {
  const conditions: SQL[] = [
    sql`${agentTeamDays.agentCode} = (select agent.referral_code from users agent where agent.id = ${agentId})`,
  ];
  if (period) conditions.push(gte(agentTeamDays.day, period.from), lte(agentTeamDays.day, period.to));
  const rows = await deps.db
    .select({
      item: agentTeamDays.item,
      count: sql`sum(${agentTeamDays.count})`.mapWith(Number),
      amount: sql`sum(${agentTeamDays.amount})`.mapWith(Number),
    })
    .from(agentTeamDays)
    .where(and(...conditions))
    .groupBy(agentTeamDays.item);
  return new Map(rows.map((row) => [row.item, { count: row.count, amount: row.amount }]));
}
