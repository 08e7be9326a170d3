import {
  playSummaryQuery,
  protectionStateQuery,
  requestReopen,
  sendFamilyDeclaration,
  setProtectionLimit,
  setRealityCheck,
  startSelfExclusion,
  startTimeOut,
} from '@contract/protection';
import {
  adminFamilyApprove,
  adminFamilyDeclarations,
  adminFamilyReject,
  adminImposeBlock,
  adminPlayerProtection,
} from '@contract/protection-desk';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { imposeBlock, playerProtectionForDesk } from './desk';
import { approveDeclaration, declarationQueue, rejectDeclaration, sendDeclaration } from './family';
import { excludeSelf, playSummary, protectionOf, reopen, setLimit, setRealityCheckOf, takeTimeOut } from './player';

export function protectionRoutes(deps: PlayerDeps) {
  return [
    route(protectionStateQuery, ({ principal }) => protectionOf(deps, principal)),
    route(playSummaryQuery, ({ principal }) => playSummary(deps, principal)),
    route(setProtectionLimit, (context) => setLimit(deps, playerRequestOf(context), context.principal, context.body)),
    route(setRealityCheck, (context) =>
      setRealityCheckOf(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(startTimeOut, (context) => takeTimeOut(deps, playerRequestOf(context), context.principal, context.body)),
    route(startSelfExclusion, (context) =>
      excludeSelf(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(requestReopen, (context) => reopen(deps, playerRequestOf(context), context.principal, context.body)),
    route(sendFamilyDeclaration, (context) => sendDeclaration(deps, playerRequestOf(context), context.body)),
    route(adminPlayerProtection, ({ body }) => playerProtectionForDesk(deps, body)),
    route(adminImposeBlock, (context) => imposeBlock(deps, playerRequestOf(context), context.principal, context.body)),
    route(adminFamilyDeclarations, ({ body }) => declarationQueue(deps, body)),
    route(adminFamilyApprove, (context) =>
      approveDeclaration(deps, playerRequestOf(context), context.principal, context.body),
    ),
    route(adminFamilyReject, (context) =>
      rejectDeclaration(deps, playerRequestOf(context), context.principal, context.body),
    ),
  ];
}
