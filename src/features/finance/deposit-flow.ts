import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { createPayOrder, payOrderList } from '../../../contract/pay';
import { type DepositPrerequisites, depositMachine } from '../../../machines/deposit.machine';
import { api } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { bankCardsQueryOptions } from '../bank/queries';
import { profileQueryOptions } from '../user/queries';
import { payChannelsQueryOptions } from './queries';

/** How many of the newest orders are searched for the one being followed (it is among the newest). */
const recentOrdersPageSize = 20;

/**
 * The deposit flow with the real calls. Its prerequisites are fetched fresh through the query cache;
 * the checkout page opens in a new tab so this page keeps following the order.
 */
export function depositLogic(deps: { queryClient: QueryClient; refresh(): void; openWindow(url: string): void }) {
  const fresh = { staleTime: 0 } as const;
  return depositMachine.provide({
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
      createOrder: fromPromise(({ input: { idempotencyKey, ...body } }) =>
        api.call(createPayOrder, body, { idempotencyKey }),
      ),
      // Polling stays quiet: a failed check is simply tried again.
      fetchOrder: fromPromise(async ({ input }) => {
        const page = await api.call(payOrderList, { pageNum: 1, pageSize: recentOrdersPageSize }, { silent: true });
        return page.list.find((order) => order.orderSn === input.orderSn) ?? null;
      }),
    },
    actions: {
      openCheckout: (_, { url }) => deps.openWindow(url),
      orderChanged: () => deps.refresh(),
    },
  });
}
