import { gameKinds, gameVolatilities } from '@contract/content';
import type { HallGame } from '@contract/hall';
import * as v from 'valibot';

/**
 * The hall's filters (docs/requirements.md §10.8), kept in the URL's search so a filtered hall can be
 * reloaded and linked to: one game (home's tiles), a kind, a volatility, a search text and the order.
 * Absent means the default: every game, every kind and volatility, no search, most popular first. A
 * game whose provider states no volatility is shown only while no volatility is chosen.
 */

export const hallSorts = ['popular', 'newest'] as const;

const maxSearchLength = 50;

const hallSearch = v.object({
  game: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/))),
  kind: v.optional(v.picklist(gameKinds)),
  volatility: v.optional(v.picklist(gameVolatilities)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(maxSearchLength))),
  sort: v.optional(v.picklist(['newest'])),
});
export type HallSearch = v.InferOutput<typeof hallSearch>;

/** Keeps each parameter the URL may say, dropping any that is malformed (a search is cut to its limit). */
export function hallSearchOf(search: Record<string, unknown>): HallSearch {
  const fields = hallSearch.entries;
  const q = typeof search.q === 'string' ? search.q.slice(0, maxSearchLength) : search.q;
  const result: HallSearch = {};
  const given = { game: search.game, kind: search.kind, volatility: search.volatility, q, sort: search.sort };
  for (const [key, value] of Object.entries(given)) {
    const parsed = v.safeParse(fields[key as keyof typeof fields], value);
    if (parsed.success && parsed.output !== undefined) Object.assign(result, { [key]: parsed.output });
  }
  return result;
}

/** Full-width letters and digits as half-width, case ignored: how a player types a name is not how it is stored. */
function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

/** The games the hall shows for the search, in its order. */
export function visibleGames(games: readonly HallGame[], search: HallSearch): HallGame[] {
  const query = foldForSearch(search.q ?? '');
  const shown = games.filter(
    (game) =>
      (!search.game || game.code === search.game) &&
      (!search.kind || game.kind === search.kind) &&
      (!search.volatility || game.volatility === search.volatility) &&
      (!query || foldForSearch(game.name).includes(query) || foldForSearch(game.code).includes(query)),
  );
  const byNewest = (a: HallGame, b: HallGame) => Date.parse(b.addedAt) - Date.parse(a.addedAt) || b.id - a.id;
  return shown.sort(
    (search.sort ?? 'popular') === 'newest' ? byNewest : (a, b) => b.popularity - a.popularity || byNewest(a, b),
  );
}

/** How many times its bet a round paid, as the counter shows it (whole multiples). */
export function winMultiple(win: { bet: number; win: number }): number {
  return Math.floor(win.win / win.bet);
}
