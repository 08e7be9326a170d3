/**
 * payPassword: setting the six-digit payment password, or changing it.
 *
 * States:
 * - choosing: the first instant; decides from the profile which form applies to the page.
 * - alreadySet: the set page opened by a player who has one: the page points to the change page.
 * - notSetYet: the change page opened by a player who has none: the page points to the set page.
 * - editing: waiting for the confirmation (the login password when setting, the current payment
 *   password when changing), the new payment password and its repetition.
 * - saving: the server checks the confirmation and stores the new password.
 * - saved: done; money can move with the new password.
 *
 * Wrong confirmations are limited by the server (429 names the wait); its refusal shows on the field
 * it is about until that field changes.
 */

import { payPasswordPattern } from '@contract/auth';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  checkFields,
  type FieldMessages,
  hasMessages,
  refusedFields,
  withChangedField,
  withRefusals,
} from './player-form-fields';

export type PayPasswordIntent = 'set' | 'change';

export const payPasswordFields = ['password', 'oldPayPassword', 'newPayPassword', 'confirmPayPassword'] as const;
export type PayPasswordField = (typeof payPasswordFields)[number];
export type PayPasswordValues = Record<PayPasswordField, string>;

export interface PayPasswordContext {
  intent: PayPasswordIntent;
  hasPayPassword: boolean;
  values: PayPasswordValues;
  showErrors: boolean;
  refusals: Record<string, string>;
}

export type PayPasswordEvent =
  | { type: 'field.changed'; field: PayPasswordField; value: string }
  | { type: 'form.submit' };

export interface PayPasswordInput {
  intent: PayPasswordIntent;
  hasPayPassword: boolean;
}

/** What the update call takes: the login password when setting, the old payment password when changing. */
export type PayPasswordChange =
  | { newPayPassword: string; password: string }
  | { newPayPassword: string; oldPayPassword: string };

const required = v.pipe(v.string(), v.nonEmpty('validation.required'));
const newPayPassword = v.pipe(
  v.string(),
  v.nonEmpty('validation.required'),
  v.regex(payPasswordPattern, 'validation.payPasswordFormat'),
);

const setSchema = v.pipe(
  v.object({ password: required, newPayPassword, confirmPayPassword: required }),
  v.forward(
    v.partialCheck(
      [['newPayPassword'], ['confirmPayPassword']],
      (values) => values.newPayPassword === values.confirmPayPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPayPassword'],
  ),
);

const changeSchema = v.pipe(
  v.object({ oldPayPassword: required, newPayPassword, confirmPayPassword: required }),
  v.forward(
    v.partialCheck(
      [['newPayPassword'], ['confirmPayPassword']],
      (values) => values.newPayPassword === values.confirmPayPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPayPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['oldPayPassword'], ['newPayPassword']],
      (values) => values.oldPayPassword !== values.newPayPassword,
      'validation.payPasswordUnchanged',
    ),
    ['newPayPassword'],
  ),
);

function payPasswordMessages(intent: PayPasswordIntent, values: PayPasswordValues): FieldMessages<PayPasswordField> {
  return checkFields<PayPasswordField>(intent === 'set' ? setSchema : changeSchema, { ...values });
}

const emptyValues: PayPasswordValues = { password: '', oldPayPassword: '', newPayPassword: '', confirmPayPassword: '' };

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
    formValid: ({ context }) => !hasMessages(payPasswordMessages(context.intent, context.values)),
  },
}).createMachine({
  id: 'payPassword',
  context: ({ input }) => ({
    intent: input.intent,
    hasPayPassword: input.hasPayPassword,
    values: emptyValues,
    showErrors: false,
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
        'field.changed': { actions: assign(({ context, event }) => withChangedField(context, event)) },
        'form.submit': [{ guard: 'formValid', target: 'saving' }, { actions: assign({ showErrors: true }) }],
      },
    },
    saving: {
      invoke: {
        id: 'savePayPassword',
        src: 'savePayPassword',
        input: ({ context }): PayPasswordChange =>
          context.intent === 'set'
            ? { newPayPassword: context.values.newPayPassword, password: context.values.password }
            : { newPayPassword: context.values.newPayPassword, oldPayPassword: context.values.oldPayPassword },
        onDone: {
          target: 'saved',
          actions: [assign({ values: emptyValues, hasPayPassword: true }), 'payPasswordSaved'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ showErrors: true, refusals: refusedFields(event.error) })),
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
export const selectPayPasswordValues = (snapshot: PayPasswordSnapshot) => snapshot.context.values;
export const selectPayPasswordMessages = (snapshot: PayPasswordSnapshot): FieldMessages<PayPasswordField> => {
  const { context } = snapshot;
  const messages = context.showErrors ? payPasswordMessages(context.intent, context.values) : {};
  return withRefusals(messages, context.refusals, payPasswordFields);
};
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
