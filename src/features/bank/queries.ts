import { bankCardList, bankList } from '@contract/bank';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/* Bank names come in the request's language, so the language is part of every key. */

/** The player's bound cards, the default first. */
export const bankCardsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['bank', lng, 'cards'],
    queryFn: () => api.call(bankCardList, {}),
    staleTime: 0,
  });

/** Banks a card can be bound with. */
export const banksQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['bank', lng, 'banks'],
    queryFn: () => api.call(bankList, {}),
    staleTime: 60 * 60 * 1000,
  });
