/**
 * Jewel Cascade (docs/games.md §20): a 5 × 3 grid of jewels paying anywhere by count, winning jewels
 * cleared and refilled, each cascade at a doubled multiplier up to the fourth.
 */
import { type CascadeDefinition, type CascadeSymbol, cascadeTitle } from '../engine/cascade';
import type { LocalText, PaytableRow } from '../engine/title';

// Pays in tenths of the stake: 6 to 7, 8 to 9, and 10 or more of a jewel anywhere.
const jewels: readonly (CascadeSymbol & { name: LocalText })[] = [
  {
    id: 'diamond',
    weight: 2,
    pays: [
      { count: 6, pay: 20 },
      { count: 8, pay: 100 },
      { count: 10, pay: 1000 },
    ],
    name: {
      'ja-JP': 'ダイヤモンド',
      'en-US': 'Diamond',
      'ko-KR': '다이아몬드',
      'zh-CN': '钻石',
      'zh-TW': '鑽石',
      'fil-PH': 'Diyamante',
      'vi-VN': 'Kim cương',
    },
  },
  {
    id: 'ruby',
    weight: 3,
    pays: [
      { count: 6, pay: 10 },
      { count: 8, pay: 40 },
      { count: 10, pay: 300 },
    ],
    name: {
      'ja-JP': 'ルビー',
      'en-US': 'Ruby',
      'ko-KR': '루비',
      'zh-CN': '红宝石',
      'zh-TW': '紅寶石',
      'fil-PH': 'Rubi',
      'vi-VN': 'Hồng ngọc',
    },
  },
  {
    id: 'sapphire',
    weight: 4,
    pays: [
      { count: 6, pay: 4 },
      { count: 8, pay: 12 },
      { count: 10, pay: 80 },
    ],
    name: {
      'ja-JP': 'サファイア',
      'en-US': 'Sapphire',
      'ko-KR': '사파이어',
      'zh-CN': '蓝宝石',
      'zh-TW': '藍寶石',
      'fil-PH': 'Sapiro',
      'vi-VN': 'Lam ngọc',
    },
  },
  {
    id: 'emerald',
    weight: 5,
    pays: [
      { count: 6, pay: 2 },
      { count: 8, pay: 8 },
      { count: 10, pay: 35 },
    ],
    name: {
      'ja-JP': 'エメラルド',
      'en-US': 'Emerald',
      'ko-KR': '에메랄드',
      'zh-CN': '祖母绿',
      'zh-TW': '祖母綠',
      'fil-PH': 'Esmeralda',
      'vi-VN': 'Ngọc lục bảo',
    },
  },
  {
    id: 'topaz',
    weight: 6,
    pays: [
      { count: 6, pay: 1 },
      { count: 8, pay: 4 },
      { count: 10, pay: 15 },
    ],
    name: {
      'ja-JP': 'トパーズ',
      'en-US': 'Topaz',
      'ko-KR': '토파즈',
      'zh-CN': '黄玉',
      'zh-TW': '黃玉',
      'fil-PH': 'Topaz',
      'vi-VN': 'Hoàng ngọc',
    },
  },
];

const definition: CascadeDefinition = {
  reels: 5,
  rows: 3,
  unitsPerStake: 10,
  multipliers: [1, 2, 4, 8, 16],
  symbols: jewels,
};

const anywhere: LocalText = {
  'ja-JP': '数以上がどこに出ても配当',
  'en-US': 'that many or more anywhere',
  'ko-KR': '그 개수 이상이 어디에 나와도 당첨',
  'zh-CN': '任意位置出现该数量或以上即派彩',
  'zh-TW': '任意位置出現該數量或以上即派彩',
  'fil-PH': 'ganoon karami o higit pa kahit saan',
  'vi-VN': 'từ số đó trở lên ở bất kỳ đâu',
};

const paytable: PaytableRow[] = jewels.map((symbol) => ({
  symbol: symbol.id,
  name: symbol.name,
  pays: symbol.pays.map((row) => ({ count: row.count, pay: row.pay / definition.unitsPerStake })),
  unit: 'totalBet',
  note: anywhere,
}));

const [, m1, m2, m3, m4] = definition.multipliers;

export const jewelCascadeTitle = cascadeTitle(
  {
    code: 'jewel-cascade',
    name: 'Jewel Cascade',
    names: {
      'ja-JP': 'ジュエル・カスケード',
      'en-US': 'Jewel Cascade',
      'ko-KR': '주얼 캐스케이드',
      'zh-CN': '宝石瀑布',
      'zh-TW': '寶石瀑布',
      'fil-PH': 'Jewel Cascade',
      'vi-VN': 'Thác Đá Quý',
    },
    volatility: 'medium',
    // The exact RTP is 96.0533…% (docs/games.md §20); stated to two decimals.
    rtpBasisPoints: 9605,
    stakes: [10, 20, 50, 100, 200, 500],
    // 15 diamonds in the spin and in every cascade: 100 × (1 + 2 + 4 + 8 + 16).
    maxWinMultiplier: 3100,
  },
  definition,
  {
    paytable,
    values: {
      cells: definition.reels * definition.rows,
      least: 6,
      cascades: definition.multipliers.length - 1,
      m1: m1 ?? 0,
      m2: m2 ?? 0,
      m3: m3 ?? 0,
      m4: m4 ?? 0,
    },
    paragraphs: [
      {
        'ja-JP':
          '{{cells}}マス(5リール×3段)の宝石はマスごとに抽選されます。同じ宝石が{{least}}個以上、どこに出ても配当になります。配当はすべて合計ベットの倍数で、ワイルドとフリースピンはありません。',
        'en-US':
          'Each of the {{cells}} cells (5 reels × 3 rows) is drawn on its own. {{least}} or more of the same jewel anywhere pay. Pays are multiples of the total bet; there is no wild and there are no free spins.',
        'ko-KR':
          '{{cells}}칸(5릴 × 3줄)의 보석은 칸마다 따로 추첨됩니다. 같은 보석이 {{least}}개 이상이면 어디에 있어도 당첨입니다. 배당은 모두 총 베팅의 배수이며 와일드와 프리 스핀은 없습니다.',
        'zh-CN':
          '{{cells}}格(5轴×3行)中的每一格都单独抽取。同一种宝石在任意位置出现{{least}}个或以上即派彩。派彩均为总投注的倍数，没有百搭，也没有免费旋转。',
        'zh-TW':
          '{{cells}}格(5軸×3列)中的每一格都單獨抽取。同一種寶石在任意位置出現{{least}}個或以上即派彩。派彩均為總投注的倍數，沒有百搭，也沒有免費旋轉。',
        'fil-PH':
          'Bawat isa sa {{cells}} na cell (5 reel × 3 row) ay binubunot nang hiwalay. Nananalo ang {{least}} o higit pang parehong hiyas kahit saan. Ang mga premyo ay multiple ng kabuuang taya; walang wild at walang free spins.',
        'vi-VN':
          'Mỗi ô trong {{cells}} ô (5 cuộn × 3 hàng) được rút riêng. Từ {{least}} viên đá quý giống nhau trở lên ở bất kỳ đâu là thắng. Tiền thắng là bội số của tổng cược; không có wild và không có free spins.',
      },
      {
        'ja-JP':
          '当たった宝石は消え、残った宝石が下に落ち、空いたマスに新しい宝石が入ります(カスケード)。カスケードごとに倍率が上がります:1回目×{{m1}}、2回目×{{m2}}、3回目×{{m3}}、4回目×{{m4}}。当たりがなくなるか、{{cascades}}回目のカスケードの配当で1回のスピンが終わります。',
        'en-US':
          'Winning jewels vanish, the others fall and new jewels drop into the gaps: a cascade. Each cascade pays at a higher multiplier: ×{{m1}} for the first, ×{{m2}}, ×{{m3}}, then ×{{m4}} for the fourth. The spin ends when a window wins nothing or once cascade {{cascades}} has paid.',
        'ko-KR':
          '당첨된 보석은 사라지고 남은 보석이 아래로 떨어지며 빈칸에 새 보석이 들어옵니다(캐스케이드). 캐스케이드마다 배율이 오릅니다: 첫 번째 ×{{m1}}, ×{{m2}}, ×{{m3}}, 네 번째 ×{{m4}}. 당첨이 없거나 {{cascades}}번째 캐스케이드의 배당이 끝나면 스핀이 끝납니다.',
        'zh-CN':
          '中奖的宝石消失，其余宝石落下，新宝石落入空格：这就是连消。每次连消的倍数更高：第1次×{{m1}}，然后×{{m2}}、×{{m3}}，第4次×{{m4}}。画面不再中奖或第{{cascades}}次连消派彩后，本次旋转结束。',
        'zh-TW':
          '中獎的寶石消失，其餘寶石落下，新寶石落入空格：這就是連消。每次連消的倍數更高：第1次×{{m1}}，然後×{{m2}}、×{{m3}}，第4次×{{m4}}。畫面不再中獎或第{{cascades}}次連消派彩後，本次旋轉結束。',
        'fil-PH':
          'Nawawala ang mga nanalong hiyas, bumababa ang iba at may bagong hiyas na pumupuno sa mga puwang: isang cascade. Mas mataas ang multiplier sa bawat cascade: ×{{m1}} sa una, ×{{m2}}, ×{{m3}}, at ×{{m4}} sa ikaapat. Tapos ang spin kapag walang panalo o kapag nabayaran na ang cascade {{cascades}}.',
        'vi-VN':
          'Đá quý thắng biến mất, đá còn lại rơi xuống và đá mới lấp chỗ trống: một lần cascade. Mỗi lần cascade trả ở hệ số cao hơn: lần đầu ×{{m1}}, rồi ×{{m2}}, ×{{m3}}, lần thứ tư ×{{m4}}. Lượt quay kết thúc khi không còn thắng hoặc sau khi cascade thứ {{cascades}} được trả.',
      },
    ],
  },
);
