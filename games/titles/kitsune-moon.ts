/**
 * Kitsune Moon (docs/games.md §22): five reels of 20 paying 243 ways, the moon wild on reels 2 to 4,
 * and foxfire scatters awarding free spins at ×2 that retrigger up to 50 free spins a round.
 */
import { type FreeSpinsDefinition, freeSpinsTitle } from '../engine/free-spins';
import type { LocalText, PaytableRow } from '../engine/title';

// biome-ignore format: one strip per line, as in the table of docs/games.md
const strips: readonly (readonly string[])[] = [
  ['torii', 'kitsune', 'ume', 'mask', 'lantern', 'ume', 'maple', 'mask', 'ume', 'lantern', 'torii', 'maple', 'kitsune', 'lantern', 'ume', 'maple', 'mask', 'foxfire', 'ume', 'maple'],
  ['maple', 'ume', 'kitsune', 'mask', 'moon', 'torii', 'ume', 'maple', 'lantern', 'moon', 'ume', 'maple', 'lantern', 'ume', 'mask', 'lantern', 'torii', 'maple', 'mask', 'foxfire'],
  ['maple', 'mask', 'lantern', 'maple', 'mask', 'ume', 'maple', 'lantern', 'ume', 'moon', 'torii', 'mask', 'maple', 'moon', 'kitsune', 'ume', 'torii', 'lantern', 'ume', 'foxfire'],
  ['ume', 'lantern', 'maple', 'ume', 'kitsune', 'mask', 'lantern', 'maple', 'torii', 'ume', 'mask', 'moon', 'maple', 'torii', 'ume', 'foxfire', 'mask', 'lantern', 'moon', 'maple'],
  ['foxfire', 'lantern', 'mask', 'kitsune', 'ume', 'torii', 'maple', 'ume', 'torii', 'mask', 'maple', 'ume', 'lantern', 'maple', 'mask', 'ume', 'lantern', 'kitsune', 'ume', 'maple'],
];

const definition: FreeSpinsDefinition = {
  strips,
  rows: 3,
  unitsPerStake: 20,
  // Per way, in twentieths of the stake, for 3, 4 and 5 reels.
  pays: {
    kitsune: [4, 12, 60],
    torii: [3, 8, 30],
    mask: [2, 6, 20],
    lantern: [1, 4, 15],
    maple: [1, 2, 8],
    ume: [1, 1, 4],
  },
  wild: 'moon',
  scatter: 'foxfire',
  scatterPays: { 3: 40, 4: 200, 5: 1000 },
  awards: { 3: 8, 4: 12, 5: 20 },
  freeSpinMultiplier: 2,
  maxFreeSpins: 50,
};

const names: Readonly<Record<string, LocalText>> = {
  kitsune: {
    'ja-JP': '狐',
    'en-US': 'Kitsune',
    'ko-KR': '여우',
    'zh-CN': '灵狐',
    'zh-TW': '靈狐',
    'fil-PH': 'Kitsune',
    'vi-VN': 'Cáo thần',
  },
  torii: {
    'ja-JP': '鳥居',
    'en-US': 'Torii gate',
    'ko-KR': '도리이',
    'zh-CN': '鸟居',
    'zh-TW': '鳥居',
    'fil-PH': 'Torii',
    'vi-VN': 'Cổng torii',
  },
  mask: {
    'ja-JP': '狐面',
    'en-US': 'Fox mask',
    'ko-KR': '여우 가면',
    'zh-CN': '狐狸面具',
    'zh-TW': '狐狸面具',
    'fil-PH': 'Maskara ng soro',
    'vi-VN': 'Mặt nạ cáo',
  },
  lantern: {
    'ja-JP': '灯籠',
    'en-US': 'Stone lantern',
    'ko-KR': '석등',
    'zh-CN': '石灯笼',
    'zh-TW': '石燈籠',
    'fil-PH': 'Batong parol',
    'vi-VN': 'Đèn đá',
  },
  maple: {
    'ja-JP': '紅葉',
    'en-US': 'Maple leaf',
    'ko-KR': '단풍잎',
    'zh-CN': '红叶',
    'zh-TW': '紅葉',
    'fil-PH': 'Dahon ng maple',
    'vi-VN': 'Lá phong',
  },
  ume: {
    'ja-JP': '梅',
    'en-US': 'Plum blossom',
    'ko-KR': '매화',
    'zh-CN': '梅花',
    'zh-TW': '梅花',
    'fil-PH': 'Bulaklak ng plum',
    'vi-VN': 'Hoa mơ',
  },
};

const perWay: LocalText = {
  'ja-JP': '1ウェイあたり、合計ベットの倍数。第1リールから連続するリールに出れば配当',
  'en-US': 'Per way, in total bets, on adjacent reels from reel 1',
  'ko-KR': '웨이당, 총 베팅의 배수. 1번째 릴부터 이어진 릴에 나오면 당첨',
  'zh-CN': '每条路线，按总投注的倍数；从第1轴起连续出现即派彩',
  'zh-TW': '每條路線，按總投注的倍數；從第1軸起連續出現即派彩',
  'fil-PH': 'Bawat way, sa kabuuang taya, sa magkakatabing reel mula reel 1',
  'vi-VN': 'Mỗi way, theo tổng cược, trên các cuộn liền kề từ cuộn 1',
};

const inStakes = (units: number) => units / definition.unitsPerStake;

const paytable: PaytableRow[] = [
  ...Object.entries(definition.pays).map(([symbol, pays]) => ({
    symbol,
    name: names[symbol] ?? perWay,
    pays: pays.map((pay, index) => ({ count: index + 3, pay: inStakes(pay) })),
    unit: 'totalBet' as const,
    note: perWay,
  })),
  {
    symbol: definition.wild,
    name: {
      'ja-JP': '月',
      'en-US': 'Moon',
      'ko-KR': '달',
      'zh-CN': '月亮',
      'zh-TW': '月亮',
      'fil-PH': 'Buwan',
      'vi-VN': 'Trăng',
    },
    pays: [],
    unit: 'totalBet',
    note: {
      'ja-JP': '第2〜第4リールのみ。スキャッター以外のすべての絵柄の代わりになり、それ自体の配当はありません',
      'en-US': 'Reels 2 to 4 only. Stands for every symbol but the scatter; pays nothing of its own',
      'ko-KR': '2~4번째 릴에만 나옵니다. 스캐터를 제외한 모든 심볼을 대신하며 자체 배당은 없습니다',
      'zh-CN': '仅出现在第2至第4轴。可替代除分散图案外的所有图案，本身不派彩',
      'zh-TW': '僅出現在第2至第4軸。可替代除分散圖案外的所有圖案，本身不派彩',
      'fil-PH': 'Sa reel 2 hanggang 4 lamang. Pumapalit sa lahat ng simbolo maliban sa scatter; walang sariling premyo',
      'vi-VN': 'Chỉ ở cuộn 2 đến 4. Thay cho mọi biểu tượng trừ scatter; tự nó không trả thưởng',
    },
  },
  {
    symbol: definition.scatter,
    name: {
      'ja-JP': '狐火',
      'en-US': 'Foxfire',
      'ko-KR': '여우불',
      'zh-CN': '狐火',
      'zh-TW': '狐火',
      'fil-PH': 'Apoy ng soro',
      'vi-VN': 'Lửa cáo',
    },
    pays: Object.entries(definition.scatterPays).map(([count, pay]) => ({ count: Number(count), pay: inStakes(pay) })),
    unit: 'totalBet',
    note: {
      'ja-JP': 'どこに出ても配当(合計ベットの倍数)。3個以上でフリースピン',
      'en-US': 'Pays anywhere, in total bets; 3 or more award free spins',
      'ko-KR': '어디에 나와도 배당(총 베팅의 배수). 3개 이상이면 프리 스핀',
      'zh-CN': '任意位置派彩(总投注的倍数)；3个或以上赢得免费旋转',
      'zh-TW': '任意位置派彩(總投注的倍數)；3個或以上贏得免費旋轉',
      'fil-PH': 'Nananalo kahit saan, sa kabuuang taya; 3 o higit pa ay nagbibigay ng free spins',
      'vi-VN': 'Trả thưởng ở bất kỳ đâu, theo tổng cược; từ 3 trở lên tặng free spins',
    },
  },
];

export const kitsuneMoonTitle = freeSpinsTitle(
  {
    code: 'kitsune-moon',
    name: 'Kitsune Moon',
    names: {
      'ja-JP': '狐の月夜',
      'en-US': 'Kitsune Moon',
      'ko-KR': '여우 달밤',
      'zh-CN': '狐月之夜',
      'zh-TW': '狐月之夜',
      'fil-PH': 'Kitsune Moon',
      'vi-VN': 'Trăng Cáo',
    },
    volatility: 'medium',
    // The exact RTP is 96.2169…% (docs/games.md §22); stated to two decimals.
    rtpBasisPoints: 9622,
    stakes: [20, 40, 100, 200, 400, 1000],
    // The exact maximum of one spin and its free spins, by the chain (docs/games.md §22).
    maxWinMultiplier: 5156.05,
  },
  definition,
  {
    paytable,
    values: {
      award3: definition.awards[3] ?? 0,
      award4: definition.awards[4] ?? 0,
      award5: definition.awards[5] ?? 0,
      multiplier: definition.freeSpinMultiplier,
      cap: definition.maxFreeSpins,
    },
    paragraphs: [
      {
        'ja-JP':
          '5リール×3段、243ウェイ。第1リールから連続するリールに同じ絵柄が3つ以上並ぶと配当になり、各リールのその絵柄(または月)の数を掛けたウェイ数分を配当します。月は第2〜第4リールに出て、狐火以外の絵柄の代わりになります。',
        'en-US':
          '5 reels × 3 rows, 243 ways. A symbol on 3 or more adjacent reels from reel 1 pays, once for every way: the number of times it (or the moon) shows on each of those reels, multiplied. The moon stands on reels 2 to 4 and stands for every symbol but foxfire.',
        'ko-KR':
          '5릴 × 3줄, 243웨이. 1번째 릴부터 이어진 3개 이상의 릴에 같은 심볼이 나오면 당첨이며, 각 릴에 그 심볼(또는 달)이 나온 수를 곱한 웨이 수만큼 지급합니다. 달은 2~4번째 릴에 나오며 여우불을 제외한 모든 심볼을 대신합니다.',
        'zh-CN':
          '5轴×3行，243条路线。同一图案从第1轴起在连续3个或以上的轴上出现即派彩，按各轴上该图案(或月亮)出现次数相乘的路线数派彩。月亮出现在第2至第4轴，可替代除狐火外的所有图案。',
        'zh-TW':
          '5軸×3列，243條路線。同一圖案從第1軸起在連續3個或以上的軸上出現即派彩，按各軸上該圖案(或月亮)出現次數相乘的路線數派彩。月亮出現在第2至第4軸，可替代除狐火外的所有圖案。',
        'fil-PH':
          '5 reel × 3 row, 243 ways. Nananalo ang simbolong nasa 3 o higit pang magkakatabing reel mula reel 1, isang beses sa bawat way: ang dami nito (o ng buwan) sa bawat reel na iyon, pinarami. Nasa reel 2 hanggang 4 ang buwan at pumapalit ito sa lahat maliban sa foxfire.',
        'vi-VN':
          '5 cuộn × 3 hàng, 243 ways. Một biểu tượng trên 3 cuộn liền kề trở lên từ cuộn 1 là thắng, trả một lần cho mỗi way: số lần nó (hoặc trăng) xuất hiện trên mỗi cuộn đó, nhân với nhau. Trăng ở cuộn 2 đến 4 và thay cho mọi biểu tượng trừ lửa cáo.',
      },
      {
        'ja-JP':
          '狐火はどこに出ても配当し、3個で{{award3}}回、4個で{{award4}}回、5個で{{award5}}回のフリースピンを獲得します。フリースピンの配当はすべて×{{multiplier}}です。',
        'en-US':
          'Foxfire pays anywhere, and 3, 4 or 5 of them award {{award3}}, {{award4}} or {{award5}} free spins. Every win in free spins pays ×{{multiplier}}.',
        'ko-KR':
          '여우불은 어디에 나와도 배당하며 3개, 4개, 5개면 각각 {{award3}}회, {{award4}}회, {{award5}}회의 프리 스핀을 줍니다. 프리 스핀의 모든 당첨은 ×{{multiplier}}입니다.',
        'zh-CN':
          '狐火在任意位置派彩，3个、4个或5个分别赢得{{award3}}、{{award4}}或{{award5}}次免费旋转。免费旋转中的所有奖金×{{multiplier}}。',
        'zh-TW':
          '狐火在任意位置派彩，3個、4個或5個分別贏得{{award3}}、{{award4}}或{{award5}}次免費旋轉。免費旋轉中的所有獎金×{{multiplier}}。',
        'fil-PH':
          'Nananalo ang foxfire kahit saan, at ang 3, 4 o 5 nito ay nagbibigay ng {{award3}}, {{award4}} o {{award5}} na free spins. Bawat panalo sa free spins ay ×{{multiplier}}.',
        'vi-VN':
          'Lửa cáo trả thưởng ở bất kỳ đâu, và 3, 4 hoặc 5 lửa cáo tặng {{award3}}, {{award4}} hoặc {{award5}} free spins. Mọi tiền thắng trong free spins được ×{{multiplier}}.',
      },
      {
        'ja-JP':
          'フリースピン中も狐火3個以上で同じ回数が追加されます。1回のスピンで獲得できるフリースピンは合計{{cap}}回までです。フリースピンはすべてそのスピンの中で消化され、次のスピンには持ち越しません。',
        'en-US':
          'In free spins, 3 or more foxfire add the same number of free spins again, up to {{cap}} free spins in all for one spin. All free spins are played within the spin that won them; nothing carries over.',
        'ko-KR':
          '프리 스핀 중에도 여우불 3개 이상이면 같은 횟수가 추가됩니다. 한 번의 스핀에서 받을 수 있는 프리 스핀은 모두 합쳐 {{cap}}회까지입니다. 프리 스핀은 모두 그 스핀 안에서 진행되며 다음 스핀으로 넘어가지 않습니다.',
        'zh-CN':
          '免费旋转中出现3个或以上狐火会再增加相同次数，一次旋转最多共可获得{{cap}}次免费旋转。所有免费旋转都在赢得它们的旋转内进行，不会延续。',
        'zh-TW':
          '免費旋轉中出現3個或以上狐火會再增加相同次數，一次旋轉最多共可獲得{{cap}}次免費旋轉。所有免費旋轉都在贏得它們的旋轉內進行，不會延續。',
        'fil-PH':
          'Sa free spins, ang 3 o higit pang foxfire ay nagdadagdag muli ng parehong bilang, hanggang {{cap}} free spins lahat-lahat sa isang spin. Nilalaro ang lahat ng free spins sa loob ng spin na nanalo nito; walang naiiwan.',
        'vi-VN':
          'Trong free spins, từ 3 lửa cáo trở lên lại cộng thêm số lượt như vậy, tối đa {{cap}} free spins cho một lượt quay. Mọi free spins đều được chơi ngay trong lượt quay đã thắng chúng; không có gì chuyển sang lượt sau.',
      },
    ],
  },
);
