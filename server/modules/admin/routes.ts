import {
  adminAuditList,
  adminLogin,
  adminLogout,
  adminUserFreeze,
  adminUserLedger,
  adminUserSearch,
  adminUserUnfreeze,
} from '@contract/admin';
import type { Endpoint } from '@contract/endpoint';
import { type RequestContext, route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import type { AuthDeps, AuthRequest } from '../auth/context';
import { signOut } from '../auth/sign-in';
import { auditEntries } from './audit-log';
import { signInOperator } from './operator-sign-in';
import { freezePlayer, playerLedger, searchPlayers, unfreezePlayer } from './players';

/** Operator sign-in registers no address, so it binds nothing to the browser. */
function signInRequestOf<E extends Endpoint>(context: RequestContext<E>): AuthRequest {
  return { ...playerRequestOf(context), browserBinding: '' };
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
  ];
}
