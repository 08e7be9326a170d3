import {
  type ProtectionState,
  requestReopen,
  setProtectionLimit,
  setRealityCheck,
  startSelfExclusion,
  startTimeOut,
} from '@contract/protection';
import { playSafelyMachine } from '@machines/play-safely.machine';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { protectionStateQueryOptions } from './queries';

const loaderReuseMs = 5_000;

/**
 * The play-safely flow with the real calls: its state is fetched through the query cache, which
 * keeps each answer; the server's refusals show as toasts, and a limit's on its field.
 */
export function playSafelyLogic(deps: { queryClient: QueryClient }) {
  const said = (key: string) => () => notifySuccess(i18next.t(`protection:saved.${key}`));
  return playSafelyMachine.provide({
    actors: {
      // What the route's loader has just fetched (or is fetching) is used; otherwise it is fetched anew.
      loadProtectionState: fromPromise(() =>
        deps.queryClient.fetchQuery({ ...protectionStateQueryOptions(), staleTime: loaderReuseMs }),
      ),
      saveLimit: fromPromise(({ input }) => api.call(setProtectionLimit, input)),
      saveRealityCheck: fromPromise(({ input }) => api.call(setRealityCheck, input)),
      startTimeOut: fromPromise(({ input }) => api.call(startTimeOut, input)),
      startSelfExclusion: fromPromise(({ input }) => api.call(startSelfExclusion, input)),
      requestReopen: fromPromise(() => api.call(requestReopen, {})),
    },
    actions: {
      stateChanged: (_, state: ProtectionState) =>
        deps.queryClient.setQueryData(protectionStateQueryOptions().queryKey, state),
      limitSaved: said('limit'),
      realityCheckSaved: said('realityCheck'),
      blockStarted: said('block'),
      reopenRequested: said('reopen'),
    },
  });
}
