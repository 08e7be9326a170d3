/**
 * Tsukimi Replay, a bonus-and-RT pachislot (docs/games.md §43): every bonus is followed by a replay
 * time (RT) of 50 games in which replays come in about two games of three, so the player keeps
 * playing on few coins; no bonus is drawn during RT. チェリー shares its flag with a bonus more often
 * than on the other titles. The 設定 moves the bonus odds.
 */
import { type PachislotMachine, pachislotTitle } from '../engine/pachislot';
import type { Strips } from '../engine/pachislot-reels';
import { pachislotRules } from '../engine/pachislot-rules';
import type { LocalText } from '../engine/title';

// biome-ignore format: one strip per line, frame 0 first, as in the table of docs/games.md
const strips: Strips = [
  ['bar', 'replay', 'bell', 'replay', 'suika', 'cherry', 'bell', 'replay', 'bell', 'suika', 'bell', 'replay', 'cherry', 'bar', 'bell', 'replay', 'suika', 'cherry', 'bell', 'replay', 'seven'],
  ['seven', 'bar', 'bell', 'replay', 'replay', 'suika', 'bell', 'bell', 'replay', 'cherry', 'bell', 'suika', 'replay', 'bar', 'bell', 'cherry', 'replay', 'suika', 'bell', 'seven', 'replay'],
  ['replay', 'suika', 'bell', 'cherry', 'replay', 'bar', 'bell', 'bell', 'replay', 'suika', 'bell', 'replay', 'replay', 'cherry', 'bell', 'suika', 'replay', 'bar', 'bell', 'seven', 'replay'],
];

const rtGames = 50;
const basePays = { replay: 3, bell: 8, suika: 6, cherry: 2 };
const bonusPays = { bell: 15 };

const machine: PachislotMachine = {
  strips,
  lamp: false,
  bonusGames: { big: 20, reg: 10 },
  modes: {
    normal: {
      assist: false,
      pays: basePays,
      lottery: [
        { id: 'big', bonus: 'big', weights: [170, 176, 185, 198, 214, 238] },
        { id: 'cherryBig', role: 'cherry', bonus: 'big', weights: [40, 41, 43, 45, 48, 52] },
        { id: 'reg', bonus: 'reg', weights: [120, 132, 148, 170, 198, 234] },
        { id: 'cherryReg', role: 'cherry', bonus: 'reg', weights: [30, 32, 35, 38, 42, 46] },
        { id: 'replay', role: 'replay', weights: [8978, 8978, 8978, 8978, 8978, 8978] },
        { id: 'bell', role: 'bell', weights: [10923, 10923, 10923, 10923, 10923, 10923] },
        { id: 'suika', role: 'suika', weights: [420, 420, 420, 420, 420, 420] },
        { id: 'cherry', role: 'cherry', weights: [1800, 1800, 1800, 1800, 1800, 1800] },
      ],
    },
    big: {
      assist: false,
      pays: bonusPays,
      lottery: [{ id: 'bell', role: 'bell', weights: [60000, 60000, 60000, 60000, 60000, 60000] }],
      after: { mode: 'rt', games: rtGames },
    },
    reg: {
      assist: false,
      pays: bonusPays,
      lottery: [{ id: 'bell', role: 'bell', weights: [62259, 62259, 62259, 62259, 62259, 62259] }],
      after: { mode: 'rt', games: rtGames },
    },
    rt: {
      assist: false,
      pays: basePays,
      lottery: [
        { id: 'replay', role: 'replay', weights: [43690, 43690, 43690, 43690, 43690, 43690] },
        { id: 'bell', role: 'bell', weights: [10923, 10923, 10923, 10923, 10923, 10923] },
        { id: 'suika', role: 'suika', weights: [420, 420, 420, 420, 420, 420] },
        { id: 'cherry', role: 'cherry', weights: [1800, 1800, 1800, 1800, 1800, 1800] },
      ],
    },
  },
};

const rtRule: LocalText = {
  'ja-JP': 'ボーナスのあとは{{rtGames}}ゲームのRT。RT中はおよそ3ゲームに2回リプレイが揃い、ボーナスは抽選しません。',
  'en-US':
    'Every bonus is followed by an RT of {{rtGames}} games, in which a replay comes in about two games of three; no bonus is drawn during RT.',
  'ko-KR': '보너스 후에는 {{rtGames}}게임의 RT. RT 중에는 약 3게임에 2번 리플레이가 맞고, 보너스는 추첨하지 않습니다.',
  'zh-CN': '每次奖励之后是{{rtGames}}局的RT。RT中大约每3局有2局对齐重玩，不抽选奖励。',
  'zh-TW': '每次獎勵之後是{{rtGames}}局的RT。RT中大約每3局有2局對齊重玩，不抽選獎勵。',
  'fil-PH':
    'Bawat bonus ay sinusundan ng RT na {{rtGames}} laro, kung saan may replay sa halos dalawa sa bawat tatlong laro; walang bonus na binubunot sa RT.',
  'vi-VN':
    'Sau mỗi bonus là RT {{rtGames}} lượt, trong đó khoảng hai trên ba lượt có chơi lại; không rút bonus trong RT.',
};

export const tsukimiReplayTitle = pachislotTitle({
  code: 'tsukimi-replay',
  name: 'Tsukimi Replay',
  names: {
    'ja-JP': '月見リプレイ',
    'en-US': 'Tsukimi Replay',
    'ko-KR': '츠키미 리플레이',
    'zh-CN': '赏月重玩',
    'zh-TW': '賞月重玩',
    'fil-PH': 'Tsukimi Replay',
    'vi-VN': 'Tsukimi Replay',
  },
  volatility: 'low',
  rtpBasisPoints: 9757,
  rtpBasisPointsBySetting: [9757, 9890, 10077, 10317, 10603, 10965],
  rtpNoAimBasisPointsBySetting: [8926, 9014, 9136, 9288, 9465, 9681],
  machine,
  rules: pachislotRules(machine, [rtRule], { rtGames }),
});
