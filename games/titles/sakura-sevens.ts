/**
 * Sakura Sevens, the studio's 5-reel slot (docs/games.md §2): five strips of 30 symbols, three rows,
 * 20 fixed paylines paying left to right, a wild on reels 2–4 and a scatter paying anywhere. No free
 * spins, so one spin's win depends on its own stops only and the RTP is an exact finite sum.
 * Line pays are whole multiples of the bet per line and scatter pays whole multiples of the total
 * bet, so every win is a whole number of coins.
 */
import {
  betPerLineOf,
  evaluateLines,
  type LinesGame,
  type LinesOutcome,
  type LineWin,
  linesOutcomeSchema,
  linesWindow,
  ofAKindCombos,
  playLines,
} from '../engine/lines';
import type { LocalText, PaytableRow, Title, TitleRules } from '../engine/title';
import type { RoundSeeds } from '../provably-fair';

export type SlotSymbol = 'seven' | 'bar' | 'bell' | 'melon' | 'cherry' | 'plum' | 'orange' | 'wild' | 'scatter';
export type PayingSymbol = Exclude<SlotSymbol, 'wild' | 'scatter'>;
export type { LineWin };
export type SlotOutcome = LinesOutcome<SlotSymbol>;

export const reelCount = 5;
export const rowCount = 3;

// biome-ignore format: one strip per line, as in the table of docs/games.md
/** The strips, reel 1 first. A stop is the index of the symbol on the top row; the rows below show the next two. */
export const reelStrips: readonly (readonly SlotSymbol[])[] = [
  ['cherry', 'plum', 'orange', 'cherry', 'orange', 'plum', 'melon', 'bell', 'bar', 'orange', 'cherry', 'plum', 'orange', 'melon', 'seven', 'cherry', 'plum', 'bell', 'scatter', 'orange', 'cherry', 'plum', 'melon', 'orange', 'bar', 'cherry', 'plum', 'orange', 'bell', 'melon'],
  ['cherry', 'plum', 'orange', 'wild', 'bar', 'melon', 'plum', 'orange', 'cherry', 'bell', 'wild', 'plum', 'orange', 'melon', 'cherry', 'bar', 'seven', 'bell', 'wild', 'plum', 'scatter', 'orange', 'melon', 'cherry', 'plum', 'orange', 'wild', 'bar', 'bell', 'melon'],
  ['melon', 'cherry', 'plum', 'orange', 'wild', 'cherry', 'melon', 'plum', 'orange', 'seven', 'bar', 'wild', 'cherry', 'bell', 'plum', 'orange', 'melon', 'cherry', 'wild', 'plum', 'orange', 'scatter', 'melon', 'seven', 'cherry', 'plum', 'bar', 'orange', 'wild', 'bell'],
  ['orange', 'cherry', 'plum', 'orange', 'melon', 'orange', 'melon', 'cherry', 'orange', 'wild', 'plum', 'bar', 'orange', 'bell', 'melon', 'cherry', 'plum', 'orange', 'plum', 'seven', 'plum', 'melon', 'scatter', 'cherry', 'orange', 'wild', 'plum', 'bar', 'orange', 'bell'],
  ['bell', 'cherry', 'melon', 'plum', 'orange', 'cherry', 'plum', 'orange', 'bar', 'bell', 'cherry', 'seven', 'melon', 'plum', 'orange', 'cherry', 'plum', 'orange', 'bar', 'bell', 'cherry', 'melon', 'plum', 'orange', 'scatter', 'cherry', 'seven', 'plum', 'orange', 'bar'],
];

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) the line crosses on each reel. */
export const paylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/** Line pays for 3, 4 and 5 of a kind from reel 1, in bets per line. */
export const linePays: Readonly<Record<PayingSymbol, readonly [number, number, number]>> = {
  seven: [50, 200, 1000],
  bar: [25, 100, 400],
  bell: [15, 50, 200],
  melon: [10, 30, 120],
  cherry: [5, 20, 80],
  plum: [4, 15, 60],
  orange: [3, 10, 40],
};

/** Scatter pays by the number of scatters anywhere in the window, in total bets. */
export const scatterPays: Readonly<Record<number, number>> = { 3: 2, 4: 10, 5: 50 };

/** The bet per line a spin may take, in coins; every spin plays all 20 lines. */
export const betsPerLine: readonly number[] = [1, 2, 5, 10, 20, 50];

/** The largest win of one round, ÷ its stake: the exact walk of all stops finds it (docs §2). */
const maxWinMultiplier = 107;

export const sakuraSevensLines: LinesGame<SlotSymbol> = {
  strips: reelStrips,
  rows: rowCount,
  paylines,
  combos: ofAKindCombos<SlotSymbol>(linePays, 3),
  wild: { symbol: 'wild', multiplier: 1 },
  scatter: { symbol: 'scatter', pays: scatterPays },
  betsPerLine,
};

/** The window for the stops: window[reel][row]. */
export function windowAt(stops: readonly number[]): SlotSymbol[][] {
  return linesWindow(sakuraSevensLines, stops);
}

export function isBetPerLine(betPerLine: number): boolean {
  return betsPerLine.includes(betPerLine);
}

/** The whole evaluation of a spin that stopped at `stops`. */
export function evaluateSpin(stops: readonly number[], betPerLine: number): SlotOutcome {
  return evaluateLines(sakuraSevensLines, stops, betPerLine);
}

export function playSlotRound(seeds: RoundSeeds, betPerLine: number): SlotOutcome {
  return playLines(sakuraSevensLines, seeds, betPerLine);
}

const symbolNames: Readonly<Record<SlotSymbol, LocalText>> = {
  seven: {
    'ja-JP': 'セブン',
    'en-US': 'Seven',
    'ko-KR': '세븐',
    'zh-CN': '七',
    'zh-TW': '七',
    'fil-PH': 'Pito',
    'vi-VN': 'Số bảy',
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
  bell: {
    'ja-JP': 'ベル',
    'en-US': 'Bell',
    'ko-KR': '벨',
    'zh-CN': '铃铛',
    'zh-TW': '鈴鐺',
    'fil-PH': 'Kampana',
    'vi-VN': 'Chuông',
  },
  melon: {
    'ja-JP': 'メロン',
    'en-US': 'Melon',
    'ko-KR': '멜론',
    'zh-CN': '甜瓜',
    'zh-TW': '哈密瓜',
    'fil-PH': 'Melon',
    'vi-VN': 'Dưa lưới',
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
  plum: {
    'ja-JP': 'プラム',
    'en-US': 'Plum',
    'ko-KR': '자두',
    'zh-CN': '李子',
    'zh-TW': '李子',
    'fil-PH': 'Plum',
    'vi-VN': 'Mận',
  },
  orange: {
    'ja-JP': 'オレンジ',
    'en-US': 'Orange',
    'ko-KR': '오렌지',
    'zh-CN': '橙子',
    'zh-TW': '柳橙',
    'fil-PH': 'Dalandan',
    'vi-VN': 'Cam',
  },
  wild: {
    'ja-JP': 'ワイルド',
    'en-US': 'Wild',
    'ko-KR': '와일드',
    'zh-CN': '百搭',
    'zh-TW': '百搭',
    'fil-PH': 'Wild',
    'vi-VN': 'Wild',
  },
  scatter: {
    'ja-JP': 'スキャッター',
    'en-US': 'Scatter',
    'ko-KR': '스캐터',
    'zh-CN': '分散',
    'zh-TW': '分散',
    'fil-PH': 'Scatter',
    'vi-VN': 'Scatter',
  },
};

const paytable: PaytableRow[] = [
  ...Object.entries(linePays).map(([symbol, pays]) => ({
    symbol,
    name: symbolNames[symbol as PayingSymbol],
    pays: pays.map((pay, index) => ({ count: index + 3, pay })),
    unit: 'betPerLine' as const,
  })),
  {
    symbol: 'wild',
    name: symbolNames.wild,
    pays: [],
    unit: 'betPerLine',
    note: {
      'ja-JP': 'リール2・3・4にのみ出現し、スキャッター以外のすべての図柄の代わりになります',
      'en-US': 'Appears on reels 2, 3 and 4 only and substitutes for every symbol but the scatter',
      'ko-KR': '릴 2, 3, 4에만 나타나며 스캐터를 제외한 모든 심볼을 대신합니다',
      'zh-CN': '只出现在第2、3、4轴，可替代分散以外的所有符号',
      'zh-TW': '只出現在第2、3、4軸，可替代分散以外的所有符號',
      'fil-PH': 'Lumalabas lang sa reel 2, 3 at 4 at pumapalit sa lahat ng simbolo maliban sa scatter',
      'vi-VN': 'Chỉ xuất hiện trên cuộn 2, 3 và 4, thay thế mọi biểu tượng trừ scatter',
    },
  },
  {
    symbol: 'scatter',
    name: symbolNames.scatter,
    pays: Object.entries(scatterPays).map(([count, pay]) => ({ count: Number(count), pay })),
    unit: 'totalBet',
    note: {
      'ja-JP': '画面のどこに出ても配当',
      'en-US': 'Pays anywhere in the window',
      'ko-KR': '화면 어디에 나와도 당첨',
      'zh-CN': '出现在画面任何位置都派彩',
      'zh-TW': '出現在畫面任何位置都派彩',
      'fil-PH': 'Nagbabayad kahit saan sa window',
      'vi-VN': 'Trả thưởng ở bất kỳ vị trí nào',
    },
  },
];

const rules: TitleRules = {
  paytable,
  values: { lines: paylines.length, maxWin: maxWinMultiplier },
  paragraphs: [
    {
      'ja-JP':
        '5リール・3段、{{lines}}ラインはすべて常に有効です。1スピンの賭け金は1ラインのベット×{{lines}}コインです。',
      'en-US':
        'Five reels, three rows, and all {{lines}} lines always play. A spin costs {{lines}} × the bet per line in coins.',
      'ko-KR': '5릴 3행, {{lines}}개 라인이 항상 모두 적용됩니다. 1스핀의 베팅은 라인당 베팅 × {{lines}}코인입니다.',
      'zh-CN': '5轴3行，{{lines}}条线始终全部有效。每次旋转的投注为每线投注 × {{lines}} 枚游戏币。',
      'zh-TW': '5軸3列，{{lines}}條線始終全部有效。每次旋轉的投注為每線投注 × {{lines}} 枚遊戲幣。',
      'fil-PH':
        'Limang reel, tatlong hanay, at laging laro ang lahat ng {{lines}} linya. Ang isang spin ay {{lines}} × ang taya bawat linya sa coins.',
      'vi-VN':
        'Năm cuộn, ba hàng, luôn chơi cả {{lines}} dòng. Mỗi lượt quay tốn {{lines}} × mức cược mỗi dòng, tính bằng xu.',
    },
    {
      'ja-JP':
        'ラインの配当は左端のリールから同じ図柄が3つ以上並んだときに支払われます。ワイルドはスキャッター以外の図柄の代わりになります。各ラインは最も高い配当を1つだけ支払い、すべてのラインの配当を合計します。',
      'en-US':
        'A line pays when 3 or more of the same symbol line up from the leftmost reel. The wild stands in for every symbol but the scatter. Each line pays its one highest win, and all lines add up.',
      'ko-KR':
        '라인 당첨은 가장 왼쪽 릴부터 같은 심볼이 3개 이상 이어질 때 지급됩니다. 와일드는 스캐터를 제외한 심볼을 대신합니다. 각 라인은 가장 높은 당첨 하나만 지급하며 모든 라인의 당첨을 합산합니다.',
      'zh-CN':
        '从最左轴起连续出现3个或以上相同符号时，该线派彩。百搭可替代分散以外的符号。每条线只支付最高的一个奖项，所有线的奖金相加。',
      'zh-TW':
        '從最左軸起連續出現3個或以上相同符號時，該線派彩。百搭可替代分散以外的符號。每條線只支付最高的一個獎項，所有線的獎金相加。',
      'fil-PH':
        'Nananalo ang linya kapag 3 o higit pang parehong simbolo ang magkakasunod mula sa pinakakaliwang reel. Pumapalit ang wild sa lahat maliban sa scatter. Isang pinakamataas na panalo lang bawat linya, at pinagsasama ang lahat ng linya.',
      'vi-VN':
        'Một dòng thắng khi có từ 3 biểu tượng giống nhau liên tiếp từ cuộn ngoài cùng bên trái. Wild thay thế mọi biểu tượng trừ scatter. Mỗi dòng trả một giải cao nhất, và các dòng được cộng lại.',
    },
    {
      'ja-JP':
        'スキャッターは画面のどこに出ても、出た数に応じて賭け金の倍数で支払われ、ライン配当に加算されます。フリースピンはなく、1スピンの最大配当は賭け金の{{maxWin}}倍です。',
      'en-US':
        'Scatters pay anywhere in the window, by how many show, in multiples of the total bet, on top of the line wins. There are no free spins; one spin wins at most {{maxWin}} × its bet.',
      'ko-KR':
        '스캐터는 화면 어디에 나와도 개수에 따라 총 베팅의 배수로 지급되며 라인 당첨에 더해집니다. 프리 스핀은 없으며 1스핀의 최대 당첨은 베팅의 {{maxWin}}배입니다.',
      'zh-CN':
        '分散出现在画面任何位置，按出现数量以总投注的倍数派彩，并与线奖相加。没有免费旋转；每次旋转最多赢得投注的 {{maxWin}} 倍。',
      'zh-TW':
        '分散出現在畫面任何位置，按出現數量以總投注的倍數派彩，並與線獎相加。沒有免費旋轉；每次旋轉最多贏得投注的 {{maxWin}} 倍。',
      'fil-PH':
        'Nagbabayad ang scatter kahit saan sa window, ayon sa dami, sa multiple ng kabuuang taya, dagdag sa panalo ng linya. Walang free spins; hanggang {{maxWin}} × ng taya ang pinakamalaking panalo sa isang spin.',
      'vi-VN':
        'Scatter trả thưởng ở bất kỳ vị trí nào theo số lượng xuất hiện, bằng bội số của tổng cược, cộng thêm vào tiền thắng dòng. Không có vòng quay miễn phí; mỗi lượt quay thắng tối đa {{maxWin}} × tiền cược.',
    },
  ],
};

export const sakuraSevensTitle: Title<SlotOutcome> & { rules: TitleRules } = {
  code: 'sakura-sevens',
  kind: 'slot',
  mechanic: 'lines',
  name: 'Sakura Sevens',
  names: {
    'ja-JP': '桜セブンズ',
    'en-US': 'Sakura Sevens',
    'ko-KR': '사쿠라 세븐즈',
    'zh-CN': '樱花七星',
    'zh-TW': '櫻花七星',
    'fil-PH': 'Sakura Sevens',
    'vi-VN': 'Sakura Sevens',
  },
  volatility: 'low',
  rtpBasisPoints: 9600,
  stakes: betsPerLine.map((bet) => bet * paylines.length),
  maxWinMultiplier,
  play: (seeds: RoundSeeds, stake: number) => playSlotRound(seeds, betPerLineOf(sakuraSevensLines, stake)),
  outcome: linesOutcomeSchema(sakuraSevensLines),
  rules,
};
