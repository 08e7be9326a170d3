import { systemClock } from '@server/clock';
import { openDatabase } from '@server/db/client';
import { users } from '@server/db/schema/auth';
import { agentMoveKinds } from '@server/modules/agent/movements';
import { sql } from 'drizzle-orm';
import { ledgerViolations, queryRows } from '../tests/support/ledger-invariants';
import { fundAndSignIn } from './funded-sessions';
import type { BenchTeam } from './ledger-transfer-worker';
import { compareAppLoadWithTpcb, type TpcbComparison, type TpcbSettings } from './pgbench';

export interface LedgerSettings extends TpcbSettings {
  /** Members the agents move coins to, shared out among the agents. */
  players: number;
}

export interface LedgerComparison extends TpcbComparison {
  /** Moves the API answered 200 over the whole run, warm-up included, and what the ledger holds. */
  answered: number;
  stored: number;
}

const startingCoins = 1_000_000_000n;

/**
 * The agents (one per client) and their members, written straight to the database before the
 * app starts: each agent a player with is_agent and a referral code, its members players who
 * signed up with that code, funded from the adjustments house account through the ledger, and
 * signed in with the product's own session function. Nothing the measured call reads differs from
 * an agent made by an approved application.
 */
async function prepareTeams(url: string, settings: LedgerSettings): Promise<BenchTeam[]> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  try {
    await database.migrate();
    const now = systemClock.now();
    const agents = await database.db
      .insert(users)
      .values(
        Array.from({ length: settings.clients }, (_, index) => ({
          username: `benchagent${index}`,
          isAgent: true,
          referralCode: `BENCHAGENT${index}`,
          registeredAt: now,
        })),
      )
      .returning({ id: users.id, referralCode: users.referralCode });
    const teams: BenchTeam[] = [];
    for (const [index, agent] of agents.entries()) {
      const members = await database.db
        .insert(users)
        .values(
          Array.from({ length: Math.max(1, Math.floor(settings.players / settings.clients)) }, (_, member) => ({
            username: `benchmember${index}x${member}`,
            agentCode: agent.referralCode,
            registeredAt: now,
          })),
        )
        .returning({ id: users.id });
      const token = await fundAndSignIn(database.db, agent.id, startingCoins);
      teams.push({ token, memberIds: members.map((member) => member.id) });
    }
    return teams;
  } finally {
    await database.close();
  }
}

/** After the run: every rule of the ledger holds, and it holds exactly one agent move per 200 the API answered. */
async function checkLedger(url: string): Promise<{ stored: number; violations: string[] }> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const violations = await ledgerViolations(database.db);
    const [moves] = await queryRows<{ stored: number }>(
      database.db,
      sql`SELECT count(*)::int AS stored FROM ledger_transfers WHERE kind = ${agentMoveKinds.toMember}`,
    );
    return { stored: moves?.stored ?? 0, violations };
  } finally {
    await database.close();
  }
}

/**
 * Agent member transfers through the API against pgbench's built-in TPC-B on the same server, the
 * same number of clients, in alternating one-second slices after a warm-up of each. The app runs
 * composed as in production (bench/serve-target.ts) on the same database; the clients run in
 * their own process (ledger-transfer-worker.ts). pgbench's tables are created in the same
 * database beforehand and dropped after.
 */
export async function compareLedgerWithPgbench(url: string, settings: LedgerSettings): Promise<LedgerComparison> {
  const teams = await prepareTeams(url, settings);
  const { measured, answered } = await compareAppLoadWithTpcb(url, settings, {
    appEnv: { BENCH_DATABASE_URL: url },
    worker: 'ledger-transfer-worker.ts',
    beforeLoad: async () => ({ BENCH_TEAMS: JSON.stringify(teams) }),
  });
  const ledger = await checkLedger(url);
  if (ledger.violations.length > 0)
    throw new Error(`the ledger broke its rules under the load: ${ledger.violations.join(' | ')}`);
  if (ledger.stored !== answered) {
    throw new Error(`the API answered ${answered} moves with 200 but the ledger holds ${ledger.stored}`);
  }
  return { ...measured, answered, stored: ledger.stored };
}
