/**
 * What kind of title the studio offers, apart from the catalogue that lists them: the game page asks
 * this of the one title it loaded, and importing the catalogue would bring every title's code with it.
 */
import type { PachislotTitle } from './engine/pachislot';
import type { Title } from './engine/title';

/** A title the studio offers; a pachislot plays press by press under its 設定, not as one round. */
export type StudioTitle = Title | PachislotTitle;

/** A title played one round per call (`play(seeds, stake)`): every kind but the pachislot. */
export function isRoundTitle(title: StudioTitle): title is Title {
  return title.kind !== 'pachislot';
}
