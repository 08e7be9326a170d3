/**
 * The title being played, loaded with its own chunk (definition and art) before the game screen
 * shows, so the views draw any title from its data without importing it.
 */
import type { StudioTitle } from '@games/studio-title';
import { createContext, type JSX, useContext } from 'react';

/** How each of a title's symbols is drawn, by symbol id: an inline SVG made for the title. */
export type SymbolArt = Readonly<Record<string, () => JSX.Element>>;

export interface LoadedTitle {
  title: StudioTitle;
  art: SymbolArt;
}

export const TitleContext = createContext<LoadedTitle | null>(null);

export function useLoadedTitle(): LoadedTitle {
  const loaded = useContext(TitleContext);
  if (!loaded) throw new Error('the game screen shows only once its title is loaded');
  return loaded;
}
