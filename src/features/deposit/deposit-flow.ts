import {
  cancelPayOrder,
  createPayOrder,
  currentPayOrderQuery,
  openPayOrderQuery,
  payOrderQuery,
} from '@contract/deposit';
import {
  type DepositPrerequisites,
  depositMachine,
  depositOrderFollow,
  depositRequest,
} from '@machines/deposit.machine';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { bankCardsQueryOptions } from '../bank/queries';
import { profileQueryOptions } from '../user/queries';
import { payChannelsQueryOptions } from './queries';

/**
 * The deposit flow with the real calls. Its prerequisites are fetched fresh through the query cache;
 * the checkout page opens in a new tab so this page keeps following the order.
 */
export function depositLogic(deps: { queryClient: QueryClient; refresh(): void; openWindow(url: string): void }) {
  const fresh = { staleTime: 0 } as const;
  // Quiet: an unknown order leads to the form, and a failed check is simply tried again.
  const fetchOrder = fromPromise(({ input }: { input: { orderSn: string } }) =>
    api.call(payOrderQuery, input, { silent: true }),
  );
  const resumeOrder = fromPromise(({ input }: { input: { orderSn: string } }) =>
    api.call(openPayOrderQuery, input, { silent: true }),
  );
  return depositMachine.provide({
    actors: {
      request: depositRequest.provide({
        actors: {
          loadPrerequisites: fromPromise<DepositPrerequisites>(async () => {
            const lng = currentLanguage();
            const [profile, cards, channels] = await Promise.all([
              deps.queryClient.fetchQuery({ ...profileQueryOptions(), ...fresh }),
              deps.queryClient.fetchQuery({ ...bankCardsQueryOptions(lng), ...fresh }),
              deps.queryClient.fetchQuery({ ...payChannelsQueryOptions(lng), ...fresh }),
            ]);
            return { profile, cards, channels };
          }),
          sendRequest: fromPromise(({ input: { body, idempotencyKey } }) =>
            api.call(createPayOrder, body, { idempotencyKey }),
          ),
        },
      }),
      resumeOrder,
      // Quiet: no answer simply starts a new deposit.
      findOpenOrder: fromPromise(() => api.call(currentPayOrderQuery, {}, { silent: true })),
      cancelOpenOrder: fromPromise(({ input }: { input: { orderSn: string } }) => api.call(cancelPayOrder, input)),
      followOrder: depositOrderFollow.provide({
        actors: { fetchOrder },
        actions: { orderChanged: () => deps.refresh() },
      }),
    },
    actions: {
      openCheckout: (_, { url }) => deps.openWindow(url),
      orderChanged: () => deps.refresh(),
    },
  });
}
