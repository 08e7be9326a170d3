import {
  adminAuditList,
  adminLogin,
  adminLogout,
  adminUserFreeze,
  adminUserSearch,
  adminUserUnfreeze,
} from '@contract/admin';
import {
  adminOperatorAuthenticatorReset,
  adminOperatorCreate,
  adminOperatorDisable,
  adminOperatorEnable,
  adminOperatorList,
  adminOperatorRolesSet,
} from '@contract/admin-operators';
import { adminOverview } from '@contract/admin-overview';
import { adminReconciliation } from '@contract/admin-reconciliation';
import { adminReport } from '@contract/admin-reports';
import {
  adminAgentApplicationApprove,
  adminAgentApplicationList,
  adminAgentApplicationReject,
  adminAgentRebateSet,
  adminAgentTeam,
} from '@contract/agent-desk';
import { adminManualDepositConfirm, adminManualDepositFail, adminManualDepositList } from '@contract/deposit-desk';
import type { Endpoint } from '@contract/endpoint';
import {
  adminGameList,
  adminGameMachineSetEnabled,
  adminGameMachineSetSetting,
  adminGameProfitDaily,
  adminGameRoundDetail,
  adminGameRoundList,
  adminGameSetEnabled,
} from '@contract/hall-desk';
import { adminKycApprove, adminKycList, adminKycReject } from '@contract/kyc-desk';
import { adminUserLedger } from '@contract/ledger';
import { adminWithdrawalApprove, adminWithdrawalList, adminWithdrawalReject } from '@contract/withdrawal-desk';
import { adminPayoutRuleList, adminPayoutRuleUpdate, adminWithdrawalRisk } from '@contract/withdrawal-risk';
import { type RequestContext, route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import {
  agentApplicationQueue,
  agentTeamForDesk,
  approveAgentApplication,
  rejectAgentApplication,
  setAgentRebate,
} from '../agent/public';
import { type AuthDeps, type AuthRequest, deviceOf, signOut } from '../auth/public';
import { confirmManualDeposit, failManualDeposit, manualDepositQueue } from '../deposit/public';
import {
  deskGames,
  gameProfitDaily,
  gameRoundDetail,
  gameRounds,
  setGameEnabled,
  setMachineEnabled,
  setMachineSetting,
} from '../hall/public';
import { approveKyc, kycReviewQueue, rejectKyc } from '../kyc/public';
import {
  approveWithdrawal,
  payoutRuleList,
  rejectWithdrawal,
  updatePayoutRule,
  withdrawalQueue,
  withdrawalRiskOf,
} from '../withdrawal/public';
import { auditEntries } from './audit-log';
import { signInOperator } from './operator-sign-in';
import {
  createOperator,
  listOperators,
  resetOperatorAuthenticator,
  setOperatorDisabled,
  setOperatorRoles,
} from './operators';
import { businessOverview } from './overview';
import { freezePlayer, playerLedger, searchPlayers, unfreezePlayer } from './players';
import { reconciliation } from './reconciliation';
import { businessReport } from './reports';

/** Operator sign-in registers no address, so it binds nothing to the browser. */
function signInRequestOf<E extends Endpoint>(context: RequestContext<E>): AuthRequest {
  return { ...playerRequestOf(context), browserBinding: '', device: deviceOf(context.hono) };
}

export function adminRoutes(auth: AuthDeps, player: PlayerDeps) {
  return [
    route(adminLogin, (context) => signInOperator(auth, signInRequestOf(context), context.body)),
    route(adminLogout, ({ principal }) => signOut(auth, principal.sessionId)),
    route(adminUserSearch, ({ body }) => searchPlayers(player, body)),
    route(adminUserFreeze, (context) =>
      freezePlayer(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminUserUnfreeze, (context) =>
      unfreezePlayer(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminUserLedger, (context) =>
      playerLedger(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminAuditList, ({ body }) => auditEntries(player, body)),
    route(adminOperatorList, ({ body }) => listOperators(player, body)),
    route(adminOperatorCreate, (context) =>
      createOperator(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminOperatorRolesSet, (context) =>
      setOperatorRoles(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminOperatorDisable, (context) =>
      setOperatorDisabled(player, playerRequestOf(context), context.principal, context.body, true),
    ),
    route(adminOperatorEnable, (context) =>
      setOperatorDisabled(player, playerRequestOf(context), context.principal, context.body, false),
    ),
    route(adminOperatorAuthenticatorReset, (context) =>
      resetOperatorAuthenticator(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminKycList, ({ principal, body }) => kycReviewQueue(player, principal, body)),
    route(adminKycApprove, (context) => approveKyc(player, playerRequestOf(context), context.principal, context.body)),
    route(adminKycReject, (context) => rejectKyc(player, playerRequestOf(context), context.principal, context.body)),
    route(adminManualDepositList, (context) => manualDepositQueue(player, playerRequestOf(context), context.body)),
    route(adminManualDepositConfirm, (context) =>
      confirmManualDeposit(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminManualDepositFail, (context) =>
      failManualDeposit(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminWithdrawalList, (context) => withdrawalQueue(player, playerRequestOf(context), context.body)),
    route(adminWithdrawalApprove, (context) =>
      approveWithdrawal(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminWithdrawalReject, (context) =>
      rejectWithdrawal(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminOverview, () => businessOverview(player)),
    route(adminReport, (context) => businessReport(player, playerRequestOf(context), context.body)),
    route(adminReconciliation, ({ body }) => reconciliation(player, body)),
    route(adminWithdrawalRisk, ({ body }) => withdrawalRiskOf(player, body.orderSn)),
    route(adminPayoutRuleList, () => payoutRuleList(player.db)),
    route(adminPayoutRuleUpdate, (context) =>
      updatePayoutRule(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminAgentApplicationList, ({ body }) => agentApplicationQueue(player, body)),
    route(adminAgentApplicationApprove, (context) =>
      approveAgentApplication(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminAgentApplicationReject, (context) =>
      rejectAgentApplication(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminAgentRebateSet, (context) =>
      setAgentRebate(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminAgentTeam, ({ body }) => agentTeamForDesk(player, body)),
    route(adminGameRoundList, (context) => gameRounds(player, playerRequestOf(context), context.body)),
    route(adminGameRoundDetail, (context) => gameRoundDetail(player, playerRequestOf(context), context.body)),
    route(adminGameProfitDaily, (context) => gameProfitDaily(player, playerRequestOf(context), context.body)),
    route(adminGameList, (context) => deskGames(player, playerRequestOf(context))),
    route(adminGameSetEnabled, (context) =>
      setGameEnabled(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminGameMachineSetEnabled, (context) =>
      setMachineEnabled(player, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminGameMachineSetSetting, (context) =>
      setMachineSetting(player, playerRequestOf(context), context.principal, context.body),
    ),
  ];
}
