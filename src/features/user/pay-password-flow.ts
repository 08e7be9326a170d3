import { updatePayPassword } from '@contract/auth';
import { payPasswordMachine } from '@machines/pay-password.machine';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';

/** The payment password form with the real call; the server's refusals show as toasts and on their fields. */
export function payPasswordLogic(deps: { refresh(): void }) {
  return payPasswordMachine.provide({
    actors: {
      savePayPassword: fromPromise(async ({ input }) => {
        await api.call(updatePayPassword, input);
      }),
    },
    actions: {
      payPasswordSaved: () => {
        deps.refresh();
        notifySuccess(i18next.t('user:payPassword.saved'));
      },
    },
  });
}
