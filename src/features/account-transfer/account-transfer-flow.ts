import {
  confirmTransfer,
  resendTransferCode,
  signInOldAccount,
  validateOldAccount,
  validateOldAccountCard,
} from '@contract/account-transfer';
import { accountTransferMachine } from '@machines/account-transfer.machine';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';

/** The account move with the real calls; refusals are shown in place, on the step and its fields, not as toasts. */
export const accountTransferLogic = accountTransferMachine.provide({
  actors: {
    validateAccount: fromPromise(({ input }) => api.call(validateOldAccount, input, { silent: true })),
    proveCard: fromPromise(({ input }) => api.call(validateOldAccountCard, input, { silent: true })),
    resendCode: fromPromise(({ input }) => api.call(resendTransferCode, input, { silent: true })),
    signIn: fromPromise(({ input }) => api.call(signInOldAccount, input, { silent: true })),
    // One key per move: a retry, or a second tab, gets the first result (the server moves a balance once).
    confirmMove: fromPromise(({ input }) =>
      api.call(confirmTransfer, input, { silent: true, idempotencyKey: `move-${input.transferId}` }),
    ),
  },
});
