import { cancelWithdrawal, type Withdrawal, withdrawalQuery, withdrawToBank } from '@contract/withdrawal';
import {
  type WithdrawPrerequisites,
  withdrawalFollow,
  withdrawMachine,
  withdrawRequest,
} from '@machines/withdrawal.machine';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { bankCardsQueryOptions } from '../bank/queries';
import { profileQueryOptions } from '../user/queries';
import { withdrawalLimitsQueryOptions } from './queries';

/** The withdrawal flow with the real calls; its prerequisites are fetched fresh through the query cache. */
export function withdrawLogic(deps: { queryClient: QueryClient; refresh(): void }) {
  const fresh = { staleTime: 0 } as const;
  return withdrawMachine.provide({
    actors: {
      request: withdrawRequest.provide({
        actors: {
          loadPrerequisites: fromPromise<WithdrawPrerequisites>(async () => {
            const [profile, cards, limits] = await Promise.all([
              deps.queryClient.fetchQuery({ ...profileQueryOptions(), ...fresh }),
              deps.queryClient.fetchQuery({ ...bankCardsQueryOptions(currentLanguage()), ...fresh }),
              deps.queryClient.fetchQuery({ ...withdrawalLimitsQueryOptions(), ...fresh }),
            ]);
            return { profile, cards, limits };
          }),
          sendRequest: fromPromise(({ input: { body, idempotencyKey } }) =>
            api.call(withdrawToBank, body, { idempotencyKey }),
          ),
        },
      }),
      // Quiet: the page shows the server's sentence beside the button.
      cancelWithdrawal: fromPromise<Withdrawal, { orderSn: string }>(({ input }) =>
        api.call(cancelWithdrawal, input, { silent: true }),
      ),
      followWithdrawal: withdrawalFollow.provide({
        actors: {
          // Quiet: a failed check is simply tried again.
          fetchOrder: fromPromise(({ input }) => api.call(withdrawalQuery, input, { silent: true })),
        },
        actions: { orderChanged: () => deps.refresh() },
      }),
    },
    actions: { withdrawalChanged: () => deps.refresh() },
  });
}
