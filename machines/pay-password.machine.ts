/**
 * payPassword: setting the six-digit payment password, or changing it.
 *
 * States:
 * - choosing: the first instant; decides from the profile which form applies to the page.
 * - alreadySet: the set page opened by a player who has one: the page points to the change page.
 * - notSetYet: the change page opened by a player who has none: the page points to the set page.
 * - editing: waiting for the player to send the form: the confirmation (the login password when
 *   setting, the current payment password when changing) and the new payment password, which the
 *   view's form has checked against the contract's rules. After a refusal the server's sentence per
 *   field is kept here for the view to show on that field until it changes.
 * - saving: the server checks the confirmation and stores the new password.
 * - saved: done; money can move with the new password.
 *
 * Wrong confirmations are limited by the server (429 names the wait).
 */

import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

export type PayPasswordIntent = 'set' | 'change';

export type PayPasswordField = 'password' | 'oldPayPassword' | 'newPayPassword' | 'confirmPayPassword';

/** What the update call takes: the login password when setting, the old payment password when changing. */
export type PayPasswordChange =
  | { newPayPassword: string; password: string }
  | { newPayPassword: string; oldPayPassword: string };

export interface PayPasswordContext {
  intent: PayPasswordIntent;
  hasPayPassword: boolean;
  /** What was last sent, for the call. */
  sent: PayPasswordChange | null;
  /** The server's sentence per field it refused. */
  refusals: Record<string, string>;
}

export type PayPasswordEvent = { type: 'form.submit' } & PayPasswordChange;

export interface PayPasswordInput {
  intent: PayPasswordIntent;
  hasPayPassword: boolean;
}

export const payPasswordMachine = setup({
  types: {
    context: {} as PayPasswordContext,
    events: {} as PayPasswordEvent,
    input: {} as PayPasswordInput,
  },
  actors: {
    savePayPassword: fromPromise<void, PayPasswordChange>(async () => {
      throw new Error('savePayPassword must be provided');
    }),
  },
  actions: {
    /** The profile's hasPayPassword changed: refetch it. */
    payPasswordSaved: () => {},
  },
  guards: {
    setPageButAlreadySet: ({ context }) => context.intent === 'set' && context.hasPayPassword,
    changePageButNoneSet: ({ context }) => context.intent === 'change' && !context.hasPayPassword,
  },
}).createMachine({
  id: 'payPassword',
  context: ({ input }) => ({
    intent: input.intent,
    hasPayPassword: input.hasPayPassword,
    sent: null,
    refusals: {},
  }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [
        { guard: 'setPageButAlreadySet', target: 'alreadySet' },
        { guard: 'changePageButNoneSet', target: 'notSetYet' },
        { target: 'editing' },
      ],
    },
    alreadySet: {},
    notSetYet: {},
    editing: {
      on: {
        'form.submit': {
          target: 'saving',
          actions: assign(({ event }) => {
            const { type: _type, ...change } = event;
            return { sent: change, refusals: {} };
          }),
        },
      },
    },
    saving: {
      invoke: {
        id: 'savePayPassword',
        src: 'savePayPassword',
        input: ({ context }): PayPasswordChange => context.sent ?? { newPayPassword: '', password: '' },
        onDone: {
          target: 'saved',
          actions: [assign({ sent: null, hasPayPassword: true }), 'payPasswordSaved'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ refusals: refusedFields(event.error) })),
        },
      },
    },
    saved: { type: 'final' },
  },
});

export type PayPasswordSnapshot = SnapshotFrom<typeof payPasswordMachine>;

/** The fields the page shows: the confirmation differs between setting and changing. */
export const selectPayPasswordFields = (snapshot: PayPasswordSnapshot): PayPasswordField[] =>
  snapshot.context.intent === 'set'
    ? ['password', 'newPayPassword', 'confirmPayPassword']
    : ['oldPayPassword', 'newPayPassword', 'confirmPayPassword'];
/** The server's sentence on each field it refused at the last try. */
export const selectPayPasswordRefusals = (snapshot: PayPasswordSnapshot) => snapshot.context.refusals;
export const selectPayPasswordSaving = (snapshot: PayPasswordSnapshot) => snapshot.matches('saving');
export type PayPasswordStage = 'alreadySet' | 'notSetYet' | 'editing' | 'saved';
export const selectPayPasswordStage = (snapshot: PayPasswordSnapshot): PayPasswordStage =>
  snapshot.matches('alreadySet')
    ? 'alreadySet'
    : snapshot.matches('notSetYet')
      ? 'notSetYet'
      : snapshot.matches('saved')
        ? 'saved'
        : 'editing';
