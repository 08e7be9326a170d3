import { cryptoAssetQuery, withdrawalAddressCheck, withdrawCrypto } from '@contract/crypto';
import { cancelWithdrawal, withdrawalQuery } from '@contract/withdrawal';
import {
  type CryptoWithdrawal,
  type CryptoWithdrawTerms,
  cryptoWithdrawalFollow,
  cryptoWithdrawForm,
  cryptoWithdrawMachine,
  cryptoWithdrawRequest,
} from '@machines/crypto-withdrawal.machine';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { profileQueryOptions } from '../user/queries';
import { cryptoAssetsQueryOptions } from './queries';

/** The one kind of withdrawal this flow makes, as the server answers it. */
function asCrypto(withdrawal: Awaited<ReturnType<typeof api.call<typeof withdrawCrypto>>>): CryptoWithdrawal {
  if (withdrawal.method !== 'crypto') throw new Error(`withdrawal ${withdrawal.orderSn} is not a crypto withdrawal`);
  return withdrawal;
}

/** The crypto withdrawal flow with the real calls; the profile is fetched fresh through the query cache. */
export function cryptoWithdrawLogic(deps: { queryClient: QueryClient; refresh(): void }) {
  return cryptoWithdrawMachine.provide({
    actors: {
      request: cryptoWithdrawRequest.provide({
        actors: {
          loadPrerequisites: fromPromise<CryptoWithdrawTerms>(async () => {
            const [profile, assets] = await Promise.all([
              deps.queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }),
              api.call(cryptoAssetQuery, {}),
            ]);
            // The page shows the request's amounts by the coin's decimals, read from the cache.
            deps.queryClient.setQueryData(cryptoAssetsQueryOptions().queryKey, assets);
            return { profile, assets };
          }),
          sendRequest: fromPromise(async ({ input: { body, idempotencyKey } }) =>
            asCrypto(await api.call(withdrawCrypto, body, { idempotencyKey })),
          ),
          form: cryptoWithdrawForm.provide({
            actors: {
              // Quiet: a refusal is the answer's own (valid: false); no answer is said on the field.
              checkAddress: fromPromise(({ input }) => api.call(withdrawalAddressCheck, input, { silent: true })),
            },
          }),
        },
      }),
      // Quiet: the page shows the server's sentence beside the button.
      cancelWithdrawal: fromPromise(async ({ input }: { input: { orderSn: string } }) =>
        asCrypto(await api.call(cancelWithdrawal, input, { silent: true })),
      ),
      followWithdrawal: cryptoWithdrawalFollow.provide({
        actors: {
          // Quiet: a failed check is simply tried again.
          fetchOrder: fromPromise(async ({ input }) =>
            asCrypto(await api.call(withdrawalQuery, input, { silent: true })),
          ),
        },
        actions: { orderChanged: () => deps.refresh() },
      }),
    },
    actions: { withdrawalChanged: () => deps.refresh() },
  });
}
