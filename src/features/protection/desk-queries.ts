import type { Locale } from '@contract/locales';
import { adminFamilyDeclarations, adminPlayerProtection } from '@contract/protection-desk';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey } from '../admin/queries';
import { pagingOf, queueDefaults } from '../admin/queue-search';
import type { FamilyDeclarationSearch } from './desk-search';

/** Family declarations, those waiting for review unless another status is chosen, oldest first. */
export const familyDeclarationsQueryOptions = (lng: Locale, search: FamilyDeclarationSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'familyDeclarations', search],
    queryFn: () =>
      operatorApi.call(adminFamilyDeclarations, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.familyDeclarations,
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });

/** One player's protection: limits, reality check and block as they stand, their history and flagged deposits. */
export const playerProtectionQueryOptions = (lng: Locale, userId: number) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'protection', userId],
    queryFn: () => operatorApi.call(adminPlayerProtection, { userId }),
    staleTime: 0,
  });
