import type { BankCard } from '@contract/bank';
import {
  type BankCardSave,
  type BankCardSnapshot,
  bankCardMachine,
  type PlayerNames,
} from '@machines/bank-card.machine';
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

/** A card as the form sends it: parsed, the holder matching the names on record. */
export const card: BankCardSave = {
  bankCode: '0009',
  cardNumber: '1234567',
  branchCode: '101',
  branchName: '本店営業部',
  holderFirstName: '花子',
  holderLastName: '山田',
  holderPinyinName: 'ヤマダ ハナコ',
  isDefault: false,
};

const fixtures: EventFixtures<typeof bankCardMachine> = {
  'card.bind': [{ type: 'card.bind' }],
  'form.submit': [{ type: 'form.submit', ...card }],
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

const serializeState = (snapshot: BankCardSnapshot) => JSON.stringify([snapshot.value, snapshot.context.refusals]);

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
