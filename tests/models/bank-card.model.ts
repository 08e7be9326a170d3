import type { BankCard } from '@contract/bank';
import { type BankCardSnapshot, bankCardMachine, type PlayerNames } from '@machines/bank-card.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const names: PlayerNames = { firstName: '花子', lastName: '山田', pinyinName: 'ヤマダ ハナコ' };
export const boundCard: BankCard = {
  id: 3,
  bankCode: '0009',
  bankName: '三井住友銀行',
  maskedCardNumber: '****4567',
  branchCode: '101',
  branchName: '本店営業部',
  holderFirstName: '花子',
  holderLastName: '山田',
  holderPinyinName: 'ヤマダ ハナコ',
  isDefault: true,
  createdAt: '2026-11-20T00:00:00.000Z',
};

const fixtures: EventFixtures<typeof bankCardMachine> = {
  'card.bind': [{ type: 'card.bind' }],
  'field.changed': [
    { type: 'field.changed', field: 'bankCode', value: '0009' },
    { type: 'field.changed', field: 'cardNumber', value: '1234567' },
    { type: 'field.changed', field: 'branchCode', value: '101' },
    { type: 'field.changed', field: 'branchName', value: '本店営業部' },
  ],
  'form.submit': [{ type: 'form.submit' }],
  'form.cancel': [{ type: 'form.cancel' }],
  'card.unbind': [{ type: 'card.unbind', card: boundCard }],
  'unbind.confirm': [{ type: 'unbind.confirm' }],
  'unbind.cancel': [{ type: 'unbind.cancel' }],
};

export const refused = Object.assign(new Error('refused'), {
  code: 409,
  fields: { cardNumber: 'この口座はすでに登録されています' },
});

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.saveCard', output: boundCard },
  { type: 'xstate.error.actor.saveCard', error: refused },
  { type: 'xstate.done.actor.unbindCard' },
  { type: 'xstate.error.actor.unbindCard', error: new Error('offline') },
];

const serializeState = (snapshot: BankCardSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.showErrors,
    snapshot.context.refusals,
    snapshot.matches('editing') || snapshot.matches('saving') ? snapshot.context.values : null,
  ]);

/** With the holder's names on record, and before they are. */
export const bankCardModels = [{ names }, { names: { firstName: null, lastName: null, pinyinName: null } }].map(
  (input: { names: PlayerNames }) =>
    machineModel({
      title: `bankCardMachine ${input.names.firstName ? '[names on record]' : '[no names yet]'}`,
      machine: bankCardMachine,
      fixtures,
      outcomes,
      input,
      serializeState,
      actorNames: ['saveCard', 'unbindCard'],
    }),
);
