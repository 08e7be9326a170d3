import { updatePassword } from '@contract/auth';
import { updateIdNumber, updateProfile } from '@contract/user';
import { accountSettingsMachine } from '@machines/account-settings.machine';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';

/** The account-setting forms with the real calls; the server's refusals show as toasts and on their fields. */
export function accountSettingsLogic(deps: { refresh(): void }) {
  return accountSettingsMachine.provide({
    actors: {
      saveProfile: fromPromise(async ({ input }) => {
        await api.call(updateProfile, input);
      }),
      saveIdNumber: fromPromise(async ({ input }) => {
        await api.call(updateIdNumber, input);
      }),
      changePassword: fromPromise(async ({ input }) => {
        await api.call(updatePassword, input);
      }),
    },
    actions: {
      profileSaved: () => {
        deps.refresh();
        notifySuccess(i18next.t('user:settings.profile.saved'));
      },
      idNumberSaved: () => {
        deps.refresh();
        notifySuccess(i18next.t('user:settings.idNumber.saved'));
      },
      passwordChanged: () => notifySuccess(i18next.t('user:settings.password.saved')),
    },
  });
}
