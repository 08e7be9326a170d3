import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { withdrawalList, withdrawToBank } from '../../../contract/draw';
import { type WithdrawPrerequisites, withdrawMachine } from '../../../machines/withdraw.machine';
import { api } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { bankCardsQueryOptions } from '../bank/queries';
import { profileQueryOptions } from '../user/queries';

/** How many of the newest withdrawals are searched for the one being followed. */
const recentWithdrawalsPageSize = 20;

/** The withdrawal flow with the real calls; its prerequisites are fetched fresh through the query cache. */
export function withdrawLogic(deps: { queryClient: QueryClient; refresh(): void }) {
  const fresh = { staleTime: 0 } as const;
  return withdrawMachine.provide({
    actors: {
      loadPrerequisites: fromPromise<WithdrawPrerequisites>(async () => {
        const [profile, cards] = await Promise.all([
          deps.queryClient.fetchQuery({ ...profileQueryOptions(), ...fresh }),
          deps.queryClient.fetchQuery({ ...bankCardsQueryOptions(currentLanguage()), ...fresh }),
        ]);
        return { profile, cards };
      }),
      requestWithdrawal: fromPromise(({ input: { idempotencyKey, ...body } }) =>
        api.call(withdrawToBank, body, { idempotencyKey }),
      ),
      // Polling stays quiet: a failed check is simply tried again.
      fetchWithdrawal: fromPromise(async ({ input }) => {
        const page = await api.call(
          withdrawalList,
          { pageNum: 1, pageSize: recentWithdrawalsPageSize },
          { silent: true },
        );
        return page.list.find((withdrawal) => withdrawal.orderSn === input.orderSn) ?? null;
      }),
    },
    actions: { withdrawalChanged: () => deps.refresh() },
  });
}
