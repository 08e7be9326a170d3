/**
 * A pachinko title from its definition: the engine's play and outcome schema, and the rules the
 * paytable screen shows, with every number filled in from the same data (docs/games.md §3).
 */
import type { RoundSeeds } from '../provably-fair';
import {
  type ModeKind,
  maxRoundWin,
  type PachinkoMachine,
  type PachinkoRoundResult,
  pachinkoOutcome,
  playPachinkoRound,
  stakesOf,
} from './pachinko';
import type { LocalText, Title, TitleInfo, TitleRules } from './title';

export interface PachinkoTitle extends Title<PachinkoRoundResult> {
  machine: PachinkoMachine;
  rules: TitleRules;
}

const lanesText: LocalText = {
  'ja-JP':
    '玉は1個1コイン。各玉は{{lanes}}本のレーンのどれかに等しい確率で入ります：{{startLanes}}本はスタートチャッカー、{{prizeLanes}}本は{{prizePay}}コインの入賞口、残りはアウトです。',
  'en-US':
    'Each ball costs 1 coin and lands in one of {{lanes}} equally likely lanes: {{startLanes}} lead to the start pocket, {{prizeLanes}} to prize pockets paying {{prizePay}} coins, the rest out.',
  'ko-KR':
    '구슬 1개는 1코인입니다. 각 구슬은 같은 확률로 {{lanes}}개 레인 중 하나에 들어갑니다: {{startLanes}}개는 스타트 포켓, {{prizeLanes}}개는 {{prizePay}}코인을 주는 입상구, 나머지는 아웃입니다.',
  'zh-CN':
    '每颗珠子1枚硬币，等概率落入{{lanes}}条通道之一：{{startLanes}}条通往启动口，{{prizeLanes}}条通往奖励口（{{prizePay}}枚硬币），其余出局。',
  'zh-TW':
    '每顆珠子1枚硬幣，等機率落入{{lanes}}條通道之一：{{startLanes}}條通往啟動口，{{prizeLanes}}條通往獎勵口（{{prizePay}}枚硬幣），其餘出局。',
  'fil-PH':
    'Bawat bola ay 1 coin at pumapasok sa isa sa {{lanes}} lane na pantay ang tsansa: {{startLanes}} papunta sa start pocket, {{prizeLanes}} sa prize pocket na nagbabayad ng {{prizePay}} coin, ang iba ay out.',
  'vi-VN':
    'Mỗi bi giá 1 xu và rơi vào một trong {{lanes}} làn với xác suất như nhau: {{startLanes}} làn vào cửa khởi động, {{prizeLanes}} làn vào cửa thưởng trả {{prizePay}} xu, còn lại ra ngoài.',
};

const lotteryText: LocalText = {
  'ja-JP':
    'スタートチャッカーに入った玉で液晶の抽選が回ります。通常時の大当たり確率は1/{{normalOdds}}、大当たりは{{jackpotPay}}コイン。図柄は左・右・中の順に止まり、大当たりは3つ揃い、左右が揃うとリーチです。リーチ演出（ノーマル・スーパー・プレミアム）ごとに大当たりの期待度が違います。',
  'en-US':
    'A ball in the start pocket spins the display: in normal mode 1 in {{normalOdds}} spins is a jackpot paying {{jackpotPay}} coins. The digits stop left, right, then middle; a jackpot shows three of a kind, and matching left and right digits are a reach. Each reach presentation (normal, super, premium) has its own jackpot odds.',
  'ko-KR':
    '스타트 포켓에 들어간 구슬로 액정 추첨이 돕니다. 통상 시 대당첨 확률은 1/{{normalOdds}}, 대당첨은 {{jackpotPay}}코인입니다. 도안은 왼쪽, 오른쪽, 가운데 순으로 멈추며, 대당첨은 세 개가 같고, 좌우가 같으면 리치입니다. 리치 연출(노멀·슈퍼·프리미엄)마다 대당첨 확률이 다릅니다.',
  'zh-CN':
    '进入启动口的珠子会转动液晶抽奖：普通模式下大奖概率为1/{{normalOdds}}，大奖支付{{jackpotPay}}枚硬币。图案按左、右、中的顺序停止；大奖为三个相同，左右相同即为听牌。每种听牌演出（普通、超级、至尊）的大奖概率各不相同。',
  'zh-TW':
    '進入啟動口的珠子會轉動液晶抽獎：一般模式下大獎機率為1/{{normalOdds}}，大獎支付{{jackpotPay}}枚硬幣。圖案按左、右、中的順序停止；大獎為三個相同，左右相同即為聽牌。每種聽牌演出（普通、超級、至尊）的大獎機率各不相同。',
  'fil-PH':
    'Ang bolang pumasok sa start pocket ay nagpapaikot sa display: sa normal mode, 1 sa {{normalOdds}} na ikot ay jackpot na nagbabayad ng {{jackpotPay}} coin. Humihinto ang mga numero sa kaliwa, kanan, saka gitna; ang jackpot ay tatlong magkapareho, at ang magkaparehong kaliwa at kanan ay reach. Iba-iba ang tsansa ng jackpot sa bawat reach presentation (normal, super, premium).',
  'vi-VN':
    'Bi vào cửa khởi động sẽ quay màn hình: ở chế độ thường, 1 trên {{normalOdds}} lượt quay là jackpot trả {{jackpotPay}} xu. Các số dừng theo thứ tự trái, phải, rồi giữa; jackpot là ba số giống nhau, hai số trái và phải giống nhau là reach. Mỗi kiểu reach (thường, super, premium) có xác suất jackpot riêng.',
};

const modeTexts: Readonly<Record<Exclude<ModeKind, 'normal'>, LocalText>> = {
  kakuhen: {
    'ja-JP': '確変：次の大当たりまで大当たり確率が1/{{kakuhenOdds}}に上がります。',
    'en-US': 'Probability boost (確変): jackpot odds of 1 in {{kakuhenOdds}} until the next jackpot.',
    'ko-KR': '확변: 다음 대당첨까지 대당첨 확률이 1/{{kakuhenOdds}}로 올라갑니다.',
    'zh-CN': '确变：直到下一次大奖，大奖概率提高到1/{{kakuhenOdds}}。',
    'zh-TW': '確變：直到下一次大獎，大獎機率提高到1/{{kakuhenOdds}}。',
    'fil-PH': 'Probability boost (確変): 1 sa {{kakuhenOdds}} ang tsansa ng jackpot hanggang sa susunod na jackpot.',
    'vi-VN': 'Tăng xác suất (確変): xác suất jackpot 1 trên {{kakuhenOdds}} cho đến jackpot tiếp theo.',
  },
  jitan: {
    'ja-JP': '時短：通常の確率のまま{{jitanSpins}}回転、電チューが玉を返します。',
    'en-US': 'Time saver (時短): normal odds for {{jitanSpins}} spins, fed by the electric tulip.',
    'ko-KR': '시단: 통상 확률 그대로 {{jitanSpins}}회전, 전동 튤립이 구슬을 돌려줍니다.',
    'zh-CN': '时短：以普通概率进行{{jitanSpins}}次转动，由电动郁金香返还珠子。',
    'zh-TW': '時短：以一般機率進行{{jitanSpins}}次轉動，由電動鬱金香返還珠子。',
    'fil-PH': 'Time saver (時短): normal na tsansa sa {{jitanSpins}} ikot, pinapakain ng electric tulip.',
    'vi-VN': 'Rút ngắn (時短): xác suất thường trong {{jitanSpins}} lượt quay, do hoa tulip điện trả bi.',
  },
  st: {
    'ja-JP': 'ST：{{stSpins}}回転の間、大当たり確率が1/{{stOdds}}に上がります。',
    'en-US': 'ST: jackpot odds of 1 in {{stOdds}} for {{stSpins}} spins.',
    'ko-KR': 'ST: {{stSpins}}회전 동안 대당첨 확률이 1/{{stOdds}}로 올라갑니다.',
    'zh-CN': 'ST：在{{stSpins}}次转动内，大奖概率提高到1/{{stOdds}}。',
    'zh-TW': 'ST：在{{stSpins}}次轉動內，大獎機率提高到1/{{stOdds}}。',
    'fil-PH': 'ST: 1 sa {{stOdds}} ang tsansa ng jackpot sa loob ng {{stSpins}} ikot.',
    'vi-VN': 'ST: xác suất jackpot 1 trên {{stOdds}} trong {{stSpins}} lượt quay.',
  },
};

const rushText: LocalText = {
  'ja-JP':
    '大当たりのたびに振り分けで次のモードが決まります。ラッシュは同じラウンドの中で最後まで消化され、電チューが玉を返すので追加のコインはかかりません。1ラウンドで払い出す大当たりは最大{{cap}}回で、そこでラッシュは終わります。',
  'en-US':
    'Each jackpot draws the mode that follows. The rush is played to its end within the same round at no extra cost: the electric tulip returns the balls. A round pays at most {{cap}} jackpots; the rush ends there.',
  'ko-KR':
    '대당첨마다 배분 추첨으로 다음 모드가 정해집니다. 러시는 같은 라운드 안에서 끝까지 진행되며, 전동 튤립이 구슬을 돌려주므로 추가 코인이 들지 않습니다. 한 라운드의 대당첨은 최대 {{cap}}회이며, 거기서 러시가 끝납니다.',
  'zh-CN':
    '每次大奖都会抽选接下来的模式。冲刺在同一回合内进行到底，电动郁金香返还珠子，不再花费硬币。每回合最多支付{{cap}}次大奖，冲刺到此结束。',
  'zh-TW':
    '每次大獎都會抽選接下來的模式。衝刺在同一回合內進行到底，電動鬱金香返還珠子，不再花費硬幣。每回合最多支付{{cap}}次大獎，衝刺到此結束。',
  'fil-PH':
    'Bawat jackpot ay bumubunot ng susunod na mode. Nilalaro ang rush hanggang dulo sa parehong round nang walang dagdag na bayad: ibinabalik ng electric tulip ang mga bola. Hanggang {{cap}} jackpot lang ang binabayaran ng isang round; doon nagtatapos ang rush.',
  'vi-VN':
    'Mỗi jackpot rút chế độ tiếp theo. Rush được chơi đến hết trong cùng vòng mà không tốn thêm: hoa tulip điện trả lại bi. Một vòng trả tối đa {{cap}} jackpot; rush kết thúc tại đó.',
};

const prizeName: LocalText = {
  'ja-JP': '入賞口',
  'en-US': 'Prize pocket',
  'ko-KR': '입상구',
  'zh-CN': '奖励口',
  'zh-TW': '獎勵口',
  'fil-PH': 'Prize pocket',
  'vi-VN': 'Cửa thưởng',
};

const jackpotName: LocalText = {
  'ja-JP': '大当たり',
  'en-US': 'Jackpot',
  'ko-KR': '대당첨',
  'zh-CN': '大奖',
  'zh-TW': '大獎',
  'fil-PH': 'Jackpot',
  'vi-VN': 'Jackpot',
};

function rulesOf(machine: PachinkoMachine): TitleRules {
  const { modes } = machine;
  const timed = Object.keys(modeTexts) as Exclude<ModeKind, 'normal'>[];
  return {
    paytable: [
      { symbol: 'prize', name: prizeName, pays: [{ count: 1, pay: machine.prizePay }], unit: 'coins' },
      { symbol: 'jackpot', name: jackpotName, pays: [{ count: 1, pay: machine.jackpotPay }], unit: 'coins' },
    ],
    paragraphs: [
      lanesText,
      lotteryText,
      ...timed.filter((kind) => modes[kind]).map((kind) => modeTexts[kind]),
      rushText,
    ],
    values: {
      lanes: machine.lanes.range,
      startLanes: machine.lanes.start,
      prizeLanes: machine.lanes.prize,
      prizePay: machine.prizePay,
      jackpotPay: machine.jackpotPay,
      cap: machine.roundJackpotCap,
      normalOdds: modes.normal.odds,
      ...(modes.kakuhen ? { kakuhenOdds: modes.kakuhen.odds } : {}),
      ...(modes.jitan?.spins ? { jitanSpins: modes.jitan.spins } : {}),
      ...(modes.st ? { stOdds: modes.st.odds, stSpins: modes.st.spins ?? 0 } : {}),
    },
  };
}

type PachinkoInfo = Omit<TitleInfo, 'kind' | 'mechanic' | 'stakes' | 'maxWinMultiplier'>;

/** The title of a definition: stakes and the largest win (at the smallest round) follow from the data. */
export function pachinkoTitle(info: PachinkoInfo, machine: PachinkoMachine): PachinkoTitle {
  const smallest = Math.min(...machine.balls);
  return {
    ...info,
    kind: 'pachinko',
    mechanic: 'pachinko',
    stakes: stakesOf(machine),
    maxWinMultiplier: maxRoundWin(machine, smallest) / smallest,
    machine,
    rules: rulesOf(machine),
    play: (seeds: RoundSeeds, stake: number) => playPachinkoRound(machine, seeds, stake),
    outcome: pachinkoOutcome,
  };
}
