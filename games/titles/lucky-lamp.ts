/**
 * Lucky Lamp, an A-type pachislot (docs/games.md §41): BIG and REG only, no assist mode, and a
 * 告知 lamp that lights at lever-on in the game a bonus is granted and stays lit until it is aligned.
 * The 設定 moves the bonus odds and, a little, the bell's.
 */
import { type PachislotMachine, pachislotTitle } from '../engine/pachislot';
import type { Strips } from '../engine/pachislot-reels';
import { pachislotRules } from '../engine/pachislot-rules';
import type { LocalText } from '../engine/title';

// biome-ignore format: one strip per line, frame 0 first, as in the table of docs/games.md
const strips: Strips = [
  ['seven', 'replay', 'bell', 'cherry', 'suika', 'replay', 'bell', 'bar', 'cherry', 'replay', 'bell', 'suika', 'bell', 'replay', 'bell', 'cherry', 'suika', 'replay', 'bell', 'replay', 'bar'],
  ['replay', 'seven', 'bell', 'suika', 'replay', 'cherry', 'bell', 'bar', 'replay', 'suika', 'bell', 'cherry', 'replay', 'bell', 'bell', 'suika', 'replay', 'replay', 'bell', 'bar', 'cherry'],
  ['replay', 'seven', 'bell', 'bar', 'replay', 'suika', 'bell', 'cherry', 'replay', 'replay', 'bell', 'suika', 'replay', 'bell', 'bell', 'bar', 'replay', 'cherry', 'bell', 'suika', 'replay'],
];

const bonusPays = { bell: 15 };

const machine: PachislotMachine = {
  strips,
  lamp: true,
  bonusGames: { big: 24, reg: 8 },
  modes: {
    normal: {
      assist: false,
      pays: { replay: 3, bell: 8, suika: 6, cherry: 2 },
      lottery: [
        { id: 'big', bonus: 'big', weights: [214, 219, 226, 236, 250, 270] },
        { id: 'cherryBig', role: 'cherry', bonus: 'big', weights: [18, 18, 19, 20, 21, 22] },
        { id: 'reg', bonus: 'reg', weights: [132, 146, 168, 196, 226, 268] },
        { id: 'cherryReg', role: 'cherry', bonus: 'reg', weights: [16, 18, 20, 22, 24, 26] },
        { id: 'replay', role: 'replay', weights: [8978, 8978, 8978, 8978, 8978, 8978] },
        { id: 'bell', role: 'bell', weights: [10700, 10760, 10820, 10900, 10980, 11100] },
        { id: 'suika', role: 'suika', weights: [420, 420, 420, 420, 420, 420] },
        { id: 'cherry', role: 'cherry', weights: [1800, 1800, 1800, 1800, 1800, 1800] },
      ],
    },
    big: {
      assist: false,
      pays: bonusPays,
      lottery: [{ id: 'bell', role: 'bell', weights: [58982, 58982, 58982, 58982, 58982, 58982] }],
    },
    reg: {
      assist: false,
      pays: bonusPays,
      lottery: [{ id: 'bell', role: 'bell', weights: [62259, 62259, 62259, 62259, 62259, 62259] }],
    },
  },
};

const lampRule: LocalText = {
  'ja-JP':
    'ボーナスが当選すると、そのゲームのレバーオンでランプが点灯し、揃うまで点いたままです。点灯したら7を狙ってください。',
  'en-US':
    "When a bonus is granted, the lamp lights at that game's lever-on and stays lit until the bonus is aligned: aim for the 7s.",
  'ko-KR': '보너스가 당첨되면 그 게임의 레버 온에서 램프가 켜지고 맞출 때까지 켜져 있습니다. 켜지면 7을 노리세요.',
  'zh-CN': '奖励中选时，该局拉杆时灯会亮起，直到对齐为止一直亮着。灯亮时请瞄准7。',
  'zh-TW': '獎勵中選時，該局拉桿時燈會亮起，直到對齊為止一直亮著。燈亮時請瞄準7。',
  'fil-PH':
    'Kapag napanalunan ang bonus, sisindi ang lampara sa lever-on ng larong iyon at mananatiling nakasindi hanggang maihanay: tutukan ang mga 7.',
  'vi-VN': 'Khi trúng bonus, đèn sáng lúc kéo cần của lượt đó và sáng đến khi bonus được xếp: hãy nhắm vào số 7.',
};

export const luckyLampTitle = pachislotTitle({
  code: 'lucky-lamp',
  name: 'Lucky Lamp',
  names: {
    'ja-JP': 'ラッキーランプ',
    'en-US': 'Lucky Lamp',
    'ko-KR': '럭키 램프',
    'zh-CN': '幸运灯',
    'zh-TW': '幸運燈',
    'fil-PH': 'Lucky Lamp',
    'vi-VN': 'Lucky Lamp',
  },
  volatility: 'low',
  rtpBasisPoints: 9716,
  rtpBasisPointsBySetting: [9716, 9863, 10076, 10353, 10679, 11125],
  rtpNoAimBasisPointsBySetting: [8452, 8529, 8634, 8765, 8913, 9107],
  machine,
  rules: pachislotRules(machine, [lampRule]),
});
