/**
 * The studio's titles (docs/games.md): each a definition and the mechanic that plays it, with its
 * code, kind, stated RTP and the stakes a round may take, in whole coins. Every machine (台) of a
 * title runs the same math, so the RTP is stated once per title; the tests check it against the
 * exact value. A round is the title's own `play(seeds, stake)`.
 */
import type { Title } from './engine/title';
import { isRoundTitle, type StudioTitle } from './studio-title';
import { classicGoldTitle } from './titles/classic-gold';
import { fujiRushTitle } from './titles/fuji-rush';
import { goldenKobanTitle } from './titles/golden-koban';
import { hanabiLightTitle } from './titles/hanabi-light';
import { jewelCascadeTitle } from './titles/jewel-cascade';
import { kitsuneMoonTitle } from './titles/kitsune-moon';
import { kitsuneRushTitle } from './titles/kitsune-rush';
import { koiWaysTitle } from './titles/koi-ways';
import { luckyLampTitle } from './titles/lucky-lamp';
import { raijinStTitle } from './titles/raijin-st';
import { sakuraSevensTitle } from './titles/sakura-sevens';
import { tsukimiReplayTitle } from './titles/tsukimi-replay';

export const studioTitles: readonly StudioTitle[] = [
  sakuraSevensTitle,
  classicGoldTitle,
  koiWaysTitle,
  jewelCascadeTitle,
  goldenKobanTitle,
  kitsuneMoonTitle,
  fujiRushTitle,
  raijinStTitle,
  hanabiLightTitle,
  luckyLampTitle,
  kitsuneRushTitle,
  tsukimiReplayTitle,
];

export function studioTitle(code: string): StudioTitle | undefined {
  return studioTitles.find((title) => title.code === code);
}

export function roundTitle(code: string): Title | undefined {
  const title = studioTitle(code);
  return title && isRoundTitle(title) ? title : undefined;
}
