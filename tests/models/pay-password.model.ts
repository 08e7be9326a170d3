import { type PayPasswordInput, type PayPasswordSnapshot, payPasswordMachine } from '@machines/pay-password.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof payPasswordMachine> = {
  'form.submit': [
    { type: 'form.submit', newPayPassword: '246801', password: 'Sakura-2024' },
    { type: 'form.submit', newPayPassword: '246801', oldPayPassword: '135790' },
  ],
};

export const wrongPassword = Object.assign(new Error('refused'), {
  code: 400,
  fields: { password: 'パスワードが正しくありません' },
});

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.savePayPassword' },
  { type: 'xstate.error.actor.savePayPassword', error: wrongPassword },
];

const serializeState = (snapshot: PayPasswordSnapshot) => JSON.stringify([snapshot.value, snapshot.context.refusals]);

const inputs: PayPasswordInput[] = [
  { intent: 'set', hasPayPassword: false },
  { intent: 'set', hasPayPassword: true },
  { intent: 'change', hasPayPassword: true },
  { intent: 'change', hasPayPassword: false },
];

/** The four ways a page can open: setting or changing, with or without a payment password. */
export const payPasswordModels = inputs.map((input) =>
  machineModel({
    title: `payPasswordMachine [${input.intent}, ${input.hasPayPassword ? 'has one' : 'has none'}]`,
    machine: payPasswordMachine,
    fixtures,
    outcomes,
    input,
    serializeState,
    actorNames: ['savePayPassword'],
  }),
);
