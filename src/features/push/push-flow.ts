import { userGetInfo } from '@contract/auth';
import type { PushEvent } from '@contract/push';
import { type PushChannelEvent, pushChannelMachine } from '@machines/push-channel.machine';
import type { SessionEvent } from '@machines/session.machine';
import type { QueryClient } from '@tanstack/react-query';
import { fromCallback } from 'xstate';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { readStoredToken } from '@/lib/storage';
import { cryptoDepositsQueryKey } from '../crypto/queries';
import { lettersQueryKey } from '../letters/letter-queries';
import { showBalance } from '../user/use-account-refresh';
import { readPushStream } from './push-stream';

interface PushDeps {
  queryClient: QueryClient;
  session: { send(event: SessionEvent): void };
  /** The balance as the server has it now, asked quietly. */
  fetchBalance(): Promise<number>;
}

/** The push channel with the real stream: each event goes straight into the page's data. */
export function pushChannelLogic(context: Omit<PushDeps, 'fetchBalance'>) {
  const deps: PushDeps = {
    ...context,
    fetchBalance: async () => (await api.call(userGetInfo, {}, { silent: true })).balance,
  };
  return pushChannelMachine.provide({
    actors: {
      stream: fromCallback<PushChannelEvent>(({ sendBack }) => {
        const abort = new AbortController();
        const token = readStoredToken();
        if (!token) {
          sendBack({ type: 'stream.refused' });
          return () => {};
        }
        void readPushStream({
          token,
          language: currentLanguage(),
          signal: abort.signal,
          onEvent: (event) => {
            if (event.kind === 'ready') sendBack({ type: 'stream.opened' });
            applyPushEvent(deps, event);
          },
        }).then((end) => {
          if (!abort.signal.aborted) sendBack({ type: end === 'refused' ? 'stream.refused' : 'stream.closed' });
        });
        return () => abort.abort();
      }),
    },
  });
}

/**
 * What each event changes: a balance is shown as pushed; letters and crypto deposits are fetched
 * again; on `ready` (a new stream) and `refetch` (a gap) everything pushed is, since changes made
 * while no stream listened were not heard. The balance is asked for and shown as if pushed, so the
 * session never passes through loading its profile (the page would briefly be "checking").
 */
export function applyPushEvent(deps: PushDeps, event: PushEvent): void {
  switch (event.kind) {
    case 'balance':
      showBalance(deps, event.balance);
      return;
    case 'letters':
      void deps.queryClient.invalidateQueries({ queryKey: lettersQueryKey });
      return;
    case 'cryptoDeposits':
      void deps.queryClient.invalidateQueries({ queryKey: cryptoDepositsQueryKey });
      return;
    case 'ready':
    case 'refetch':
      void deps.queryClient.invalidateQueries({ queryKey: lettersQueryKey });
      void deps.queryClient.invalidateQueries({ queryKey: cryptoDepositsQueryKey });
      void deps.fetchBalance().then(
        (balance) => showBalance(deps, balance),
        // Not answered: the next event or stream brings it.
        () => undefined,
      );
      return;
  }
}
