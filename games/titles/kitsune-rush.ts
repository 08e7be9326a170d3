/**
 * Kitsune Rush, an ART pachislot (docs/games.md §42): smaller bonuses, and an assisted replay time
 * (ART) of 40 games after every BIG, or of 30 games from a スイカ that draws the ART flag. In ART the
 * page is shown the granted role at lever-on, and replays and bells come in most games; no bonus is
 * drawn there. The 設定 moves the bonus odds and the スイカ's ART flag.
 */
import { type PachislotMachine, pachislotTitle } from '../engine/pachislot';
import type { Strips } from '../engine/pachislot-reels';
import { pachislotRules } from '../engine/pachislot-rules';
import type { LocalText } from '../engine/title';

// biome-ignore format: one strip per line, frame 0 first, as in the table of docs/games.md
const strips: Strips = [
  ['replay', 'cherry', 'bell', 'seven', 'replay', 'suika', 'bell', 'cherry', 'replay', 'bar', 'bell', 'suika', 'replay', 'bell', 'bell', 'cherry', 'replay', 'suika', 'bell', 'replay', 'bar'],
  ['bell', 'suika', 'replay', 'seven', 'bell', 'cherry', 'replay', 'bar', 'bell', 'suika', 'replay', 'seven', 'bell', 'cherry', 'replay', 'suika', 'bell', 'replay', 'replay', 'bar', 'cherry'],
  ['bell', 'replay', 'bar', 'suika', 'bell', 'replay', 'seven', 'cherry', 'bell', 'replay', 'suika', 'bell', 'replay', 'bar', 'cherry', 'bell', 'replay', 'suika', 'bell', 'replay', 'cherry'],
];

const artGames = { afterBig: 40, fromSuika: 30 };
const basePays = { replay: 3, bell: 8, suika: 6, cherry: 2 };
const bonusPays = { bell: 15 };

const machine: PachislotMachine = {
  strips,
  lamp: false,
  bonusGames: { big: 16, reg: 8 },
  modes: {
    normal: {
      assist: false,
      pays: basePays,
      lottery: [
        { id: 'big', bonus: 'big', weights: [186, 191, 199, 211, 226, 246] },
        { id: 'cherryBig', role: 'cherry', bonus: 'big', weights: [12, 12, 13, 14, 15, 16] },
        { id: 'reg', bonus: 'reg', weights: [120, 128, 138, 150, 164, 182] },
        {
          id: 'suikaArt',
          role: 'suika',
          entry: { mode: 'art', games: artGames.fromSuika },
          weights: [80, 90, 104, 122, 144, 172],
        },
        { id: 'replay', role: 'replay', weights: [8978, 8978, 8978, 8978, 8978, 8978] },
        { id: 'bell', role: 'bell', weights: [10923, 10923, 10923, 10923, 10923, 10923] },
        { id: 'suika', role: 'suika', weights: [380, 380, 380, 380, 380, 380] },
        { id: 'cherry', role: 'cherry', weights: [1800, 1800, 1800, 1800, 1800, 1800] },
      ],
    },
    big: {
      assist: false,
      pays: bonusPays,
      lottery: [{ id: 'bell', role: 'bell', weights: [58982, 58982, 58982, 58982, 58982, 58982] }],
      after: { mode: 'art', games: artGames.afterBig },
    },
    reg: {
      assist: false,
      pays: bonusPays,
      lottery: [{ id: 'bell', role: 'bell', weights: [62259, 62259, 62259, 62259, 62259, 62259] }],
    },
    art: {
      assist: true,
      pays: basePays,
      lottery: [
        { id: 'replay', role: 'replay', weights: [28000, 28000, 28000, 28000, 28000, 28000] },
        { id: 'bell', role: 'bell', weights: [34000, 34000, 34000, 34000, 34000, 34000] },
        { id: 'suika', role: 'suika', weights: [400, 400, 400, 400, 400, 400] },
        { id: 'cherry', role: 'cherry', weights: [1800, 1800, 1800, 1800, 1800, 1800] },
      ],
    },
  },
};

const artRule: LocalText = {
  'ja-JP':
    'BIGのあとは{{artAfterBig}}ゲームのART、ART抽選に当たったスイカからは{{artFromSuika}}ゲームのART。ART中は当選役が表示され、リプレイとベルがよく揃います。ART中はボーナスを抽選しません。',
  'en-US':
    'A BIG is followed by an ART of {{artAfterBig}} games, and a Watermelon that wins the ART draw starts one of {{artFromSuika}} games. In ART the granted role is shown and replays and bells come often; no bonus is drawn during ART.',
  'ko-KR':
    'BIG 후에는 {{artAfterBig}}게임의 ART, ART 추첨에 당첨된 수박에서는 {{artFromSuika}}게임의 ART. ART 중에는 당첨 역이 표시되고 리플레이와 벨이 자주 맞습니다. ART 중에는 보너스를 추첨하지 않습니다.',
  'zh-CN':
    'BIG之后是{{artAfterBig}}局的ART，中了ART抽选的西瓜开始{{artFromSuika}}局的ART。ART中会显示中选的役，重玩和铃铛经常对齐；ART中不抽选奖励。',
  'zh-TW':
    'BIG之後是{{artAfterBig}}局的ART，中了ART抽選的西瓜開始{{artFromSuika}}局的ART。ART中會顯示中選的役，重玩和鈴鐺經常對齊；ART中不抽選獎勵。',
  'fil-PH':
    'Pagkatapos ng BIG ay may ART na {{artAfterBig}} laro, at ang Pakwan na nanalo sa ART draw ay nagsisimula ng ART na {{artFromSuika}} laro. Sa ART, ipinapakita ang napanalunang role at madalas ang replay at kampana; walang bonus na binubunot sa ART.',
  'vi-VN':
    'Sau BIG là ART {{artAfterBig}} lượt, và Dưa hấu trúng lượt rút ART mở ART {{artFromSuika}} lượt. Trong ART vai trúng được hiển thị, chơi lại và chuông đến thường xuyên; không rút bonus trong ART.',
};

export const kitsuneRushTitle = pachislotTitle({
  code: 'kitsune-rush',
  name: 'Kitsune Rush',
  names: {
    'ja-JP': 'キツネラッシュ',
    'en-US': 'Kitsune Rush',
    'ko-KR': '키츠네 러시',
    'zh-CN': '狐狸冲刺',
    'zh-TW': '狐狸衝刺',
    'fil-PH': 'Kitsune Rush',
    'vi-VN': 'Kitsune Rush',
  },
  volatility: 'low',
  rtpBasisPoints: 9758,
  rtpBasisPointsBySetting: [9758, 9879, 10062, 10304, 10588, 10940],
  rtpNoAimBasisPointsBySetting: [9091, 9181, 9316, 9492, 9695, 9941],
  machine,
  rules: pachislotRules(machine, [artRule], { artAfterBig: artGames.afterBig, artFromSuika: artGames.fromSuika }),
});
