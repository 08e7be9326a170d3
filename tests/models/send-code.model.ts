import { sendCodeMachine } from '@machines/send-code.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof sendCodeMachine> = {
  'email.changed': [
    { type: 'email.changed', email: 'hanako@example.jp' },
    { type: 'email.changed', email: '' },
  ],
  'code.send': [{ type: 'code.send' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.requestCode' },
  { type: 'xstate.error.actor.requestCode', error: { retryAfterSeconds: 3 } },
  { type: 'xstate.error.actor.requestCode', error: new Error('offline') },
  { type: 'xstate.after.oneSecond.sendCode.countingDown', delayMs: 1000 },
];

/** Every second of the countdown is a state of its own; the address only matters outside it. */
const serializeState = (snapshot: {
  value: unknown;
  context: { email: string; secondsLeft: number; codeSent: boolean };
}) =>
  snapshot.value === 'countingDown'
    ? JSON.stringify([snapshot.value, snapshot.context.secondsLeft])
    : JSON.stringify([snapshot.value, snapshot.context.email !== '', snapshot.context.codeSent]);

export const sendCodeModel = machineModel({
  title: 'sendCodeMachine',
  machine: sendCodeMachine,
  fixtures,
  outcomes,
  input: {},
  serializeState,
  actorNames: ['requestCode'],
});
