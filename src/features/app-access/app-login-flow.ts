import { appLoginQrCode, appLoginQrDecide, appLoginQrStatus } from '@contract/user';
import { appLoginMachine } from '@machines/app-login.machine';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';

/** The app sign-in code with the real calls. */
export const appLoginLogic = appLoginMachine.provide({
  actors: {
    issueCode: fromPromise(() => api.call(appLoginQrCode, {})),
    // Following is quiet: a failed check is tried again at the next interval.
    fetchStatus: fromPromise(({ input }) => api.call(appLoginQrStatus, input, { silent: true })),
    // A failed answer leaves the question open; the api client's toast says why.
    decide: fromPromise(({ input }) => api.call(appLoginQrDecide, input)),
  },
});
