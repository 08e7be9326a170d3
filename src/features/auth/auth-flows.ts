import {
  captchaQuery,
  login,
  login3,
  loginWithAppKey,
  registerUser,
  resetPassword,
  sendRegisterCode,
  sendResetCode,
  validRegisterCode,
} from '@contract/auth';
import { authDialogMachine, sessionLinks } from '@machines/auth-dialog.machine';
import { captchaMachine } from '@machines/captcha.machine';
import { findPasswordMachine } from '@machines/find-password.machine';
import { loginMachine } from '@machines/login.machine';
import { registerMachine } from '@machines/register.machine';
import { sendCodeMachine } from '@machines/send-code.machine';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { api, toastDurationMs } from '@/lib/api-client';
import { clearStoredToken } from '@/lib/storage';
import type { SessionActor } from '../session/session-actor';
import { trackRegistration } from './analytics';
import { forgetReturnedSignIn, type LineConfig, startLineSignIn } from './line-sign-in';
import { readLoginPreference, storeLoginPreference } from './login-preference';

/*
 * The dialog's machines with the browser's side effects: real calls through the api client, storage,
 * navigation to LINE and the analytics hook. A refusal that names a field shows on that field alone
 * (the forms put it there); any other refusal shows as the api client's toast.
 */
const onFields = (...fieldsShown: string[]) => ({ fieldsShown });

const captcha = captchaMachine.provide({ actors: { fetchCaptcha: fromPromise(() => api.call(captchaQuery, {})) } });

function notify(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: toastDurationMs });
}

export function authDialogLogic(deps: {
  session: SessionActor;
  line: () => LineConfig | null;
  returnTo: () => string | null;
  agentCode: () => string | null;
}) {
  const links = sessionLinks(deps.session);
  return authDialogMachine.provide({
    actors: {
      followSession: links.followSession,
      loginFlow: loginMachine.provide({
        actors: {
          loadPreference: fromPromise(async () => readLoginPreference()),
          captcha,
          signIn: fromPromise(({ input }) => api.call(login, input)),
          signInWithProvider: fromPromise(({ input }) => api.call(login3, input)),
          signInWithAppKey: fromPromise(({ input }) => api.call(loginWithAppKey, input)),
        },
        actions: {
          savePreference: (_, preference) => storeLoginPreference(preference),
          clearToken: () => clearStoredToken(),
          redirectToProvider: () => {
            const line = deps.line();
            if (line) startLineSignIn(line, deps.returnTo(), deps.agentCode());
          },
        },
      }),
      registerFlow: registerMachine.provide({
        actors: {
          sendCodeFlow: sendCodeMachine.provide({
            actors: {
              requestCode: fromPromise(async ({ input }) => {
                await api.call(sendRegisterCode, input);
              }),
            },
          }),
          verifyCode: fromPromise(async ({ input }) => {
            await api.call(validRegisterCode, input, onFields('email', 'code', 'acceptTerms'));
          }),
          createAccount: fromPromise(({ input }) =>
            api.call(registerUser, input, onFields('account', 'email', 'password', 'agentCode')),
          ),
        },
        actions: { trackRegistration: () => trackRegistration({ method: 'email' }) },
      }),
      findPasswordFlow: findPasswordMachine.provide({
        actors: {
          captcha,
          requestResetCode: fromPromise(async ({ input }) => {
            await api.call(sendResetCode, input, onFields('account', 'qrcode'));
          }),
          resetPassword: fromPromise(async ({ input }) => {
            await api.call(resetPassword, input, onFields('qrcode', 'newPassword'));
          }),
        },
        actions: { notify: (_, { message }) => notify(i18next.t(message, { ns: 'auth' })) },
      }),
    },
    actions: { signIn: links.signIn, close: links.close, forgetCredential: () => forgetReturnedSignIn() },
  });
}
