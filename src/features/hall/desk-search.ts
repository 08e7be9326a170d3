import { defined, type PagedSearch, pagedOf, positiveIntegerOf, type RawSearch, textOf } from '../admin/queue-search';

/* The rounds' and the daily profit's filters, kept in the URL (see admin/queue-search.ts). */

export interface RoundSearch extends PagedSearch {
  keyword?: string;
  userId?: number;
  gameId?: number;
  machineId?: number;
  round?: string;
}

/** The daily profit report always covers a period: absent, the last 30 days. */
export interface GameProfitSearch {
  from?: string;
  to?: string;
  gameId?: number;
}

export function roundSearchOf(search: RawSearch): RoundSearch {
  const gameId = positiveIntegerOf(search.gameId);
  return defined({
    ...pagedOf(search),
    keyword: textOf(search.keyword, 100),
    userId: positiveIntegerOf(search.userId),
    gameId,
    // A machine belongs to one game: without the game the machine is not kept.
    machineId: gameId ? positiveIntegerOf(search.machineId) : undefined,
    round: textOf(search.round, 200),
  });
}

export function gameProfitSearchOf(search: RawSearch): GameProfitSearch {
  const { from, to } = pagedOf(search);
  return defined({ from, to, gameId: positiveIntegerOf(search.gameId) });
}
