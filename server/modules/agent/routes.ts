import {
  agentApplicationQuery,
  agentCodeQuery,
  agentCommissionList,
  applyForAgent,
  createTeamMember,
  decreaseMemberBalance,
  isAgentQuery,
  teamMemberPage,
  teamMemberReportPage,
  teamRechargePage,
  teamReportStatistics,
  teamStatisticsQuery,
  teamWithdrawalPage,
  transferToMember,
} from '@contract/agent';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { applyForAgentStatus, latestApplication } from './applications';
import { commissionStatements } from './commission';
import { moveCoins } from './member-moves';
import { createMember, membersOf } from './members';
import { agentCodeOf, memberReports, teamDeposits, teamReport, teamStatistics, teamWithdrawals } from './reports';

export function agentRoutes(deps: PlayerDeps) {
  return [
    route(isAgentQuery, async ({ principal }) => principal.isAgent),
    route(applyForAgent, (context) =>
      applyForAgentStatus(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(agentApplicationQuery, ({ principal }) => latestApplication(deps, principal)),
    route(agentCodeQuery, (context) => agentCodeOf(deps, playerRequestOf(context), context.principal)),
    route(createTeamMember, (context) => createMember(deps, playerRequestOf(context), context.principal, context.body)),
    // The router has already refused a call without a well-formed Idempotency-Key.
    route(transferToMember, (context) =>
      moveCoins(
        deps,
        playerRequestOf(context),
        context.principal,
        context.body,
        context.idempotencyKey as string,
        'toMember',
      ),
    ),
    route(decreaseMemberBalance, (context) =>
      moveCoins(
        deps,
        playerRequestOf(context),
        context.principal,
        context.body,
        context.idempotencyKey as string,
        'fromMember',
      ),
    ),
    route(teamMemberPage, ({ principal, body }) => membersOf(deps, principal, body)),
    route(teamMemberReportPage, ({ principal, body }) => memberReports(deps, principal, body)),
    route(teamRechargePage, (context) => teamDeposits(deps, playerRequestOf(context), context.principal, context.body)),
    route(teamWithdrawalPage, (context) =>
      teamWithdrawals(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(teamStatisticsQuery, ({ principal, body }) => teamStatistics(deps, principal, body)),
    route(agentCommissionList, ({ principal, body }) => commissionStatements(deps, principal.userId, body)),
    route(teamReportStatistics, ({ principal, body }) => teamReport(deps, principal, body)),
  ];
}
