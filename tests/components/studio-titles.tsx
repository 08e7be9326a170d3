/**
 * Titles for the game page's views, as the title loader hands them over: the studio's Sakura
 * Sevens (with its rules) and Fuji Rush, and a 6 × 4 title whose rounds cascade and run free
 * spins with held coins, so the views are shown every kind of step.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales } from '@contract/locales';
import type { LocalText, SlotRoundResult, SlotStep, Title, TitleRules } from '@games/engine/title';
import { linePays, paylines, type SlotOutcome, sakuraSevensTitle, scatterPays } from '@games/titles/sakura-sevens';
import * as v from 'valibot';
import type { LoadedTitle } from '../../studio/page/play/title-context';
import { isSlotRound } from '../../studio/page/play/title-rules';

type Rules = { rules: TitleRules };

/** The page's own symbol names, per locale: what Sakura Sevens' paytable names its symbols. */
function symbolName(symbol: string): LocalText {
  const names = locales.map((locale) => {
    const file = path.resolve('locales', locale, 'studio.json');
    const strings = JSON.parse(readFileSync(file, 'utf8')) as { symbol: Record<string, string> };
    return [locale, strings.symbol[symbol] ?? symbol] as const;
  });
  return Object.fromEntries(names) as Record<Locale, string>;
}

const everyLocale = (text: string): LocalText =>
  Object.fromEntries(locales.map((locale) => [locale, text])) as Record<Locale, string>;

export const sakuraRules: TitleRules = {
  paytable: [
    ...Object.entries(linePays).map(([symbol, pays]) => ({
      symbol,
      name: symbolName(symbol),
      pays: pays.map((pay, index) => ({ count: index + 3, pay })),
      unit: 'betPerLine' as const,
    })),
    {
      symbol: 'wild',
      name: symbolName('wild'),
      pays: [],
      unit: 'betPerLine' as const,
      note: {
        ...everyLocale('Substitutes for all but the scatter.'),
        'ja-JP': 'スキャッター以外のすべての図柄の代わりになります。',
      },
    },
    {
      symbol: 'scatter',
      name: symbolName('scatter'),
      pays: Object.entries(scatterPays).map(([count, pay]) => ({ count: Number(count), pay })),
      unit: 'totalBet' as const,
      note: { ...everyLocale('Pays anywhere.'), 'ja-JP': 'どこに出ても配当があります。' },
    },
  ],
  paragraphs: [
    {
      ...everyLocale('{{reels}} reels, {{rows}} rows and {{lines}} paylines, always all played.'),
      'ja-JP': '{{reels}}リール・{{rows}}段・{{lines}}ラインで、全ラインを常にプレイします。',
    },
  ],
  values: { reels: 5, rows: 3, lines: paylines.length },
};

/** The studio's Sakura Sevens with the rules its paytable screen reads. */
export const sakuraTitle: Title<SlotOutcome> & Rules = { ...sakuraSevensTitle, rules: sakuraRules };

const gem = (text: string, ja: string) => ({ ...everyLocale(text), 'ja-JP': ja });

/** Six reels of four rows; `gem` has art of its own, the others are drawn plainly. */
export const cascadeRules: TitleRules = {
  paytable: [
    { symbol: 'gem', name: gem('red gem', '赤い宝石'), pays: [{ count: 8, pay: 2 }], unit: 'totalBet' },
    { symbol: 'leaf', name: gem('leaf', '葉'), pays: [{ count: 8, pay: 1 }], unit: 'totalBet' },
    { symbol: 'moon', name: gem('moon', '月'), pays: [{ count: 8, pay: 1 }], unit: 'totalBet' },
    { symbol: 'coin', name: gem('coin', 'コイン'), pays: [], unit: 'coins' },
  ],
  paragraphs: [],
};

function windowOf(fill: (reel: number, row: number) => string): string[][] {
  return Array.from({ length: 6 }, (_, reel) => Array.from({ length: 4 }, (_, row) => fill(reel, row)));
}

const gemsAt = new Set(['0:0', '1:0', '2:1', '3:1', '4:2', '5:2', '0:3', '5:3']);
const cells = [...gemsAt].map((key) => key.split(':').map(Number) as [number, number]);

/** A spin paying 8 gems, a cascade paying them again at ×2, then a free spin with coins held. */
export const cascadeSteps: SlotStep[] = [
  {
    phase: 'spin',
    window: windowOf((reel, row) => (gemsAt.has(`${reel}:${row}`) ? 'gem' : (reel + row) % 2 ? 'leaf' : 'moon')),
    wins: [{ symbol: 'gem', count: 8, cells, win: 40 }],
    win: 40,
  },
  {
    phase: 'cascade',
    window: windowOf((reel, row) => (gemsAt.has(`${reel}:${row}`) ? 'gem' : (reel + row) % 2 ? 'moon' : 'leaf')),
    wins: [{ symbol: 'gem', count: 8, cells, win: 80 }],
    win: 80,
    multiplier: 2,
  },
  {
    phase: 'freeSpin',
    window: windowOf((_, row) => (row === 0 ? 'coin' : 'leaf')),
    values: windowOf((_, row) => (row === 0 ? '5' : '')).map((column) =>
      column.map((value) => (value ? Number(value) : null)),
    ),
    wins: [],
    win: 0,
    left: 3,
  },
];

export const cascadeTitle: Title<SlotRoundResult> & Rules = {
  code: 'gem-cascade',
  kind: 'slot',
  mechanic: 'cascade',
  name: 'Gem Cascade',
  names: gem('Gem Cascade', 'ジェムカスケード'),
  volatility: 'veryHigh',
  rtpBasisPoints: 9550,
  stakes: [20],
  maxWinMultiplier: 5_000,
  play: () => ({ totalBet: 20, totalWin: 120, steps: cascadeSteps }),
  outcome: v.custom<SlotRoundResult>(isSlotRound),
  rules: cascadeRules,
};

function GemArt() {
  return (
    <svg viewBox="0 0 100 100" aria-hidden="true" data-art="gem">
      <polygon points="50,8 90,40 50,92 10,40" fill="#d3213f" />
    </svg>
  );
}

export const loaded = (title: Title): LoadedTitle => ({ title, art: title === cascadeTitle ? { gem: GemArt } : {} });
