/**
 * Classic Gold, the studio's 3-reel classic (docs/games.md §10): three strips of 32, three rows,
 * five lines, bars and sevens, any-bar, cherries counted from reel 1 and a wild on every reel that
 * doubles each win it completes. All pays are whole multiples of the bet per line.
 */
import {
  betPerLineOf,
  type LineCombo,
  type LinesGame,
  type LinesOutcome,
  linesOutcomeSchema,
  playLines,
} from '../engine/lines';
import type { LocalText, PaytableRow, Title, TitleRules } from '../engine/title';
import type { RoundSeeds } from '../provably-fair';

export type ClassicSymbol = 'wild' | 'seven' | 'tripleBar' | 'doubleBar' | 'bar' | 'cherry' | 'blank';
export type ClassicOutcome = LinesOutcome<ClassicSymbol>;

/** Every symbol followed by a blank, as on a classic reel: 16 symbols and 16 blanks per strip. */
const withBlanks = (symbols: readonly ClassicSymbol[]): ClassicSymbol[] =>
  symbols.flatMap((symbol) => [symbol, 'blank' as const]);

// biome-ignore format: one strip per line, as in the table of docs/games.md
export const classicStrips: readonly (readonly ClassicSymbol[])[] = [
  withBlanks(['cherry', 'bar', 'doubleBar', 'cherry', 'seven', 'bar', 'tripleBar', 'cherry', 'bar', 'wild', 'doubleBar', 'cherry', 'bar', 'tripleBar', 'doubleBar', 'seven']),
  withBlanks(['bar', 'cherry', 'doubleBar', 'bar', 'seven', 'tripleBar', 'bar', 'cherry', 'wild', 'doubleBar', 'bar', 'tripleBar', 'cherry', 'doubleBar', 'seven', 'bar']),
  withBlanks(['doubleBar', 'bar', 'cherry', 'tripleBar', 'bar', 'seven', 'doubleBar', 'cherry', 'bar', 'wild', 'tripleBar', 'bar', 'doubleBar', 'cherry', 'seven', 'bar']),
];

/** Middle, top and bottom rows, then the two diagonals. */
export const classicPaylines: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

const bars: readonly ClassicSymbol[] = ['bar', 'doubleBar', 'tripleBar'];

/** In bets per line; a line pays the highest it matches, each wild standing in doubling it. */
export const classicCombos: readonly LineCombo<ClassicSymbol>[] = [
  { id: 'wild', symbols: ['wild'], count: 3, pay: 200 },
  { id: 'seven', symbols: ['seven'], count: 3, pay: 50 },
  { id: 'tripleBar', symbols: ['tripleBar'], count: 3, pay: 30 },
  { id: 'doubleBar', symbols: ['doubleBar'], count: 3, pay: 20 },
  { id: 'bar', symbols: ['bar'], count: 3, pay: 10 },
  { id: 'anyBar', symbols: bars, count: 3, pay: 5 },
  { id: 'cherry', symbols: ['cherry'], count: 3, pay: 10 },
  { id: 'cherry', symbols: ['cherry'], count: 2, pay: 5 },
  { id: 'cherry', symbols: ['cherry'], count: 1, pay: 3 },
];

export const classicGoldLines: LinesGame<ClassicSymbol> = {
  strips: classicStrips,
  rows: 3,
  paylines: classicPaylines,
  combos: classicCombos,
  wild: { symbol: 'wild', multiplier: 2 },
  betsPerLine: [1, 2, 5, 10, 20],
};

/** The largest win of one round ÷ its stake (220 bets per line over 5 lines), as the exact walk finds it. */
const maxWinMultiplier = 44;

const names: Readonly<Record<ClassicSymbol | 'anyBar', LocalText>> = {
  wild: {
    'ja-JP': 'ゴールドワイルド',
    'en-US': 'Gold Wild',
    'ko-KR': '골드 와일드',
    'zh-CN': '黄金百搭',
    'zh-TW': '黃金百搭',
    'fil-PH': 'Gold Wild',
    'vi-VN': 'Wild vàng',
  },
  seven: {
    'ja-JP': 'セブン',
    'en-US': 'Seven',
    'ko-KR': '세븐',
    'zh-CN': '七',
    'zh-TW': '七',
    'fil-PH': 'Pito',
    'vi-VN': 'Số bảy',
  },
  tripleBar: {
    'ja-JP': 'トリプルバー',
    'en-US': 'Triple Bar',
    'ko-KR': '트리플 바',
    'zh-CN': '三条BAR',
    'zh-TW': '三條BAR',
    'fil-PH': 'Triple Bar',
    'vi-VN': 'Bar ba',
  },
  doubleBar: {
    'ja-JP': 'ダブルバー',
    'en-US': 'Double Bar',
    'ko-KR': '더블 바',
    'zh-CN': '双条BAR',
    'zh-TW': '雙條BAR',
    'fil-PH': 'Double Bar',
    'vi-VN': 'Bar đôi',
  },
  bar: {
    'ja-JP': 'バー',
    'en-US': 'Bar',
    'ko-KR': '바',
    'zh-CN': 'BAR',
    'zh-TW': 'BAR',
    'fil-PH': 'Bar',
    'vi-VN': 'Bar',
  },
  anyBar: {
    'ja-JP': 'いずれかのバー',
    'en-US': 'Any Bar',
    'ko-KR': '아무 바',
    'zh-CN': '任意BAR',
    'zh-TW': '任意BAR',
    'fil-PH': 'Anumang Bar',
    'vi-VN': 'Bar bất kỳ',
  },
  cherry: {
    'ja-JP': 'チェリー',
    'en-US': 'Cherry',
    'ko-KR': '체리',
    'zh-CN': '樱桃',
    'zh-TW': '櫻桃',
    'fil-PH': 'Seresa',
    'vi-VN': 'Anh đào',
  },
  blank: {
    'ja-JP': 'ブランク',
    'en-US': 'Blank',
    'ko-KR': '빈칸',
    'zh-CN': '空白',
    'zh-TW': '空白',
    'fil-PH': 'Blangko',
    'vi-VN': 'Ô trống',
  },
};

const paytable: PaytableRow[] = [...new Set(classicCombos.map((combo) => combo.id))].map((id) => ({
  symbol: id,
  name: names[id as ClassicSymbol | 'anyBar'],
  pays: classicCombos.filter((combo) => combo.id === id).map(({ count, pay }) => ({ count, pay })),
  unit: 'betPerLine',
  ...(id === 'wild'
    ? {
        note: {
          'ja-JP': '全リールに出現し、すべての図柄の代わりになります。代わりになったワイルド1つにつき配当2倍',
          'en-US': 'On every reel; stands in for every symbol and doubles the win for each wild standing in',
          'ko-KR': '모든 릴에 나타나며 모든 심볼을 대신하고, 대신한 와일드 1개마다 당첨 2배',
          'zh-CN': '出现在所有轴，可替代所有符号，每个替代的百搭使奖金翻倍',
          'zh-TW': '出現在所有軸，可替代所有符號，每個替代的百搭使獎金翻倍',
          'fil-PH': 'Nasa bawat reel; pumapalit sa lahat ng simbolo at dinodoble ang panalo sa bawat wild na pumalit',
          'vi-VN': 'Có trên mọi cuộn; thay thế mọi biểu tượng và nhân đôi tiền thắng cho mỗi wild thay thế',
        },
      }
    : {}),
}));

const rules: TitleRules = {
  paytable,
  values: { lines: classicPaylines.length, maxWin: maxWinMultiplier },
  paragraphs: [
    {
      'ja-JP':
        '3リール・3段の{{lines}}ライン。中段・上段・下段と2本の斜めラインがすべて常に有効で、1スピンの賭け金は1ラインのベット×{{lines}}コインです。',
      'en-US':
        'Three reels, three rows and {{lines}} lines: the middle, top and bottom rows and both diagonals always play. A spin costs {{lines}} × the bet per line in coins.',
      'ko-KR':
        '3릴 3행 {{lines}}라인. 가운데·위·아래 행과 대각선 2개가 항상 적용되며 1스핀의 베팅은 라인당 베팅 × {{lines}}코인입니다.',
      'zh-CN':
        '3轴3行{{lines}}条线：中、上、下三行与两条对角线始终有效。每次旋转的投注为每线投注 × {{lines}} 枚游戏币。',
      'zh-TW':
        '3軸3列{{lines}}條線：中、上、下三列與兩條對角線始終有效。每次旋轉的投注為每線投注 × {{lines}} 枚遊戲幣。',
      'fil-PH':
        'Tatlong reel, tatlong hanay at {{lines}} linya: laging laro ang gitna, itaas at ibabang hanay at ang dalawang pahilis. Ang isang spin ay {{lines}} × ang taya bawat linya sa coins.',
      'vi-VN':
        'Ba cuộn, ba hàng và {{lines}} dòng: hàng giữa, trên, dưới và hai đường chéo luôn được chơi. Mỗi lượt quay tốn {{lines}} × mức cược mỗi dòng, tính bằng xu.',
    },
    {
      'ja-JP':
        '3つ揃いで配当。バーは種類を問わず3つ並べば「いずれかのバー」が支払われます。チェリーは左のリールから数え、1つでも配当があります。各ラインは最も高い配当を1つだけ支払います。',
      'en-US':
        'Three of a kind pay. Any mix of bars pays Any Bar. Cherries count from the left reel and pay from just one. Each line pays its one highest win.',
      'ko-KR':
        "같은 심볼 3개가 당첨입니다. 종류가 섞인 바 3개는 '아무 바'로 지급됩니다. 체리는 왼쪽 릴부터 세며 1개부터 당첨입니다. 각 라인은 가장 높은 당첨 하나만 지급합니다.",
      'zh-CN':
        '三个相同符号派彩。任意组合的三个BAR支付"任意BAR"。樱桃从最左轴起计算，一个即可派彩。每条线只支付最高的一个奖项。',
      'zh-TW':
        '三個相同符號派彩。任意組合的三個BAR支付「任意BAR」。櫻桃從最左軸起計算，一個即可派彩。每條線只支付最高的一個獎項。',
      'fil-PH':
        'Nagbabayad ang tatlong magkapareho. Ang halo-halong bar ay nagbabayad ng Anumang Bar. Binibilang ang seresa mula sa kaliwang reel at nagbabayad kahit isa lang. Isang pinakamataas na panalo lang bawat linya.',
      'vi-VN':
        'Ba biểu tượng giống nhau được trả thưởng. Ba bar bất kỳ trả giải Bar bất kỳ. Anh đào tính từ cuộn trái và trả thưởng chỉ với một quả. Mỗi dòng trả một giải cao nhất.',
    },
    {
      'ja-JP':
        'ゴールドワイルドはすべての図柄の代わりになり、代わりになったワイルド1つごとに配当が2倍（2つで4倍）になります。ワイルド3つは専用の配当です。1スピンの最大配当は賭け金の{{maxWin}}倍です。',
      'en-US':
        'The Gold Wild stands in for every symbol, and each wild standing in doubles the win (two make it ×4). Three wilds pay their own prize. One spin wins at most {{maxWin}} × its bet.',
      'ko-KR':
        '골드 와일드는 모든 심볼을 대신하며 대신한 와일드 1개마다 당첨이 2배(2개면 4배)가 됩니다. 와일드 3개는 전용 당첨입니다. 1스핀의 최대 당첨은 베팅의 {{maxWin}}배입니다.',
      'zh-CN':
        '黄金百搭可替代所有符号，每个替代的百搭使奖金翻倍（两个为4倍）。三个百搭有专属奖项。每次旋转最多赢得投注的 {{maxWin}} 倍。',
      'zh-TW':
        '黃金百搭可替代所有符號，每個替代的百搭使獎金翻倍（兩個為4倍）。三個百搭有專屬獎項。每次旋轉最多贏得投注的 {{maxWin}} 倍。',
      'fil-PH':
        'Pumapalit ang Gold Wild sa lahat ng simbolo, at dinodoble ng bawat wild na pumalit ang panalo (×4 kapag dalawa). May sariling premyo ang tatlong wild. Hanggang {{maxWin}} × ng taya ang pinakamalaking panalo sa isang spin.',
      'vi-VN':
        'Wild vàng thay thế mọi biểu tượng, mỗi wild thay thế nhân đôi tiền thắng (hai wild là ×4). Ba wild có giải riêng. Mỗi lượt quay thắng tối đa {{maxWin}} × tiền cược.',
    },
  ],
};

export const classicGoldTitle: Title<ClassicOutcome> & { rules: TitleRules } = {
  code: 'classic-gold',
  kind: 'slot',
  mechanic: 'lines',
  name: 'Classic Gold',
  names: {
    'ja-JP': 'クラシックゴールド',
    'en-US': 'Classic Gold',
    'ko-KR': '클래식 골드',
    'zh-CN': '经典黄金',
    'zh-TW': '經典黃金',
    'fil-PH': 'Classic Gold',
    'vi-VN': 'Classic Gold',
  },
  volatility: 'low',
  rtpBasisPoints: 9545,
  stakes: classicGoldLines.betsPerLine.map((bet) => bet * classicPaylines.length),
  maxWinMultiplier,
  play: (seeds: RoundSeeds, stake: number) => playLines(classicGoldLines, seeds, betPerLineOf(classicGoldLines, stake)),
  outcome: linesOutcomeSchema(classicGoldLines),
  rules,
};
