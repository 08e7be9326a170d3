import { type AppLoginSnapshot, appLoginMachine, appLoginPollMs } from '@machines/app-login.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof appLoginMachine> = {
  'code.refresh': [{ type: 'code.refresh' }],
  'code.retry': [{ type: 'code.retry' }],
  'signIn.approve': [{ type: 'signIn.approve' }],
  'signIn.refuse': [{ type: 'signIn.refuse' }],
};

export const code = { loginCode: 'q8Zr3vN0cW2mK7yT5pL1xH9dF4sB6gJe', expiresAt: '2026-11-26T00:02:00.000Z' };
export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.issueCode', output: code },
  { type: 'xstate.error.actor.issueCode', error: offline },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'waiting', device: null } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'awaitingApproval', device: 'Chrome on Android' } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'approved', device: null } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'signedIn', device: null } },
  { type: 'xstate.done.actor.fetchStatus', output: { status: 'expired', device: null } },
  { type: 'xstate.error.actor.fetchStatus', error: offline },
  { type: 'xstate.done.actor.decide', output: { status: 'approved' } },
  { type: 'xstate.done.actor.decide', output: { status: 'refused' } },
  { type: 'xstate.done.actor.decide', output: { status: 'expired' } },
  { type: 'xstate.error.actor.decide', error: offline },
  { type: 'xstate.after.statusPoll.appLogin.showing', delayMs: appLoginPollMs },
  { type: 'xstate.after.statusPoll.appLogin.awaitingApp', delayMs: appLoginPollMs },
];

const serializeState = (snapshot: AppLoginSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.code?.loginCode ?? null, snapshot.context.approve]);

export const appLoginModel = machineModel({
  title: 'appLoginMachine',
  machine: appLoginMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['issueCode', 'fetchStatus', 'decide'],
});
