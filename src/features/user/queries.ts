import { userGetInfo } from '@contract/auth';
import { countryQuery } from '@contract/content';
import type { Locale } from '@contract/locales';
import { balanceMovementQuery } from '@contract/record';
import { aliasAccountQuery, firstStepsQuery } from '@contract/user';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/*
 * Keys under ['user'] are the player's own account data: a change of money or identity
 * invalidates them all (see use-account-refresh.ts).
 */

/** The signed-in player's profile as the account pages show it (balance, names, KYC and pay-password state). */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'profile'],
    queryFn: () => api.call(userGetInfo, {}),
    staleTime: 0,
  });

/** The app sign-in alias; created by the server on first request. Pages show a dash while it is unavailable. */
export const aliasAccountQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'aliasAccount'],
    queryFn: () => api.call(aliasAccountQuery, {}, { silent: true }),
    staleTime: Infinity,
    retry: false,
  });

/** Countries with their dialling codes, named in the reader's language. */
export const countriesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['content', lng, 'countries'],
    queryFn: () => api.call(countryQuery, {}),
    staleTime: Infinity,
  });

/** Which first steps the player has done, as the server reads them from the account. */
export const firstStepsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'firstSteps'],
    queryFn: () => api.call(firstStepsQuery, {}),
    staleTime: 0,
  });

/** How many movements the user centre shows of the player's latest. */
const recentMovementCount = 5;

/** The player's latest balance movements, for the user centre. */
export const recentMovementsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['user', 'recentMovements', lng],
    queryFn: () => api.call(balanceMovementQuery, { pageNum: 1, pageSize: recentMovementCount }),
    staleTime: 0,
  });
