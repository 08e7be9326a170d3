/**
 * Each title's own chunk, loaded only when its game is played: the definition (games/titles/) and
 * its symbol art (studio/page/art/<code>.tsx) once drawn. The page's first load holds no title.
 */
import type { LoadedTitle, SymbolArt } from './play/title-context';

/** A title whose art is still to be drawn: the views draw its symbols by name. */
const noArt: SymbolArt = {};

export const titleLoaders: Readonly<Record<string, () => Promise<LoadedTitle>>> = {
  'sakura-sevens': () =>
    Promise.all([import('@games/titles/sakura-sevens'), import('./art/sakura-sevens')]).then(
      ([{ sakuraSevensTitle }, { symbolArt }]) => ({
        title: sakuraSevensTitle,
        art: symbolArt,
      }),
    ),
  'classic-gold': () =>
    Promise.all([import('@games/titles/classic-gold'), import('./art/classic-gold')]).then(
      ([{ classicGoldTitle }, { symbolArt }]) => ({
        title: classicGoldTitle,
        art: symbolArt,
      }),
    ),
  'koi-ways': () =>
    Promise.all([import('@games/titles/koi-ways'), import('./art/koi-ways')]).then(
      ([{ koiWaysTitle }, { symbolArt }]) => ({
        title: koiWaysTitle,
        art: symbolArt,
      }),
    ),
  'jewel-cascade': () =>
    Promise.all([import('@games/titles/jewel-cascade'), import('./art/jewel-cascade')]).then(
      ([{ jewelCascadeTitle }, { symbolArt }]) => ({
        title: jewelCascadeTitle,
        art: symbolArt,
      }),
    ),
  'golden-koban': () =>
    Promise.all([import('@games/titles/golden-koban'), import('./art/golden-koban')]).then(
      ([{ goldenKobanTitle }, { symbolArt }]) => ({
        title: goldenKobanTitle,
        art: symbolArt,
      }),
    ),
  'kitsune-moon': () =>
    Promise.all([import('@games/titles/kitsune-moon'), import('./art/kitsune-moon')]).then(
      ([{ kitsuneMoonTitle }, { symbolArt }]) => ({
        title: kitsuneMoonTitle,
        art: symbolArt,
      }),
    ),
  'fuji-rush': () =>
    import('@games/titles/fuji-rush').then(({ fujiRushTitle }) => ({ title: fujiRushTitle, art: noArt })),
  'raijin-st': () =>
    import('@games/titles/raijin-st').then(({ raijinStTitle }) => ({ title: raijinStTitle, art: noArt })),
  'hanabi-light': () =>
    import('@games/titles/hanabi-light').then(({ hanabiLightTitle }) => ({ title: hanabiLightTitle, art: noArt })),
  'lucky-lamp': () =>
    Promise.all([import('@games/titles/lucky-lamp'), import('./art/lucky-lamp')]).then(
      ([{ luckyLampTitle }, { symbolArt }]) => ({ title: luckyLampTitle, art: symbolArt }),
    ),
  'kitsune-rush': () =>
    Promise.all([import('@games/titles/kitsune-rush'), import('./art/kitsune-rush')]).then(
      ([{ kitsuneRushTitle }, { symbolArt }]) => ({ title: kitsuneRushTitle, art: symbolArt }),
    ),
  'tsukimi-replay': () =>
    Promise.all([import('@games/titles/tsukimi-replay'), import('./art/tsukimi-replay')]).then(
      ([{ tsukimiReplayTitle }, { symbolArt }]) => ({ title: tsukimiReplayTitle, art: symbolArt }),
    ),
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
