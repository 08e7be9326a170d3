import {
  authProfile,
  captchaQuery,
  identityProvidersQuery,
  login,
  login3,
  loginWithAppKey,
  logout,
  registerUser,
  resetPassword,
  sendRegisterCode,
  sendResetCode,
  updatePassword,
  updatePayPassword,
  userGetInfo,
  userInfo,
  validRegisterCode,
} from '@contract/auth';
import { jsonRoute, route } from '@server/contract-router';
import { type AuthDeps, authRequestOf } from './context';
import { changePassword, setPayPassword } from './password-changes';
import { createProfileReader } from './profile';
import { resetForgottenPassword, sendRecoveryCode } from './recovery';
import { checkRegistrationCode, registerAccount, sendRegistrationCode } from './registration';
import { signIn, signInWithAppKey, signInWithProvider, signOut } from './sign-in';

export function authRoutes(deps: AuthDeps) {
  const { db, clock, providers } = deps;
  const readProfile = createProfileReader(db, deps.sessionCache);
  return [
    route(identityProvidersQuery, async () => ({
      google: providers.google ? { clientId: providers.google.clientId } : null,
      line: providers.line
        ? {
            channelId: providers.line.clientId,
            authorizeUrl: providers.line.authorizeUrl,
            redirectUri: providers.line.redirectUri,
          }
        : null,
    })),
    route(captchaQuery, async ({ clientAddress }) => deps.captchas.issue(clientAddress, clock.now())),
    route(login, (context) => signIn(deps, authRequestOf(context), context.body)),
    route(loginWithAppKey, (context) => signInWithAppKey(deps, authRequestOf(context), context.body)),
    route(login3, (context) => signInWithProvider(deps, authRequestOf(context), context.body)),
    route(sendRegisterCode, (context) => sendRegistrationCode(deps, authRequestOf(context), context.body)),
    route(validRegisterCode, (context) => checkRegistrationCode(deps, authRequestOf(context), context.body)),
    route(registerUser, (context) => registerAccount(deps, authRequestOf(context), context.body)),
    route(sendResetCode, (context) => sendRecoveryCode(deps, authRequestOf(context), context.body)),
    route(resetPassword, (context) => resetForgottenPassword(deps, authRequestOf(context), context.body)),
    route(updatePassword, (context) => changePassword(deps, authRequestOf(context), context.principal, context.body)),
    route(updatePayPassword, (context) =>
      setPayPassword(deps, authRequestOf(context), context.principal, context.body),
    ),
    route(logout, ({ principal }) => signOut(deps, principal.sessionId)),
    ...[authProfile, userInfo, userGetInfo].map((endpoint) =>
      jsonRoute(endpoint, ({ principal }) => readProfile(principal)),
    ),
  ];
}
