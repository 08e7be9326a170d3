/**
 * letterCompose: an operator writes a letter per language, previews it, and sends it
 * (docs/requirements.md §13.6).
 *
 * States:
 * - editing: choosing the recipients and writing the texts; preview is refused (errors shown on
 *   their fields) until the Japanese title and text are there, each language has both or neither,
 *   and a single player's ID is a whole number.
 * - previewing: the letter as each language's reader will see it, with the recipients; the operator
 *   sends it or goes back to edit. A failed send comes back here with the server's message.
 * - sending: the desk's send call, with one idempotency key per letter: a retry after a lost answer
 *   sends nothing twice.
 * - sent: done; writing a new letter starts over with a new key.
 */

import { type Locale, locales } from '@contract/locales';
import { type LetterTexts, letterTexts } from '@contract/station';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type LetterAudience = 'player' | 'allPlayers' | 'allAgents';
export type LetterPart = 'title' | 'body';
export type LetterDraft = Record<Locale, Record<LetterPart, string>>;

export type LetterSend =
  | { audience: 'player'; userId: number; texts: LetterTexts }
  | { audience: 'allPlayers' | 'allAgents'; texts: LetterTexts };

export interface LetterComposeContext {
  audience: LetterAudience;
  userId: string;
  draft: LetterDraft;
  showErrors: boolean;
  idempotencyKey: string;
  sendError: string | null;
}

export type LetterComposeEvent =
  | { type: 'audience.changed'; audience: LetterAudience }
  | { type: 'userId.changed'; value: string }
  | { type: 'text.changed'; locale: Locale; part: LetterPart; value: string }
  | { type: 'preview' }
  | { type: 'edit' }
  | { type: 'send' }
  | { type: 'compose.new' };

/** Field errors as message keys of the `letters` namespace, by field (`userId`, `<locale>.title`). */
export type LetterErrors = Partial<Record<string, string>>;

const emptyDraft = (): LetterDraft =>
  Object.fromEntries(locales.map((locale) => [locale, { title: '', body: '' }])) as LetterDraft;

/** The texts as the contract takes them: a language left empty is left out. */
function textsOf(draft: LetterDraft): Record<string, { title: string; body: string }> {
  return Object.fromEntries(
    locales
      .map((locale) => [locale, { title: draft[locale].title.trim(), body: draft[locale].body.trim() }] as const)
      .filter(([, text]) => text.title !== '' || text.body !== ''),
  );
}

const userIdPattern = /^[1-9]\d{0,9}$/;

export function letterErrorsOf(context: Pick<LetterComposeContext, 'audience' | 'userId' | 'draft'>): LetterErrors {
  const errors: LetterErrors = {};
  if (context.audience === 'player' && !userIdPattern.test(context.userId.trim())) errors.userId = 'desk.userIdInvalid';
  for (const locale of locales) {
    const title = context.draft[locale].title.trim();
    const body = context.draft[locale].body.trim();
    if (locale === 'ja-JP' && (!title || !body)) errors[`${locale}.title`] = 'desk.japaneseRequired';
    else if (Boolean(title) !== Boolean(body)) errors[`${locale}.title`] = 'desk.bothOrNeither';
  }
  if (Object.keys(errors).length === 0 && !v.safeParse(letterTexts, textsOf(context.draft)).success) {
    errors['ja-JP.title'] = 'desk.japaneseRequired';
  }
  return errors;
}

export function letterSendOf(context: LetterComposeContext): LetterSend {
  const texts = v.parse(letterTexts, textsOf(context.draft));
  return context.audience === 'player'
    ? { audience: 'player', userId: Number(context.userId.trim()), texts }
    : { audience: context.audience, texts };
}

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
  guards: {
    isValid: ({ context }) => Object.keys(letterErrorsOf(context)).length === 0,
  },
  actions: {
    showErrors: assign({ showErrors: true }),
  },
}).createMachine({
  id: 'letterCompose',
  context: () => ({
    audience: 'player',
    userId: '',
    draft: emptyDraft(),
    showErrors: false,
    idempotencyKey: crypto.randomUUID(),
    sendError: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'audience.changed': { actions: assign({ audience: ({ event }) => event.audience }) },
        'userId.changed': { actions: assign({ userId: ({ event }) => event.value }) },
        'text.changed': {
          actions: assign({
            draft: ({ context, event }) => ({
              ...context.draft,
              [event.locale]: { ...context.draft[event.locale], [event.part]: event.value },
            }),
          }),
        },
        preview: [{ guard: 'isValid', target: 'previewing' }, { actions: 'showErrors' }],
      },
    },
    previewing: {
      on: {
        edit: { target: 'editing', actions: assign({ sendError: null }) },
        send: { target: 'sending', actions: assign({ sendError: null }) },
      },
    },
    sending: {
      invoke: {
        id: 'sendLetter',
        src: 'sendLetter',
        input: ({ context }) => ({ letter: letterSendOf(context), idempotencyKey: context.idempotencyKey }),
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
          actions: assign(() => ({
            audience: 'player' as const,
            userId: '',
            draft: emptyDraft(),
            showErrors: false,
            idempotencyKey: crypto.randomUUID(),
            sendError: null,
          })),
        },
      },
    },
  },
});

export type LetterComposeSnapshot = SnapshotFrom<typeof letterComposeMachine>;

/** Errors to show: none until the operator first asks for a preview. */
export const selectLetterErrors = (snapshot: LetterComposeSnapshot): LetterErrors =>
  snapshot.context.showErrors ? letterErrorsOf(snapshot.context) : {};

/** The letter as it will be sent, for the preview. */
export const selectLetterToSend = (snapshot: LetterComposeSnapshot): LetterSend | null =>
  snapshot.matches('previewing') || snapshot.matches('sending') ? letterSendOf(snapshot.context) : null;
