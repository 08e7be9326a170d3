import type { PachislotGame, PachislotPlayed } from '@contract/studio-pachislot';
import {
  type PachislotMachineData,
  type StudioPachislotSnapshot,
  studioPachislotMachine,
} from '@machines/studio-pachislot.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const notice = { mode: 'normal', lamp: false, assist: null };

export const pachislotGame = (stopped: number, status: PachislotGame['status'] = 'playing'): PachislotGame => ({
  id: '00000000-0000-4000-8000-000000000001',
  nonce: 4,
  stake: 3,
  status,
  notice,
  stops: [0, 1, 2].map((reel) => (reel < stopped ? { pressFrame: reel, stop: reel + 1 } : null)),
  win: status === 'settled' ? 8 : 0,
  outcome: status === 'settled' ? { totalBet: 3, totalWin: 8 } : null,
  autoStopped: false,
});

export const levered: PachislotPlayed = { game: pachislotGame(0), balance: 97 };
export const stopped = (reels: number): PachislotPlayed => ({
  game: pachislotGame(reels, reels === 3 ? 'settled' : 'playing'),
  balance: reels === 3 ? 105 : 97,
});
export const rolledBack: PachislotPlayed = { game: pachislotGame(0, 'rolledBack'), balance: 100 };
export const freeMachine: PachislotMachineData = {
  game: null,
  busy: false,
  last: null,
  games: 12,
  rtpRange: { low: 9700, high: 10900 },
};
export const openGame: PachislotMachineData = { ...freeMachine, game: pachislotGame(1) };
export const busyMachine: PachislotMachineData = { ...freeMachine, busy: true };

export const offline = Object.assign(new Error('Request Error'), { code: 0 });
const busy = Object.assign(new Error('busy'), { code: 409 });
const broke = Object.assign(new Error('not enough coins'), { code: 422 });

const fixtures: EventFixtures<typeof studioPachislotMachine> = {
  'lever.pull': [{ type: 'lever.pull', gameKey: '00000000-0000-4000-8000-00000000000a' }],
  'stop.press': [
    { type: 'stop.press', reel: 0, pressFrame: 5 },
    { type: 'stop.press', reel: 1, pressFrame: 11 },
    { type: 'stop.press', reel: 2, pressFrame: 17 },
  ],
  'connection.retry': [{ type: 'connection.retry' }],
  'turbo.toggle': [{ type: 'turbo.toggle' }],
  'auto.start': [{ type: 'auto.start', settings: { count: 2, lossLimit: null, singleWinAbove: null } }],
  'auto.stop': [{ type: 'auto.stop' }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadMachine', output: freeMachine },
  { type: 'xstate.done.actor.loadMachine', output: openGame },
  { type: 'xstate.done.actor.loadMachine', output: busyMachine },
  { type: 'xstate.error.actor.loadMachine', error: offline },
  { type: 'xstate.done.actor.lever', output: levered },
  { type: 'xstate.done.actor.lever', output: rolledBack },
  { type: 'xstate.error.actor.lever', error: offline },
  { type: 'xstate.error.actor.lever', error: busy },
  { type: 'xstate.error.actor.lever', error: broke },
  { type: 'xstate.done.actor.stop', output: stopped(1) },
  { type: 'xstate.done.actor.stop', output: stopped(2) },
  { type: 'xstate.done.actor.stop', output: stopped(3) },
  { type: 'xstate.error.actor.stop', error: offline },
  { type: 'xstate.after.payout.studioPachislot.payout', delayMs: 400 },
  { type: 'xstate.after.reel.studioPachislot.spinning', delayMs: 250 },
  { type: 'xstate.after.reel.studioPachislot.idle', delayMs: 250 },
  { type: 'xstate.after.reconnect.studioPachislot.connectionLost', delayMs: 2_000 },
];

/** What the guards read: the stage, the reels stopped, whether a lever or press is kept, auto and the notice. */
export const serializeState = (snapshot: StudioPachislotSnapshot) => {
  const { game, gameKey, press, auto, notice: shown, turbo } = snapshot.context;
  const reels = game?.stops.filter((stop) => stop !== null).length ?? null;
  const autoState = [auto.settings?.count ?? null, auto.played, auto.stopReason];
  return JSON.stringify([snapshot.value, reels, gameKey !== null, press, autoState, shown, turbo]);
};

export const studioPachislotModel = machineModel({
  title: 'studioPachislotMachine',
  machine: studioPachislotMachine,
  fixtures,
  outcomes,
  input: { sessionToken: 'studio-session', balance: 100 },
  serializeState,
  actorNames: ['loadMachine', 'lever', 'stop'],
});
