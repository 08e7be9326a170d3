import type { PlaySummary } from '@contract/protection';
import { type Launch, type SpringboardSnapshot, springboardMachine } from '@machines/hall-launch.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const launch: Launch = {
  url: 'http://127.0.0.1:8080/studio/play?token=abc&game=slot&machine=3&lang=ja-JP',
  gameCode: 'slot',
  gameName: 'スロット',
  machineNumber: 3,
};

const fixtures: EventFixtures<typeof springboardMachine> = {
  'game.loaded': [{ type: 'game.loaded' }],
  leave: [{ type: 'leave' }],
  'seat.retry': [{ type: 'seat.retry' }],
  'realityCheck.keepPlaying': [{ type: 'realityCheck.keepPlaying' }],
  'realityCheck.done': [{ type: 'realityCheck.done' }],
  'game.roundSettled': [{ type: 'game.roundSettled', balance: 4_700 }],
};

/** The play since the play session began, with the player's interval (the default, every hour). */
export const playSummary: PlaySummary = {
  startedAt: '2026-11-21T00:00:00.000Z',
  minutes: 60,
  bets: 1_200,
  wins: 900,
  net: -300,
  realityCheckMinutes: 60,
};

export const refusal = (code: number, message = `refused ${code}`) =>
  Object.assign(new Error(message), { code, fields: {} });

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.launchGame', output: launch },
  { type: 'xstate.error.actor.launchGame', error: refusal(409) },
  { type: 'xstate.error.actor.launchGame', error: refusal(422) },
  { type: 'xstate.error.actor.launchGame', error: refusal(403) },
  { type: 'xstate.error.actor.launchGame', error: refusal(404) },
  { type: 'xstate.error.actor.launchGame', error: refusal(401) },
  { type: 'xstate.error.actor.launchGame', error: refusal(402) },
  { type: 'xstate.error.actor.launchGame', error: refusal(0, 'Request Error') },
  { type: 'xstate.error.actor.launchGame', error: refusal(500) },
  { type: 'xstate.done.actor.releaseSeat', output: { released: true } },
  { type: 'xstate.error.actor.releaseSeat', error: refusal(0) },
  { type: 'xstate.done.actor.playSummary', output: playSummary },
  { type: 'xstate.done.actor.playSummary', output: { ...playSummary, realityCheckMinutes: null } },
  { type: 'xstate.error.actor.playSummary', error: refusal(501) },
  { type: 'xstate.after.realityCheck.springboard.playing.timing', delayMs: 60 * 60_000 },
];

const serializeState = (snapshot: SpringboardSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.launch !== null,
    snapshot.context.failure,
    snapshot.context.realityCheckMinutes,
    snapshot.context.realityCheck !== null,
  ]);

export const springboardModel = machineModel({
  title: 'springboardMachine',
  machine: springboardMachine,
  fixtures,
  outcomes,
  input: { machineId: 7 },
  serializeState,
  actorNames: ['launchGame', 'releaseSeat', 'playSummary'],
});
