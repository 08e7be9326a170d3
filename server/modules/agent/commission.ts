/**
 * Agent commission: each Japanese day, an agent with a rate earns that share of their team's valid
 * bets (the direct members' bets less the bets rolled back), paid from the house's commission
 * account into the agent's coins. The settlement of a day writes one statement per agent in the
 * transaction of its payment; the statement's (agent, day) is unique and the payment's idempotency
 * key is the same pair, so running it again, or in two processes at once, pays nothing twice.
 */

import type { agentCommissionList } from '@contract/agent';
import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { recordDayOf } from '@contract/endpoint';
import type { Clock } from '@server/clock';
import type { Database } from '@server/db/client';
import { agentCommissions, agentTerms } from '@server/db/schema/agent';
import { users } from '@server/db/schema/auth';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '@server/db/schema/ledger';
import { onePage } from '@server/shared/paging';
import { periodBounds } from '@server/shared/period-bounds';
import { coinCurrency } from '@server/shared/player-deps';
import { and, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { houseAccount, playerAccount, transfer } from '../ledger/public';

const dayMs = 24 * 60 * 60 * 1000;
/** How many finished days each run looks back over, so a run missed (a restart, an outage) is caught up. */
export const commissionCatchUpDays = 7;

/** Each agent's team on one day: the members who bet and the valid bets, for agents with a rate now. */
async function teamBetsOn(db: Database, day: string) {
  const { from, to } = periodBounds({ from: day, to: day });
  const agent = alias(users, 'agent');
  const bet = sql`${ledgerTransfers.kind} = 'gameBet'`;
  // A rollback that gives coins back undoes a bet; one that takes coins undoes a win.
  const betRolledBack = sql`${ledgerTransfers.kind} = 'gameRollback' and ${ledgerEntries.amount} > 0`;
  return db
    .select({
      agentId: agent.id,
      members: sql<number>`count(distinct ${users.id}) filter (where ${bet})`.mapWith(Number),
      validBets: sql<number>`coalesce(sum(-${ledgerEntries.amount}) filter (where ${bet}), 0)
        - coalesce(sum(${ledgerEntries.amount}) filter (where ${betRolledBack}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .innerJoin(agent, eq(agent.referralCode, users.agentCode))
    .innerJoin(agentTerms, eq(agentTerms.userId, agent.id))
    .where(
      and(
        eq(ledgerAccounts.kind, 'player'),
        eq(ledgerAccounts.currency, coinCurrency),
        inArray(ledgerTransfers.kind, ['gameBet', 'gameRollback']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
        gt(agentTerms.rebateBasisPoints, 0),
      ),
    )
    .groupBy(agent.id);
}

/** Settles one finished Japanese day for every agent whose team bet on it; answers the statements written now. */
export async function settleCommissionDay(deps: { db: Database; clock: Clock }, day: string): Promise<number> {
  const teams = await teamBetsOn(deps.db, day);
  let written = 0;
  for (const team of teams) {
    if (team.validBets <= 0) continue;
    const settled = await deps.db.transaction(async (tx) => {
      // The agent's terms row, locked: two runs settle one agent one after the other, and the rate
      // paid is the one in force (the desk locks the row to change it).
      const [terms] = await tx
        .select({ rateBasisPoints: agentTerms.rebateBasisPoints })
        .from(agentTerms)
        .where(eq(agentTerms.userId, team.agentId))
        .for('update');
      const [done] = await tx
        .select({ id: agentCommissions.id })
        .from(agentCommissions)
        .where(and(eq(agentCommissions.agentId, team.agentId), eq(agentCommissions.day, day)));
      if (!terms || done) return false;
      const amount = Math.floor((team.validBets * terms.rateBasisPoints) / 10_000);
      const paid =
        amount > 0
          ? await transfer(tx, deps.clock, {
              actor: 'system',
              reason: `commission for ${day}: ${terms.rateBasisPoints} basis points of ${team.validBets} valid bets`,
              from: houseAccount('agentCommission', coinCurrency),
              to: playerAccount(team.agentId, coinCurrency),
              amount: BigInt(amount),
              currency: coinCurrency,
              idempotencyKey: `commission:${team.agentId}:${day}`,
              kind: 'rebate',
              metadata: { day },
            })
          : null;
      await tx.insert(agentCommissions).values({
        agentId: team.agentId,
        day,
        members: team.members,
        validBets: team.validBets,
        rateBasisPoints: terms.rateBasisPoints,
        amount,
        transferId: paid?.transfer.id ?? null,
        settledAt: deps.clock.now(),
      });
      return true;
    });
    if (settled) written += 1;
  }
  return written;
}

/** The settlement job: every finished day of the last week, oldest first; a day already settled writes nothing. */
export async function settleDueCommissions(deps: { db: Database; clock: Clock }): Promise<number> {
  const today = Date.parse(`${recordDayOf(deps.clock.now())}T00:00:00Z`);
  let written = 0;
  for (let back = commissionCatchUpDays; back >= 1; back -= 1)
    written += await settleCommissionDay(deps, new Date(today - back * dayMs).toISOString().slice(0, 10));
  return written;
}

/** The agent's own statements, newest day first, with the sum paid over the period. */
export async function commissionStatements(
  deps: { db: Database },
  agentId: number,
  body: ParsedBodyOf<typeof agentCommissionList>,
): Promise<DataOf<typeof agentCommissionList>> {
  const where = and(
    eq(agentCommissions.agentId, agentId),
    ...(body.period ? [gte(agentCommissions.day, body.period.from), lte(agentCommissions.day, body.period.to)] : []),
  );
  const page = await onePage(
    body,
    deps.db
      .select({
        day: agentCommissions.day,
        members: agentCommissions.members,
        validBets: agentCommissions.validBets,
        rateBasisPoints: agentCommissions.rateBasisPoints,
        amount: agentCommissions.amount,
        settledAt: agentCommissions.settledAt,
      })
      .from(agentCommissions)
      .where(where)
      .orderBy(desc(agentCommissions.day)),
    deps.db
      .select({ total: count(), paid: sql<number>`coalesce(sum(${agentCommissions.amount}), 0)`.mapWith(Number) })
      .from(agentCommissions)
      .where(where),
  );
  return { ...page, list: page.list.map((row) => ({ ...row, settledAt: row.settledAt.toISOString() })) };
}
