/**
 * Golden Koban (docs/games.md §21): five lucky symbols paying anywhere by count on a 5 × 3 grid, and
 * koban coins with prizes in stakes: 6 or more start the respin bonus, a full grid adds the grand prize.
 */
import { type HoldAndWinDefinition, holdAndWinTitle, type PayingSymbol } from '../engine/hold-and-win';
import type { LocalText, PaytableRow } from '../engine/title';

// Pays in tenths of the stake: 6 to 7, 8 to 9, and 10 or more of a symbol anywhere.
const symbols: readonly (PayingSymbol & { name: LocalText })[] = [
  {
    id: 'koi',
    weight: 5,
    pays: [
      { count: 6, pay: 100 },
      { count: 8, pay: 300 },
      { count: 10, pay: 1500 },
    ],
    name: {
      'ja-JP': '錦鯉',
      'en-US': 'Koi',
      'ko-KR': '비단잉어',
      'zh-CN': '锦鲤',
      'zh-TW': '錦鯉',
      'fil-PH': 'Koi',
      'vi-VN': 'Cá koi',
    },
  },
  {
    id: 'daruma',
    weight: 6,
    pays: [
      { count: 6, pay: 60 },
      { count: 8, pay: 150 },
      { count: 10, pay: 800 },
    ],
    name: {
      'ja-JP': 'だるま',
      'en-US': 'Daruma',
      'ko-KR': '다루마',
      'zh-CN': '达摩不倒翁',
      'zh-TW': '達摩不倒翁',
      'fil-PH': 'Daruma',
      'vi-VN': 'Búp bê Daruma',
    },
  },
  {
    id: 'fan',
    weight: 7,
    pays: [
      { count: 6, pay: 40 },
      { count: 8, pay: 100 },
      { count: 10, pay: 500 },
    ],
    name: {
      'ja-JP': '扇子',
      'en-US': 'Fan',
      'ko-KR': '부채',
      'zh-CN': '折扇',
      'zh-TW': '折扇',
      'fil-PH': 'Pamaypay',
      'vi-VN': 'Quạt giấy',
    },
  },
  {
    id: 'lantern',
    weight: 8,
    pays: [
      { count: 6, pay: 25 },
      { count: 8, pay: 60 },
      { count: 10, pay: 300 },
    ],
    name: {
      'ja-JP': '提灯',
      'en-US': 'Lantern',
      'ko-KR': '등롱',
      'zh-CN': '灯笼',
      'zh-TW': '燈籠',
      'fil-PH': 'Parol',
      'vi-VN': 'Đèn lồng',
    },
  },
  {
    id: 'bell',
    weight: 9,
    pays: [
      { count: 6, pay: 12 },
      { count: 8, pay: 40 },
      { count: 10, pay: 200 },
    ],
    name: {
      'ja-JP': '鈴',
      'en-US': 'Bell',
      'ko-KR': '방울',
      'zh-CN': '铃铛',
      'zh-TW': '鈴鐺',
      'fil-PH': 'Kampanilya',
      'vi-VN': 'Chuông',
    },
  },
];

const definition: HoldAndWinDefinition = {
  reels: 5,
  rows: 3,
  unitsPerStake: 10,
  symbols,
  coin: { id: 'koban', weight: 5 },
  coinValues: [
    { value: 1, weight: 50 },
    { value: 2, weight: 25 },
    { value: 5, weight: 15 },
    { value: 10, weight: 7 },
    { value: 50, weight: 3 },
  ],
  trigger: 6,
  respins: 3,
  respin: { coin: 1, blank: 14, id: 'blank' },
  grandPrize: 1000,
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

const paytable: PaytableRow[] = [
  ...symbols.map((symbol) => ({
    symbol: symbol.id,
    name: symbol.name,
    pays: symbol.pays.map((row) => ({ count: row.count, pay: row.pay / definition.unitsPerStake })),
    unit: 'totalBet' as const,
    note: anywhere,
  })),
  {
    symbol: definition.coin.id,
    name: {
      'ja-JP': '小判',
      'en-US': 'Koban coin',
      'ko-KR': '고반 금화',
      'zh-CN': '小判金币',
      'zh-TW': '小判金幣',
      'fil-PH': 'Koban na barya',
      'vi-VN': 'Đồng koban',
    },
    pays: definition.coinValues.map((entry) => ({ count: 1, pay: entry.value })),
    unit: 'totalBet',
    note: {
      'ja-JP': '{{trigger}}枚以上でボーナス。表示の賞金(合計ベットの倍数)をボーナスの最後に配当',
      'en-US': '{{trigger}} or more start the bonus; each pays its prize, in total bets, when the bonus ends',
      'ko-KR': '{{trigger}}개 이상이면 보너스. 보너스가 끝날 때 표시된 상금(총 베팅의 배수)을 지급',
      'zh-CN': '{{trigger}}枚或以上触发奖励；奖励结束时按显示的奖金(总投注的倍数)派彩',
      'zh-TW': '{{trigger}}枚或以上觸發獎勵；獎勵結束時按顯示的獎金(總投注的倍數)派彩',
      'fil-PH':
        '{{trigger}} o higit pa ang nagsisimula ng bonus; binabayaran ang premyo nito, sa kabuuang taya, sa dulo ng bonus',
      'vi-VN':
        'Từ {{trigger}} đồng trở lên mở bonus; mỗi đồng trả giải thưởng của nó (bội số tổng cược) khi bonus kết thúc',
    },
  },
];

export const goldenKobanTitle = holdAndWinTitle(
  {
    code: 'golden-koban',
    name: 'Golden Koban',
    names: {
      'ja-JP': '黄金の小判',
      'en-US': 'Golden Koban',
      'ko-KR': '골든 고반',
      'zh-CN': '黄金小判',
      'zh-TW': '黃金小判',
      'fil-PH': 'Golden Koban',
      'vi-VN': 'Koban Vàng',
    },
    volatility: 'high',
    // The exact RTP is 96.2809…% (docs/games.md §21); stated to two decimals.
    rtpBasisPoints: 9628,
    stakes: [10, 20, 50, 100, 200, 500],
    // Nine koi (30 ×) beside six koban, then all 15 cells at 50 × and the grand prize of 1,000 ×.
    maxWinMultiplier: 1780,
  },
  definition,
  {
    paytable,
    values: {
      cells: definition.reels * definition.rows,
      least: 6,
      trigger: definition.trigger,
      respins: definition.respins,
      grand: definition.grandPrize,
    },
    paragraphs: [
      {
        'ja-JP':
          '{{cells}}マス(5リール×3段)はマスごとに抽選されます。同じ絵柄が{{least}}個以上、どこに出ても配当になります。小判には賞金が表示され、{{trigger}}枚以上出るとリスピンボーナスが始まります。',
        'en-US':
          'Each of the {{cells}} cells (5 reels × 3 rows) is drawn on its own. {{least}} or more of the same symbol anywhere pay. Every koban coin shows a prize; {{trigger}} or more koban start the respin bonus.',
        'ko-KR':
          '{{cells}}칸(5릴 × 3줄)은 칸마다 따로 추첨됩니다. 같은 심볼이 {{least}}개 이상이면 어디에 있어도 당첨입니다. 고반 금화에는 상금이 표시되며 {{trigger}}개 이상이면 리스핀 보너스가 시작됩니다.',
        'zh-CN':
          '{{cells}}格(5轴×3行)中的每一格都单独抽取。同一图案在任意位置出现{{least}}个或以上即派彩。每枚小判显示一个奖金，出现{{trigger}}枚或以上即开始重转奖励。',
        'zh-TW':
          '{{cells}}格(5軸×3列)中的每一格都單獨抽取。同一圖案在任意位置出現{{least}}個或以上即派彩。每枚小判顯示一個獎金，出現{{trigger}}枚或以上即開始重轉獎勵。',
        'fil-PH':
          'Bawat isa sa {{cells}} na cell (5 reel × 3 row) ay binubunot nang hiwalay. Nananalo ang {{least}} o higit pang parehong simbolo kahit saan. May premyo ang bawat koban; {{trigger}} o higit pang koban ang nagsisimula ng respin bonus.',
        'vi-VN':
          'Mỗi ô trong {{cells}} ô (5 cuộn × 3 hàng) được rút riêng. Từ {{least}} biểu tượng giống nhau trở lên ở bất kỳ đâu là thắng. Mỗi đồng koban có một giải thưởng; từ {{trigger}} đồng koban trở lên sẽ mở bonus respin.',
      },
      {
        'ja-JP':
          'ボーナスでは小判が固定され、残りのマスが{{respins}}回リスピンします。新しい小判が出るたびに固定され、リスピンは{{respins}}回に戻ります。リスピンがなくなるか全マスが埋まると、固定された小判の賞金をすべて配当します。',
        'en-US':
          'In the bonus the koban hold and the other cells respin, {{respins}} respins to start. Every new koban holds too and sets the respins back to {{respins}}. When the respins run out or every cell is filled, every held koban pays its prize.',
        'ko-KR':
          '보너스에서는 고반이 고정되고 나머지 칸이 {{respins}}번 리스핀합니다. 새 고반이 나올 때마다 고정되고 리스핀은 {{respins}}번으로 돌아갑니다. 리스핀이 끝나거나 모든 칸이 채워지면 고정된 고반의 상금을 모두 지급합니다.',
        'zh-CN':
          '奖励中小判固定，其余格子重转，起始{{respins}}次。每出现新的小判即固定，重转次数回到{{respins}}次。重转用完或所有格子填满时，派发所有固定小判的奖金。',
        'zh-TW':
          '獎勵中小判固定，其餘格子重轉，起始{{respins}}次。每出現新的小判即固定，重轉次數回到{{respins}}次。重轉用完或所有格子填滿時，派發所有固定小判的獎金。',
        'fil-PH':
          'Sa bonus, nananatili ang mga koban at nagre-respin ang ibang cell, {{respins}} respin sa simula. Nananatili rin ang bawat bagong koban at bumabalik sa {{respins}} ang mga respin. Kapag naubos ang respin o napuno ang lahat ng cell, binabayaran ng bawat koban ang premyo nito.',
        'vi-VN':
          'Trong bonus, các đồng koban được giữ lại và các ô còn lại quay lại, bắt đầu với {{respins}} lượt respin. Mỗi đồng koban mới cũng được giữ và đưa số lượt respin về {{respins}}. Khi hết lượt respin hoặc mọi ô đã đầy, mỗi đồng koban được giữ trả giải thưởng của nó.',
      },
      {
        'ja-JP':
          '全{{cells}}マスが小判で埋まると、賞金に加えてグランド賞金(合計ベットの{{grand}}倍)を配当します。ボーナスは1回のスピンの中で終わり、次のスピンには持ち越しません。',
        'en-US':
          'Filling all {{cells}} cells with koban pays the grand prize, {{grand}} × the total bet, on top of the prizes. The bonus ends within the spin that started it; nothing carries over.',
        'ko-KR':
          '{{cells}}칸을 모두 고반으로 채우면 상금에 더해 그랜드 상금(총 베팅의 {{grand}}배)을 지급합니다. 보너스는 시작된 스핀 안에서 끝나며 다음 스핀으로 넘어가지 않습니다.',
        'zh-CN':
          '全部{{cells}}格都由小判填满时，除奖金外再派发大奖(总投注的{{grand}}倍)。奖励在触发它的旋转内结束，不会延续到下一次旋转。',
        'zh-TW':
          '全部{{cells}}格都由小判填滿時，除獎金外再派發大獎(總投注的{{grand}}倍)。獎勵在觸發它的旋轉內結束，不會延續到下一次旋轉。',
        'fil-PH':
          'Kapag napuno ng koban ang lahat ng {{cells}} na cell, babayaran ang grand prize, {{grand}} × ang kabuuang taya, bukod sa mga premyo. Natatapos ang bonus sa loob ng spin na nagsimula nito; walang naiiwan.',
        'vi-VN':
          'Lấp đầy cả {{cells}} ô bằng koban trả thêm giải lớn, {{grand}} × tổng cược, ngoài các giải thưởng. Bonus kết thúc ngay trong lượt quay đã mở nó; không có gì chuyển sang lượt sau.',
      },
    ],
  },
);
