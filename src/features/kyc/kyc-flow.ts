import { submitKyc } from '@contract/kyc';
import { kycMachine } from '@machines/kyc.machine';
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { compressPhoto } from './compress-photo';
import { kycStateQueryOptions } from './queries';

/** The KYC flow with the browser's compression and the real calls; its state is fetched through the query cache. */
export function kycLogic(deps: { queryClient: QueryClient; refresh(): void }) {
  return kycMachine.provide({
    actors: {
      loadKycState: fromPromise(() => deps.queryClient.fetchQuery({ ...kycStateQueryOptions(), staleTime: 0 })),
      compressPhoto: fromPromise(({ input, signal }) => compressPhoto(input.file, signal)),
      submitKyc: fromPromise(({ input }) => api.call(submitKyc, input)),
    },
    actions: { kycChanged: () => deps.refresh() },
  });
}
