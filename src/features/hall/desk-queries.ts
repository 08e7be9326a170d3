import { adminGameList, adminGameProfitDaily, adminGameRoundDetail, adminGameRoundList } from '@contract/hall-desk';
import type { Locale } from '@contract/locales';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey, reportPeriodOf } from '../admin/queries';
import { pagingOf } from '../admin/queue-search';
import type { GameProfitSearch, RoundSearch } from './desk-search';

export const roundListQueryOptions = (lng: Locale, search: RoundSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'rounds', search],
    queryFn: () =>
      operatorApi.call(adminGameRoundList, {
        ...pagingOf(search),
        ...(search.keyword ? { keyword: search.keyword } : {}),
        ...(search.userId ? { userId: search.userId } : {}),
        ...(search.gameId ? { gameId: search.gameId } : {}),
        ...(search.machineId ? { machineId: search.machineId } : {}),
        ...(search.round ? { round: search.round } : {}),
      }),
    ...deskListDefaults,
  });

export const roundDetailQueryOptions = (lng: Locale, id: number) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'round', id],
    queryFn: () => operatorApi.call(adminGameRoundDetail, { id }),
    staleTime: 0,
  });

export const gameProfitQueryOptions = (lng: Locale, search: GameProfitSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'gameProfit', search],
    queryFn: () =>
      operatorApi.call(adminGameProfitDaily, {
        period: reportPeriodOf(search),
        ...(search.gameId ? { gameId: search.gameId } : {}),
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const deskGamesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'games'],
    queryFn: () => operatorApi.call(adminGameList, {}),
    staleTime: 0,
  });
