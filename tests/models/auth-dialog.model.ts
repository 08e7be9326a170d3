import { authDialogMachine } from '@machines/auth-dialog.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof authDialogMachine> = {
  'view.shown': [
    { type: 'view.shown', view: 'login' },
    { type: 'view.shown', view: 'register' },
    { type: 'view.shown', view: 'findPassword' },
  ],
  'dialog.closed': [{ type: 'dialog.closed' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loginFlow', output: { token: 'tok-login' } },
  { type: 'xstate.done.actor.registerFlow', output: { token: 'tok-register' } },
  { type: 'xstate.done.actor.findPasswordFlow' },
];

type Snapshot = ReturnType<typeof authDialogMachine.getInitialSnapshot>;
const serializeState = (snapshot: Snapshot) => JSON.stringify([snapshot.value, snapshot.context.credential !== null]);

/** A plain visit, and a return from LINE's sign-in page. */
export const authDialogModels = [{}, { credential: { provider: 'line' as const, token: 'line-code' } }].map((input) =>
  machineModel({
    title: `authDialogMachine ${'credential' in input ? '[back from LINE]' : '[plain]'}`,
    machine: authDialogMachine,
    fixtures,
    outcomes,
    input,
    serializeState,
    actorNames: ['followSession', 'loginFlow', 'registerFlow', 'findPasswordFlow'],
  }),
);
