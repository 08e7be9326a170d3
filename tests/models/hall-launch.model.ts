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
];

const serializeState = (snapshot: SpringboardSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.launch !== null, snapshot.context.failure]);

export const springboardModel = machineModel({
  title: 'springboardMachine',
  machine: springboardMachine,
  fixtures,
  outcomes,
  input: { machineId: 7 },
  serializeState,
  actorNames: ['launchGame', 'releaseSeat'],
});
