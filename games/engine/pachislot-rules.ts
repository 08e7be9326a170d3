/**
 * The paytable and rule paragraphs every pachislot title shows (docs/games.md §40), built from the
 * title's own data so the screen and the machine cannot disagree; a title adds its own paragraphs.
 */
import { coinsPerGame, modeOf, type PachislotMachine } from './pachislot';
import { maxSlip, type Role, rolePatterns, type SmallRole, smallRoles } from './pachislot-reels';
import type { LocalText, PaytableRow, TitleRules } from './title';

export const roleNames: Readonly<Record<Role, LocalText>> = {
  big: {
    'ja-JP': 'BIGボーナス',
    'en-US': 'BIG bonus',
    'ko-KR': 'BIG 보너스',
    'zh-CN': 'BIG奖励',
    'zh-TW': 'BIG獎勵',
    'fil-PH': 'BIG bonus',
    'vi-VN': 'BIG bonus',
  },
  reg: {
    'ja-JP': 'REGボーナス',
    'en-US': 'REG bonus',
    'ko-KR': 'REG 보너스',
    'zh-CN': 'REG奖励',
    'zh-TW': 'REG獎勵',
    'fil-PH': 'REG bonus',
    'vi-VN': 'REG bonus',
  },
  replay: {
    'ja-JP': 'リプレイ',
    'en-US': 'Replay',
    'ko-KR': '리플레이',
    'zh-CN': '重玩',
    'zh-TW': '重玩',
    'fil-PH': 'Replay',
    'vi-VN': 'Chơi lại',
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
  suika: {
    'ja-JP': 'スイカ',
    'en-US': 'Watermelon',
    'ko-KR': '수박',
    'zh-CN': '西瓜',
    'zh-TW': '西瓜',
    'fil-PH': 'Pakwan',
    'vi-VN': 'Dưa hấu',
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
};

const inBonusGames = (pay: number): LocalText => ({
  'ja-JP': `ボーナス中は${pay}枚`,
  'en-US': `${pay} coins in bonus games`,
  'ko-KR': `보너스 중 ${pay}매`,
  'zh-CN': `奖励中${pay}枚`,
  'zh-TW': `獎勵中${pay}枚`,
  'fil-PH': `${pay} coin sa bonus games`,
  'vi-VN': `${pay} xu trong lượt bonus`,
});

function paytableRow(machine: PachislotMachine, role: SmallRole): PaytableRow {
  const count = rolePatterns[role].filter((symbol) => symbol !== null).length;
  const bonusPay = modeOf(machine, 'big').pays[role];
  const normalPay = machine.modes.normal.pays[role] ?? 0;
  return {
    symbol: role,
    name: roleNames[role],
    pays: [{ count, pay: normalPay }],
    unit: 'coins',
    ...(bonusPay !== undefined && bonusPay !== normalPay ? { note: inBonusGames(bonusPay) } : {}),
  };
}

const commonParagraphs: readonly LocalText[] = [
  {
    'ja-JP':
      '1ゲーム{{coins}}枚。レバーオンの内部抽選で役が決まり、リールは最大{{slip}}コマすべって当選役を揃え、当選していない役は揃いません。リプレイは{{coins}}枚を戻します。',
    'en-US':
      'A game costs {{coins}} coins. The lottery at lever-on decides the role; each reel slips up to {{slip}} frames to align a granted role and never aligns one not granted. A replay returns the {{coins}} coins.',
    'ko-KR':
      '1게임 {{coins}}매. 레버 온의 내부 추첨으로 역이 정해지고, 릴은 최대 {{slip}}코마 미끄러져 당첨 역을 맞추며 당첨되지 않은 역은 맞지 않습니다. 리플레이는 {{coins}}매를 돌려줍니다.',
    'zh-CN':
      '每局{{coins}}枚。拉杆时的内部抽选决定役，转轴最多滑动{{slip}}格以对齐中选的役，未中选的役不会对齐。重玩返还{{coins}}枚。',
    'zh-TW':
      '每局{{coins}}枚。拉桿時的內部抽選決定役，轉軸最多滑動{{slip}}格以對齊中選的役，未中選的役不會對齊。重玩返還{{coins}}枚。',
    'fil-PH':
      'Ang isang laro ay {{coins}} coin. Ang lottery sa lever-on ang nagpapasya ng role; dumudulas ang bawat reel nang hanggang {{slip}} frame para ihanay ang napanalunang role at hindi kailanman ang hindi napanalunan. Ibinabalik ng replay ang {{coins}} coin.',
    'vi-VN':
      'Mỗi lượt {{coins}} xu. Xổ số khi kéo cần quyết định vai; mỗi cuộn trượt tối đa {{slip}} ô để xếp vai trúng và không bao giờ xếp vai không trúng. Chơi lại trả lại {{coins}} xu.',
  },
  {
    'ja-JP': 'BIGは{{bigGames}}ゲーム、REGは{{regGames}}ゲーム。当選したボーナスは揃うまで次のゲームへ持ち越されます。',
    'en-US':
      'A BIG lasts {{bigGames}} games, a REG {{regGames}} games. A granted bonus carries over to the next games until it is aligned.',
    'ko-KR': 'BIG은 {{bigGames}}게임, REG는 {{regGames}}게임. 당첨된 보너스는 맞출 때까지 다음 게임으로 이월됩니다.',
    'zh-CN': 'BIG为{{bigGames}}局，REG为{{regGames}}局。中选的奖励会保留到之后的局，直到对齐为止。',
    'zh-TW': 'BIG為{{bigGames}}局，REG為{{regGames}}局。中選的獎勵會保留到之後的局，直到對齊為止。',
    'fil-PH':
      'Ang BIG ay {{bigGames}} laro, ang REG ay {{regGames}} laro. Ang napanalunang bonus ay dala-dala sa mga susunod na laro hanggang maihanay.',
    'vi-VN':
      'BIG kéo dài {{bigGames}} lượt, REG {{regGames}} lượt. Bonus đã trúng được giữ sang các lượt sau cho đến khi xếp được.',
  },
];

/** The title's rules: the paytable from its pays, the common paragraphs, then its own. */
export function pachislotRules(
  machine: PachislotMachine,
  own: readonly LocalText[],
  values: Readonly<Record<string, number>> = {},
): TitleRules {
  return {
    paytable: smallRoles.map((role) => paytableRow(machine, role)),
    paragraphs: [...commonParagraphs, ...own],
    values: {
      coins: coinsPerGame,
      slip: maxSlip,
      bigGames: machine.bonusGames.big,
      regGames: machine.bonusGames.reg,
      ...values,
    },
  };
}
