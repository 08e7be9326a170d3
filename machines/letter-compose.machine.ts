/**
 * letterCompose: an operator writes a letter per language, previews it, and sends it
 * (docs/requirements.md §13.6).
 *
 * States:
 * - editing: waiting for the compose form: the recipients and the texts, which the view's form has
 *   checked against the contract's rules (the Japanese title and text are there, each language has
 *   both or neither, a single player's ID is a whole number) before it sends the letter.
 * - previewing: the letter as each language's reader will see it, with the recipients and a warning
 *   naming each language left empty; the operator sends it or goes back to edit. A failed send
 *   comes back here with the server's message.
 * - sending: the desk's send call, with one idempotency key per letter: a retry after a lost answer
 *   sends nothing twice.
 * - sent: done; writing a new letter starts over with a new key.
 */

import type { LetterSend } from '@contract/letters-desk';
import { type Locale, locales } from '@contract/locales';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface LetterComposeContext {
  /** The letter previewed and sent. */
  letter: LetterSend | null;
  idempotencyKey: string;
  sendError: string | null;
}

export type LetterComposeEvent =
  | { type: 'form.submit'; letter: LetterSend }
  | { type: 'edit' }
  | { type: 'send' }
  | { type: 'compose.new' };

export const letterComposeMachine = setup({
  types: {
    context: {} as LetterComposeContext,
    events: {} as LetterComposeEvent,
  },
  actors: {
    sendLetter: fromPromise<unknown, { letter: LetterSend; idempotencyKey: string }>(async () => {
      throw new Error('sendLetter is provided by the desk');
    }),
  },
}).createMachine({
  id: 'letterCompose',
  context: () => ({ letter: null, idempotencyKey: crypto.randomUUID(), sendError: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': { target: 'previewing', actions: assign({ letter: ({ event }) => event.letter }) },
      },
    },
    previewing: {
      on: {
        edit: { target: 'editing', actions: assign({ letter: null, sendError: null }) },
        send: { target: 'sending', actions: assign({ sendError: null }) },
      },
    },
    sending: {
      invoke: {
        id: 'sendLetter',
        src: 'sendLetter',
        input: ({ context }) => ({ letter: context.letter as LetterSend, idempotencyKey: context.idempotencyKey }),
        onDone: { target: 'sent' },
        onError: {
          target: 'previewing',
          actions: assign({
            sendError: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    sent: {
      on: {
        'compose.new': {
          target: 'editing',
          actions: assign(() => ({ letter: null, idempotencyKey: crypto.randomUUID(), sendError: null })),
        },
      },
    },
  },
});

export type LetterComposeSnapshot = SnapshotFrom<typeof letterComposeMachine>;

/** The letter as it will be sent, for the preview. */
export const selectLetterToSend = (snapshot: LetterComposeSnapshot): LetterSend | null =>
  snapshot.matches('previewing') || snapshot.matches('sending') ? snapshot.context.letter : null;

/** The languages the letter about to be sent leaves empty: their readers get the Japanese text. */
export const selectEmptyLocales = (snapshot: LetterComposeSnapshot): Locale[] => {
  const letter = selectLetterToSend(snapshot);
  return letter ? locales.filter((locale) => !letter.texts[locale]) : [];
};
