import { saveBankCard, unbindBankCard } from '@contract/bank';
import { bankCardMachine } from '@machines/bank-card.machine';
import i18next from 'i18next';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';

/** Binding and unbinding cards with the real calls; the server's refusals show as toasts and on their fields. */
export function bankCardLogic(deps: { refresh(): void }) {
  return bankCardMachine.provide({
    actors: {
      saveCard: fromPromise(({ input }) => api.call(saveBankCard, input)),
      unbindCard: fromPromise(async ({ input }) => {
        await api.call(unbindBankCard, input);
      }),
    },
    actions: {
      cardBound: () => {
        deps.refresh();
        notifySuccess(i18next.t('finance:cards.bound'));
      },
      cardUnbound: () => {
        deps.refresh();
        notifySuccess(i18next.t('finance:cards.unbound'));
      },
    },
  });
}
