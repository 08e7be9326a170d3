/**
 * bankCard: the bank-card page: binding a card and unbinding one (the list itself is server data).
 *
 * States:
 * - idle: the bound cards are listed; the player may bind another or unbind one.
 * - needsPersonalInformation: binding asked before the names are on record ("please complete
 *   personal information"): the holder's names are checked against them, so they come first.
 * - editing: waiting for the bank, the account (card) number, the branch code and name and the
 *   holder's first, last and reading names, prefilled from the names on record.
 * - saving: the server binds the card.
 * - confirmingUnbind: the player is asked to confirm unbinding the chosen card.
 * - unbinding: the server unbinds it.
 *
 * Format checks per field use the contract's schema, so the browser refuses what the server would;
 * the holder's names must match the player's (deposits are matched by the payer's name), compared
 * the way banks do: ignoring width, case and spaces, and hiragana against katakana in the reading.
 */

import type { Profile } from '@contract/auth';
import { type BankCard, bankCardInput } from '@contract/bank';
import { hasPersonalInformation } from '@contract/profile';
import type * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  checkFields,
  type FieldMessages,
  hasMessages,
  refusedFields,
  withChangedField,
  withRefusals,
} from './player-form-fields';

export const bankCardFields = [
  'bankCode',
  'cardNumber',
  'branchCode',
  'branchName',
  'holderFirstName',
  'holderLastName',
  'holderPinyinName',
] as const;
export type BankCardField = (typeof bankCardFields)[number];
export type BankCardValues = Record<BankCardField, string> & { isDefault: boolean };

export type PlayerNames = Pick<Profile, 'firstName' | 'lastName' | 'pinyinName'>;

/** Width, case and spacing do not make two written names different. */
export function normalisedName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}

/** A reading may be written in hiragana or katakana: the same to a bank. */
export function normalisedReading(reading: string): string {
  return normalisedName(reading).replace(/[\u3041-\u3096]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60));
}

/** Account numbers are typed with spaces or hyphens and in full-width digits; the bank has digits. */
export function normalisedCardNumber(cardNumber: string): string {
  return cardNumber.normalize('NFKC').replace(/[\s-]/g, '');
}

function cardMessages(values: BankCardValues, names: PlayerNames): FieldMessages<BankCardField> {
  const messages = checkFields<BankCardField>(bankCardInput, {
    ...values,
    cardNumber: normalisedCardNumber(values.cardNumber),
    branchCode: values.branchCode.normalize('NFKC').trim(),
  });
  const mismatch = { key: 'validation.holderMismatch' };
  if (!messages.holderFirstName && normalisedName(values.holderFirstName) !== normalisedName(names.firstName ?? '')) {
    messages.holderFirstName = mismatch;
  }
  if (!messages.holderLastName && normalisedName(values.holderLastName) !== normalisedName(names.lastName ?? '')) {
    messages.holderLastName = mismatch;
  }
  if (
    !messages.holderPinyinName &&
    normalisedReading(values.holderPinyinName) !== normalisedReading(names.pinyinName ?? '')
  ) {
    messages.holderPinyinName = mismatch;
  }
  return messages;
}

export type BankCardSave = v.InferInput<typeof bankCardInput>;

export interface BankCardContext {
  names: PlayerNames;
  values: BankCardValues;
  showErrors: boolean;
  refusals: Record<string, string>;
  /** The card the player asked to unbind. */
  unbinding: Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber'> | null;
}

export type BankCardEvent =
  | { type: 'card.bind' }
  | { type: 'field.changed'; field: BankCardField; value: string }
  | { type: 'field.changed'; field: 'isDefault'; value: boolean }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'card.unbind'; card: Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber'> }
  | { type: 'unbind.confirm' }
  | { type: 'unbind.cancel' };

export interface BankCardInput {
  names: PlayerNames;
}

function blankCard(names: PlayerNames): BankCardValues {
  return {
    bankCode: '',
    cardNumber: '',
    branchCode: '',
    branchName: '',
    holderFirstName: names.firstName ?? '',
    holderLastName: names.lastName ?? '',
    holderPinyinName: names.pinyinName ?? '',
    isDefault: false,
  };
}

export const bankCardMachine = setup({
  types: {
    context: {} as BankCardContext,
    events: {} as BankCardEvent,
    input: {} as BankCardInput,
  },
  actors: {
    saveCard: fromPromise<BankCard, BankCardSave>(async () => {
      throw new Error('saveCard must be provided');
    }),
    unbindCard: fromPromise<void, { id: number }>(async () => {
      throw new Error('unbindCard must be provided');
    }),
  },
  actions: {
    /** A card was bound: the list changed on the server, and the player is told so. */
    cardBound: () => {},
    /** A card was unbound: the same, in its own words. */
    cardUnbound: () => {},
  },
  guards: {
    namesOnRecord: ({ context }) => hasPersonalInformation(context.names),
    formValid: ({ context }) => !hasMessages(cardMessages(context.values, context.names)),
  },
}).createMachine({
  id: 'bankCard',
  context: ({ input }) => ({
    names: input.names,
    values: blankCard(input.names),
    showErrors: false,
    refusals: {},
    unbinding: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'card.bind': [
          {
            guard: 'namesOnRecord',
            target: 'editing',
            actions: assign(({ context }) => ({ values: blankCard(context.names), showErrors: false, refusals: {} })),
          },
          { target: 'needsPersonalInformation' },
        ],
        'card.unbind': { target: 'confirmingUnbind', actions: assign({ unbinding: ({ event }) => event.card }) },
      },
    },
    needsPersonalInformation: {
      on: { 'form.cancel': { target: 'idle' } },
    },
    editing: {
      on: {
        'field.changed': { actions: assign(({ context, event }) => withChangedField(context, event)) },
        'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: assign({ showErrors: true }) }],
        'form.cancel': { target: 'idle', actions: assign({ showErrors: false, refusals: {} }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }): BankCardSave => ({
          bankCode: context.values.bankCode,
          cardNumber: normalisedCardNumber(context.values.cardNumber),
          branchCode: context.values.branchCode.normalize('NFKC').trim(),
          branchName: context.values.branchName.trim(),
          holderFirstName: context.values.holderFirstName.trim(),
          holderLastName: context.values.holderLastName.trim(),
          holderPinyinName: context.values.holderPinyinName.trim(),
          isDefault: context.values.isDefault,
        }),
        onDone: { target: 'idle', actions: [assign({ showErrors: false, refusals: {} }), 'cardBound'] },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ showErrors: true, refusals: refusedFields(event.error) })),
        },
      },
    },
    confirmingUnbind: {
      on: {
        'unbind.confirm': { target: 'unbinding' },
        'unbind.cancel': { target: 'idle', actions: assign({ unbinding: null }) },
      },
    },
    unbinding: {
      invoke: {
        id: 'unbindCard',
        src: 'unbindCard',
        input: ({ context }) => ({ id: context.unbinding?.id ?? 0 }),
        onDone: { target: 'idle', actions: [assign({ unbinding: null }), 'cardUnbound'] },
        // The api client has shown why; the card stays listed.
        onError: { target: 'idle', actions: assign({ unbinding: null }) },
      },
    },
  },
});

export type BankCardSnapshot = SnapshotFrom<typeof bankCardMachine>;

export type BankCardStage = 'idle' | 'needsPersonalInformation' | 'form' | 'confirmingUnbind';

/** Which dialog is open: the bind form stays open (busy) while saving, the confirmation while unbinding. */
export const selectBankCardStage = (snapshot: BankCardSnapshot): BankCardStage =>
  snapshot.matches('editing') || snapshot.matches('saving')
    ? 'form'
    : snapshot.matches('confirmingUnbind') || snapshot.matches('unbinding')
      ? 'confirmingUnbind'
      : snapshot.matches('needsPersonalInformation')
        ? 'needsPersonalInformation'
        : 'idle';
export const selectBankCardValues = (snapshot: BankCardSnapshot) => snapshot.context.values;
export const selectBankCardMessages = (snapshot: BankCardSnapshot): FieldMessages<BankCardField> => {
  const { context } = snapshot;
  const messages = context.showErrors ? cardMessages(context.values, context.names) : {};
  return withRefusals(messages, context.refusals, bankCardFields);
};
export const selectBankCardSaving = (snapshot: BankCardSnapshot) => snapshot.matches('saving');
export const selectUnbindingCard = (snapshot: BankCardSnapshot) => snapshot.context.unbinding;
export const selectUnbindBusy = (snapshot: BankCardSnapshot) => snapshot.matches('unbinding');
