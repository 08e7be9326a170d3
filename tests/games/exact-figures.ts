/**
 * Every title's exact figures at its smallest stake, from its own engine's exact computation over
 * the same definition the title plays (enumeration or an exact Markov chain): what the bench
 * prints beside its simulations. Each title's own test checks them against the stated figures.
 */
import { cascadeExact } from '@games/engine/cascade-exact';
import { freeSpinsExact } from '@games/engine/free-spins-exact';
import { holdAndWinExact } from '@games/engine/hold-and-win-exact';
import { linesExactFigures } from '@games/engine/lines-exact';
import { exactPachinkoRound } from '@games/engine/pachinko-exact';
import { exactPachislot } from '@games/engine/pachislot-exact';
import type { ExactFigures } from '@games/engine/title';
import { waysExactFigures } from '@games/engine/ways-exact';
import { classicGoldLines } from '@games/titles/classic-gold';
import { fujiRushTitle } from '@games/titles/fuji-rush';
import { goldenKobanTitle } from '@games/titles/golden-koban';
import { hanabiLightTitle } from '@games/titles/hanabi-light';
import { jewelCascadeTitle } from '@games/titles/jewel-cascade';
import { kitsuneMoonTitle } from '@games/titles/kitsune-moon';
import { kitsuneRushTitle } from '@games/titles/kitsune-rush';
import { koiWaysGame } from '@games/titles/koi-ways';
import { luckyLampTitle } from '@games/titles/lucky-lamp';
import { raijinStTitle } from '@games/titles/raijin-st';
import { sakuraSevensLines } from '@games/titles/sakura-sevens';
import { tsukimiReplayTitle } from '@games/titles/tsukimi-replay';

const smallest = (stakes: readonly number[]) => Math.min(...stakes);

export const titleFigures: Readonly<Record<string, () => ExactFigures>> = {
  'sakura-sevens': () => linesExactFigures(sakuraSevensLines),
  'classic-gold': () => linesExactFigures(classicGoldLines),
  'koi-ways': () => waysExactFigures(koiWaysGame),
  'jewel-cascade': () => cascadeExact(jewelCascadeTitle.definition),
  'golden-koban': () => holdAndWinExact(goldenKobanTitle.definition),
  'kitsune-moon': () => freeSpinsExact(kitsuneMoonTitle.definition),
  'fuji-rush': () => exactPachinkoRound(fujiRushTitle.machine, smallest(fujiRushTitle.stakes)),
  'raijin-st': () => exactPachinkoRound(raijinStTitle.machine, smallest(raijinStTitle.stakes)),
  'hanabi-light': () => exactPachinkoRound(hanabiLightTitle.machine, smallest(hanabiLightTitle.stakes)),
  // A pachislot has one stake: its figures at 設定 1 with perfect 目押し, the low end of its stated range.
  'lucky-lamp': () => exactPachislot(luckyLampTitle.machine, 1, 'perfect'),
  'kitsune-rush': () => exactPachislot(kitsuneRushTitle.machine, 1, 'perfect'),
  'tsukimi-replay': () => exactPachislot(tsukimiReplayTitle.machine, 1, 'perfect'),
};
