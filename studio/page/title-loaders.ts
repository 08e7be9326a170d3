/**
 * Each title's own chunk, loaded only when its game is played: the definition (games/titles/) and
 * its art (studio/page/art/<code>.tsx), a slot's symbols or a pachinko's board and display. The
 * page's first load holds no title.
 */
import type { LoadedTitle } from './play/title-context';

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
    Promise.all([import('@games/titles/fuji-rush'), import('./art/fuji-rush')]).then(
      ([{ fujiRushTitle }, { symbolArt }]) => ({
        title: fujiRushTitle,
        art: symbolArt,
      }),
    ),
  'raijin-st': () =>
    Promise.all([import('@games/titles/raijin-st'), import('./art/raijin-st')]).then(
      ([{ raijinStTitle }, { symbolArt }]) => ({
        title: raijinStTitle,
        art: symbolArt,
      }),
    ),
  'hanabi-light': () =>
    Promise.all([import('@games/titles/hanabi-light'), import('./art/hanabi-light')]).then(
      ([{ hanabiLightTitle }, { symbolArt }]) => ({
        title: hanabiLightTitle,
        art: symbolArt,
      }),
    ),
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
