/**
 * The studio's titles (docs/games.md): each a definition and the mechanic that plays it, with its
 * code, kind, stated RTP and the stakes a round may take, in whole coins. Every machine (台) of a
 * title runs the same math, so the RTP is stated once per title; the tests check it against the
 * exact value. A round is the title's own `play(seeds, stake)`.
 */
import type { Title } from './engine/title';
import { fujiRush } from './titles/fuji-rush';
import { sakuraSevens } from './titles/sakura-sevens';

/** A title the studio offers; pachislot titles join this union with their own type (their settings). */
export type StudioTitle = Title;

export const studioTitles: readonly StudioTitle[] = [sakuraSevens, fujiRush];

export function studioTitle(code: string): StudioTitle | undefined {
  return studioTitles.find((title) => title.code === code);
}
