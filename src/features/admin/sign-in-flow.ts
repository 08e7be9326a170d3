import { adminLogin } from '@contract/admin';
import { captchaQuery } from '@contract/auth';
import { captchaMachine } from '@machines/captcha.machine';
import { operatorSignInMachine } from '@machines/operator-sign-in.machine';
import { fromPromise } from 'xstate';
import { operatorApi } from './operator-api';
import { storeOperatorSession } from './operator-session';

/** The desk's sign-in flow with the real call; the session is kept apart from the player's. */
export function operatorSignInLogic() {
  return operatorSignInMachine.provide({
    actors: {
      captcha: captchaMachine.provide({
        actors: { fetchCaptcha: fromPromise(() => operatorApi.call(captchaQuery, {}, { silent: true })) },
      }),
      // The refusal is shown on the form, not as a toast as well.
      signIn: fromPromise(({ input }) => operatorApi.call(adminLogin, input, { silent: true })),
    },
    actions: { storeSession: (_, session) => storeOperatorSession(session) },
  });
}
