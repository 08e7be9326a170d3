import { type AppLoginSnapshot, appLoginMachine, appLoginPollMs } from '@machines/app-login.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof appLoginMachine> = {
  'code.refresh': [{ type: 'code.refresh' }],
  'code.retry': [{ type: 'code.retry' }],
};

export const code = { loginCode: 'q8Zr3vN0cW2mK7yT5pL1xH9dF4sB6gJe', expiresAt: '2026-11-26T00:02:00.000Z' };
export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.issueCode', output: code },
  { type: 'xstate.error.actor.issueCode', error: offline },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'waiting' } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'signedIn' } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'expired' } },
  { type: 'xstate.error.actor.fetchStatus', error: offline },
  { type: 'xstate.after.statusPoll.appLogin.showing', delayMs: appLoginPollMs },
];

const serializeState = (snapshot: AppLoginSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.code?.loginCode ?? null]);

export const appLoginModel = machineModel({
  title: 'appLoginMachine',
  machine: appLoginMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['issueCode', 'fetchStatus'],
});
