import { sendCodeMachine } from '@machines/send-code.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof sendCodeMachine> = {
  'code.send': [
    { type: 'code.send', email: 'hanako@example.jp' },
    { type: 'code.send', email: '' },
  ],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.requestCode' },
  { type: 'xstate.error.actor.requestCode', error: { retryAfterSeconds: 3 } },
  { type: 'xstate.error.actor.requestCode', error: new Error('offline') },
  { type: 'xstate.after.oneSecond.sendCode.countingDown', delayMs: 1000 },
];

/** Every second of the countdown is a state of its own. */
const serializeState = (snapshot: { value: unknown; context: { secondsLeft: number; codeSent: boolean } }) =>
  snapshot.value === 'countingDown'
    ? JSON.stringify([snapshot.value, snapshot.context.secondsLeft])
    : JSON.stringify([snapshot.value, snapshot.context.codeSent]);

export const sendCodeModel = machineModel({
  title: 'sendCodeMachine',
  machine: sendCodeMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['requestCode'],
});
