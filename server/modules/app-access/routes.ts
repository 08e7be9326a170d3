import {
  aliasAccountQuery,
  aliasAccountReset,
  appLoginQrClaim,
  appLoginQrCode,
  appLoginQrDecide,
  appLoginQrExchange,
  appLoginQrStatus,
  authenticatorKeyBind,
  authenticatorKeyQuery,
  authenticatorKeyReset,
  authenticatorKeyResetConfirm,
  authenticatorKeyWebSignIn,
} from '@contract/user';
import { route } from '@server/contract-router';
import { type PlayerDeps, playerRequestOf } from '@server/shared/player-deps';
import { type AuthDeps, authRequestOf } from '../auth/public';
import { readAlias, resetAlias } from './aliases';
import { bindAppKey, confirmKeyReset, readAppKey, resetAppKey, setWebSignIn } from './app-keys';
import { claimLoginCode, decideLoginCode, exchangeLoginCode, issueLoginCode, loginCodeStatus } from './login-codes';

export function appAccessRoutes(auth: AuthDeps, player: PlayerDeps) {
  return [
    route(aliasAccountQuery, ({ principal }) => readAlias(player, principal)),
    route(aliasAccountReset, (context) => resetAlias(player, playerRequestOf(context), context.principal)),
    route(authenticatorKeyQuery, ({ principal }) => readAppKey(auth, principal)),
    route(authenticatorKeyBind, (context) => bindAppKey(auth, authRequestOf(context), context.principal, context.body)),
    route(authenticatorKeyWebSignIn, (context) =>
      setWebSignIn(auth, authRequestOf(context), context.principal, context.body),
    ),
    route(authenticatorKeyResetConfirm, (context) =>
      confirmKeyReset(auth, authRequestOf(context), context.principal, context.body.payPassword),
    ),
    route(authenticatorKeyReset, (context) => resetAppKey(auth, authRequestOf(context), context.principal)),
    route(appLoginQrCode, ({ principal }) => issueLoginCode(auth, principal)),
    route(appLoginQrStatus, ({ principal, body }) => loginCodeStatus(auth, principal, body.loginCode)),
    route(appLoginQrDecide, (context) =>
      decideLoginCode(auth, authRequestOf(context), context.principal, context.body),
    ),
    route(appLoginQrExchange, (context) => exchangeLoginCode(auth, authRequestOf(context), context.body)),
    route(appLoginQrClaim, (context) => claimLoginCode(auth, authRequestOf(context), context.body)),
  ];
}
