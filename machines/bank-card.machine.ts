/**
 * bankCard: the bank-card page: binding a card and unbinding one (the list itself is server data).
 *
 * States:
 * - idle: the bound cards are listed; the player may bind another or unbind one.
 * - needsPersonalInformation: binding asked before the names are on record ("please complete
 *   personal information"): the holder's names are checked against them, so they come first.
 * - editing: waiting for the player to send the form: the bank, the account (card) number, the
 *   branch code and name and the holder's first, last and reading names, prefilled from the names
 *   on record, which the view's form has checked against the contract's bankCardForm (the holder's
 *   names must match the player's: deposits are matched by the payer's name). After a refusal the
 *   server's sentence per field is kept here for the view to show on that field until it changes.
 * - saving: the server binds the card.
 * - confirmingUnbind: the player is asked to confirm unbinding the chosen card.
 * - unbinding: the server unbinds it.
 */

import type { BankCard, BankCardInput as BankCardBody, HolderNames } from '@contract/bank';
import { hasPersonalInformation } from '@contract/user-profile';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

export type PlayerNames = HolderNames;

/** The card to bind, as the form parsed it: the call's body. */
export type BankCardSave = BankCardBody;

export interface BankCardContext {
  names: PlayerNames;
  /** What was last sent, for the call. */
  sent: BankCardSave | null;
  /** The server's sentence per field it refused. */
  refusals: Record<string, string>;
  /** The card the player asked to unbind. */
  unbinding: Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber'> | null;
}

export type BankCardEvent =
  | { type: 'card.bind' }
  | ({ type: 'form.submit' } & BankCardSave)
  | { type: 'form.cancel' }
  | { type: 'card.unbind'; card: Pick<BankCard, 'id' | 'bankName' | 'maskedCardNumber'> }
  | { type: 'unbind.confirm' }
  | { type: 'unbind.cancel' };

export interface BankCardInput {
  names: PlayerNames;
}

const blankCard: BankCardSave = {
  bankCode: '',
  cardNumber: '',
  branchCode: '',
  branchName: '',
  holderFirstName: '',
  holderLastName: '',
  holderPinyinName: '',
};

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
  },
}).createMachine({
  id: 'bankCard',
  context: ({ input }) => ({
    names: input.names,
    sent: null,
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
            actions: assign({ sent: null, refusals: {} }),
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
        'form.submit': {
          target: 'saving',
          actions: assign(({ event }) => {
            const { type: _type, ...card } = event;
            return { sent: card, refusals: {} };
          }),
        },
        'form.cancel': { target: 'idle', actions: assign({ sent: null, refusals: {} }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }): BankCardSave => context.sent ?? blankCard,
        onDone: { target: 'idle', actions: [assign({ sent: null, refusals: {} }), 'cardBound'] },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ refusals: refusedFields(event.error) })),
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
/** The names on record: the form's holder starts with them, and must match them. */
export const selectBankCardNames = (snapshot: BankCardSnapshot) => snapshot.context.names;
/** The server's sentence on each field it refused at the last try. */
export const selectBankCardRefusals = (snapshot: BankCardSnapshot) => snapshot.context.refusals;
export const selectBankCardSaving = (snapshot: BankCardSnapshot) => snapshot.matches('saving');
export const selectUnbindingCard = (snapshot: BankCardSnapshot) => snapshot.context.unbinding;
export const selectUnbindBusy = (snapshot: BankCardSnapshot) => snapshot.matches('unbinding');
