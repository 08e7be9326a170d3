/**
 * Each title's own chunk, loaded only when its game is played: the definition (games/titles/) and
 * its symbol art (studio/page/art/<code>.tsx) once drawn. The page's first load holds no title.
 */
import type { LoadedTitle, SymbolArt } from './play/title-context';

/** A title whose art is still to be drawn: the views draw its symbols by name. */
const noArt: SymbolArt = {};

export const titleLoaders: Readonly<Record<string, () => Promise<LoadedTitle>>> = {
  'sakura-sevens': () =>
    import('@games/titles/sakura-sevens').then(({ sakuraSevens }) => ({ title: sakuraSevens, art: noArt })),
  'fuji-rush': () => import('@games/titles/fuji-rush').then(({ fujiRush }) => ({ title: fujiRush, art: noArt })),
};

const loading = new Map<string, Promise<LoadedTitle>>();

/** The title of the code, loaded once (the game screen and the round checks share it); a failed load is tried again next time. */
export function loadTitle(code: string): Promise<LoadedTitle> {
  const started = loading.get(code);
  if (started) return started;
  const loader = titleLoaders[code];
  if (!loader) return Promise.reject(new Error(`the studio has no title ${code}`));
  const load = loader().catch((error: unknown) => {
    loading.delete(code);
    throw error;
  });
  loading.set(code, load);
  return load;
}
