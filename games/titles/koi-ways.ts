/**
 * Koi Ways, the studio's 243-ways slot (docs/games.md §11): five strips of 29, three rows, every
 * symbol paying for each way it makes from reel 1 on any row, a wild on reels 2–4 and a scatter
 * paying anywhere. The stake is 25 coins times a multiplier and pays are whole coins per way at
 * 25 coins, so every win is whole.
 */
import type { LocalText, PaytableRow, Title, TitleRules } from '../engine/title';
import { playWays, type WaysGame, type WaysOutcome, waysOutcomeSchema } from '../engine/ways';
import type { RoundSeeds } from '../provably-fair';

export type KoiSymbol = 'koi' | 'lotus' | 'lantern' | 'fan' | 'ace' | 'king' | 'queen' | 'jack' | 'wild' | 'scatter';
export type KoiOutcome = WaysOutcome<KoiSymbol>;

// biome-ignore format: one strip per line, as in the table of docs/games.md
export const koiStrips: readonly (readonly KoiSymbol[])[] = [
  ['jack', 'fan', 'lantern', 'scatter', 'queen', 'lotus', 'lotus', 'jack', 'lantern', 'ace', 'fan', 'jack', 'ace', 'king', 'lantern', 'koi', 'jack', 'king', 'lotus', 'queen', 'koi', 'queen', 'queen', 'ace', 'king', 'jack', 'ace', 'fan', 'king'],
  ['queen', 'fan', 'ace', 'koi', 'lantern', 'fan', 'fan', 'lotus', 'lantern', 'ace', 'king', 'jack', 'ace', 'king', 'king', 'wild', 'queen', 'ace', 'lotus', 'lantern', 'scatter', 'king', 'jack', 'jack', 'queen', 'jack', 'queen', 'koi', 'lotus'],
  ['wild', 'lantern', 'lotus', 'koi', 'king', 'queen', 'queen', 'king', 'queen', 'king', 'lantern', 'scatter', 'jack', 'fan', 'queen', 'ace', 'jack', 'lotus', 'jack', 'koi', 'fan', 'jack', 'fan', 'ace', 'ace', 'lotus', 'lantern', 'king', 'ace'],
  ['queen', 'king', 'jack', 'ace', 'wild', 'ace', 'fan', 'jack', 'koi', 'lotus', 'fan', 'lantern', 'king', 'lotus', 'king', 'lotus', 'jack', 'queen', 'king', 'koi', 'scatter', 'jack', 'queen', 'lantern', 'lantern', 'ace', 'fan', 'ace', 'queen'],
  ['lantern', 'jack', 'lotus', 'ace', 'jack', 'koi', 'lotus', 'fan', 'koi', 'queen', 'scatter', 'fan', 'lotus', 'king', 'ace', 'queen', 'jack', 'king', 'jack', 'king', 'queen', 'ace', 'king', 'fan', 'ace', 'lantern', 'lantern', 'jack', 'queen'],
];

/** Coins per way at the 25-coin stake, for runs over 3, 4 and 5 reels from reel 1. */
export const koiPays: Readonly<Record<Exclude<KoiSymbol, 'wild' | 'scatter'>, Readonly<Record<number, number>>>> = {
  koi: { 3: 25, 4: 150, 5: 1000 },
  lotus: { 3: 20, 4: 80, 5: 400 },
  lantern: { 3: 15, 4: 50, 5: 200 },
  fan: { 3: 12, 4: 40, 5: 150 },
  ace: { 3: 8, 4: 25, 5: 100 },
  king: { 3: 7, 4: 20, 5: 80 },
  queen: { 3: 5, 4: 15, 5: 60 },
  jack: { 3: 5, 4: 12, 5: 50 },
};

export const koiWaysGame: WaysGame<KoiSymbol> = {
  strips: koiStrips,
  rows: 3,
  pays: koiPays,
  wild: 'wild',
  scatter: { symbol: 'scatter', pays: { 3: 2, 4: 10, 5: 100 } },
  baseStake: 25,
  multipliers: [1, 2, 4, 10, 20, 40],
};

/** The largest win of one round ÷ its stake (3,210 coins at 25), as the exact walk finds it. */
const maxWinMultiplier = 128.4;

const names: Readonly<Record<KoiSymbol, LocalText>> = {
  koi: {
    'ja-JP': '錦鯉',
    'en-US': 'Koi',
    'ko-KR': '비단잉어',
    'zh-CN': '锦鲤',
    'zh-TW': '錦鯉',
    'fil-PH': 'Koi',
    'vi-VN': 'Cá koi',
  },
  lotus: {
    'ja-JP': '蓮',
    'en-US': 'Lotus',
    'ko-KR': '연꽃',
    'zh-CN': '莲花',
    'zh-TW': '蓮花',
    'fil-PH': 'Lotus',
    'vi-VN': 'Hoa sen',
  },
  lantern: {
    'ja-JP': '提灯',
    'en-US': 'Lantern',
    'ko-KR': '등롱',
    'zh-CN': '灯笼',
    'zh-TW': '燈籠',
    'fil-PH': 'Parol',
    'vi-VN': 'Đèn lồng',
  },
  fan: {
    'ja-JP': '扇子',
    'en-US': 'Fan',
    'ko-KR': '부채',
    'zh-CN': '折扇',
    'zh-TW': '摺扇',
    'fil-PH': 'Pamaypay',
    'vi-VN': 'Quạt',
  },
  ace: { 'ja-JP': 'A', 'en-US': 'A', 'ko-KR': 'A', 'zh-CN': 'A', 'zh-TW': 'A', 'fil-PH': 'A', 'vi-VN': 'A' },
  king: { 'ja-JP': 'K', 'en-US': 'K', 'ko-KR': 'K', 'zh-CN': 'K', 'zh-TW': 'K', 'fil-PH': 'K', 'vi-VN': 'K' },
  queen: { 'ja-JP': 'Q', 'en-US': 'Q', 'ko-KR': 'Q', 'zh-CN': 'Q', 'zh-TW': 'Q', 'fil-PH': 'Q', 'vi-VN': 'Q' },
  jack: { 'ja-JP': 'J', 'en-US': 'J', 'ko-KR': 'J', 'zh-CN': 'J', 'zh-TW': 'J', 'fil-PH': 'J', 'vi-VN': 'J' },
  wild: {
    'ja-JP': '波ワイルド',
    'en-US': 'Wave Wild',
    'ko-KR': '파도 와일드',
    'zh-CN': '浪花百搭',
    'zh-TW': '浪花百搭',
    'fil-PH': 'Wave Wild',
    'vi-VN': 'Wild sóng',
  },
  scatter: {
    'ja-JP': '小判',
    'en-US': 'Gold Koban',
    'ko-KR': '금화 코반',
    'zh-CN': '金币小判',
    'zh-TW': '金幣小判',
    'fil-PH': 'Gintong Koban',
    'vi-VN': 'Tiền vàng Koban',
  },
};

const paytable: PaytableRow[] = [
  ...Object.entries(koiPays).map(([symbol, pays]) => ({
    symbol,
    name: names[symbol as KoiSymbol],
    pays: Object.entries(pays).map(([count, pay]) => ({ count: Number(count), pay })),
    unit: 'coins' as const,
  })),
  {
    symbol: 'wild',
    name: names.wild,
    pays: [],
    unit: 'coins',
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
    name: names.scatter,
    pays: Object.entries(koiWaysGame.scatter?.pays ?? {}).map(([count, pay]) => ({ count: Number(count), pay })),
    unit: 'totalBet',
  },
];

const rules: TitleRules = {
  paytable,
  values: { ways: 243, baseStake: koiWaysGame.baseStake, maxWin: maxWinMultiplier },
  paragraphs: [
    {
      'ja-JP':
        '5リール・3段の{{ways}}ウェイズ。左端のリールから隣り合うリールに同じ図柄が3つ以上続けば、段の位置に関係なく配当です。',
      'en-US':
        'Five reels, three rows, {{ways}} ways: the same symbol on adjacent reels from the leftmost, on any row, pays from 3 reels.',
      'ko-KR':
        '5릴 3행 {{ways}}웨이즈. 가장 왼쪽 릴부터 이웃한 릴에 같은 심볼이 3개 이상 이어지면 행 위치와 관계없이 당첨입니다.',
      'zh-CN': '5轴3行，{{ways}}路。从最左轴起相邻各轴出现相同符号达3轴或以上即派彩，不论所在行。',
      'zh-TW': '5軸3列，{{ways}}路。從最左軸起相鄰各軸出現相同符號達3軸或以上即派彩，不論所在列。',
      'fil-PH':
        'Limang reel, tatlong hanay, {{ways}} ways: nagbabayad ang parehong simbolo sa magkakatabing reel mula sa pinakakaliwa, sa anumang hanay, mula 3 reel.',
      'vi-VN':
        'Năm cuộn, ba hàng, {{ways}} cách thắng: cùng một biểu tượng trên các cuộn liền kề từ cuộn trái, ở hàng bất kỳ, trả thưởng từ 3 cuộn.',
    },
    {
      'ja-JP':
        '配当は賭け金{{baseStake}}コインあたりの1ウェイの配当×ウェイ数です。ウェイ数は各リールでその図柄（またはワイルド）が出ている数の積です。賭け金を増やすと配当も同じ倍率で増えます。',
      'en-US':
        'A win pays its coins per way at a {{baseStake}}-coin bet times its ways, the product of how many times each reel shows the symbol (or the wild). A bigger bet scales every pay alike.',
      'ko-KR':
        '당첨은 {{baseStake}}코인 베팅 기준 1웨이 당첨 × 웨이 수입니다. 웨이 수는 각 릴에 그 심볼(또는 와일드)이 나온 개수의 곱입니다. 베팅을 올리면 당첨도 같은 배율로 커집니다.',
      'zh-CN':
        '奖金为 {{baseStake}} 枚投注时每路的奖金 × 路数；路数为各轴出现该符号（或百搭）个数的乘积。提高投注，所有奖金按同一倍数增加。',
      'zh-TW':
        '獎金為 {{baseStake}} 枚投注時每路的獎金 × 路數；路數為各軸出現該符號（或百搭）個數的乘積。提高投注，所有獎金按同一倍數增加。',
      'fil-PH':
        'Ang panalo ay ang coins bawat way sa taya na {{baseStake}} coins × ang dami ng ways, ang produkto ng bilang ng simbolo (o wild) sa bawat reel. Sa mas malaking taya, lumalaki nang pareho ang lahat ng panalo.',
      'vi-VN':
        'Tiền thắng là số xu mỗi cách ở mức cược {{baseStake}} xu nhân số cách thắng, tích số lần mỗi cuộn hiện biểu tượng (hoặc wild). Cược lớn hơn thì mọi giải tăng theo cùng tỉ lệ.',
    },
    {
      'ja-JP':
        '小判は画面のどこに出ても、出た数に応じて賭け金の倍数で支払われます。フリースピンはなく、1スピンの最大配当は賭け金の{{maxWin}}倍です。',
      'en-US':
        'Gold Kobans pay anywhere in the window, by how many show, in multiples of the bet. There are no free spins; one spin wins at most {{maxWin}} × its bet.',
      'ko-KR':
        '코반은 화면 어디에 나와도 개수에 따라 베팅의 배수로 지급됩니다. 프리 스핀은 없으며 1스핀의 최대 당첨은 베팅의 {{maxWin}}배입니다.',
      'zh-CN': '小判出现在画面任何位置，按数量以投注的倍数派彩。没有免费旋转；每次旋转最多赢得投注的 {{maxWin}} 倍。',
      'zh-TW': '小判出現在畫面任何位置，按數量以投注的倍數派彩。沒有免費旋轉；每次旋轉最多贏得投注的 {{maxWin}} 倍。',
      'fil-PH':
        'Nagbabayad ang Koban kahit saan sa window, ayon sa dami, sa multiple ng taya. Walang free spins; hanggang {{maxWin}} × ng taya ang pinakamalaking panalo sa isang spin.',
      'vi-VN':
        'Koban trả thưởng ở bất kỳ vị trí nào theo số lượng, bằng bội số tiền cược. Không có vòng quay miễn phí; mỗi lượt quay thắng tối đa {{maxWin}} × tiền cược.',
    },
  ],
};

export const koiWaysTitle: Title<KoiOutcome> & { rules: TitleRules } = {
  code: 'koi-ways',
  kind: 'slot',
  mechanic: 'ways',
  name: 'Koi Ways',
  names: {
    'ja-JP': '錦鯉ウェイズ',
    'en-US': 'Koi Ways',
    'ko-KR': '비단잉어 웨이즈',
    'zh-CN': '锦鲤243路',
    'zh-TW': '錦鯉243路',
    'fil-PH': 'Koi Ways',
    'vi-VN': 'Koi Ways',
  },
  volatility: 'medium',
  rtpBasisPoints: 9596,
  stakes: koiWaysGame.multipliers.map((multiplier) => multiplier * koiWaysGame.baseStake),
  maxWinMultiplier,
  play: (seeds: RoundSeeds, stake: number) => playWays(koiWaysGame, seeds, stake),
  outcome: waysOutcomeSchema(koiWaysGame),
  rules,
};
