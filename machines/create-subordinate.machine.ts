/**
 * createSubordinate: an agent opens an account directly under themselves (docs/requirements.md §12).
 *
 * States:
 * - editing: waiting for the agent to type the new account's user name, its password (the
 *   subordinate password, with the strength bars) and the password again. Messages appear once the
 *   agent has tried to send the form, then follow every keystroke.
 * - creating: waiting for the server to open the account. A refusal (a name already taken, a name
 *   or password against the sign-up rules) is the server's sentence on its field, back in editing,
 *   until that field changes; a call that got no answer goes back to editing with a toast, and
 *   sending again is safe, as a second try of a name that was created answers "taken".
 * - created: the account exists; the agent sees its name and may open another one.
 */

import { accountNamePattern, passwordMaxLength, passwordMinLength } from '@contract/auth';
import * as v from 'valibot';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { passwordStrength } from './password-strength';
import {
  checkFields,
  type FieldMessages,
  hasMessages,
  refusedFields,
  withChangedField,
  withRefusals,
} from './player-form-fields';

export const subordinateFields = ['account', 'password', 'confirmPassword'] as const;
export type SubordinateField = (typeof subordinateFields)[number];
export type SubordinateValues = Record<SubordinateField, string>;

export interface CreatedSubordinate {
  userId: number;
  account: string;
  createdAt: string;
}

export interface CreateSubordinateContext {
  values: SubordinateValues;
  showErrors: boolean;
  refusals: Record<string, string>;
  created: CreatedSubordinate | null;
}

export type CreateSubordinateEvent =
  | { type: 'field.changed'; field: SubordinateField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.again' };

const required = v.pipe(v.string(), v.nonEmpty('validation.required'));

/** The sign-up rules (docs/requirements.md §5.2): letters and digits first, then the length the server allows. */
const subordinateSchema = v.pipe(
  v.object({
    account: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('validation.required'),
      v.regex(/^[A-Za-z0-9]+$/, 'validation.accountFormat'),
      v.regex(accountNamePattern, 'validation.accountLength'),
    ),
    password: v.pipe(
      required,
      v.check(
        (password) => [...password].length >= passwordMinLength && password.length <= passwordMaxLength,
        'validation.passwordLength',
      ),
    ),
    confirmPassword: required,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (values) => values.password === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

function subordinateMessages(values: SubordinateValues): FieldMessages<SubordinateField> {
  const messages = checkFields<SubordinateField>(subordinateSchema, { ...values });
  const length = messages.password;
  if (length && 'key' in length && length.key === 'validation.passwordLength')
    messages.password = { key: length.key, values: { min: passwordMinLength, max: passwordMaxLength } };
  return messages;
}

const emptyValues: SubordinateValues = { account: '', password: '', confirmPassword: '' };

export const createSubordinateMachine = setup({
  types: {
    context: {} as CreateSubordinateContext,
    events: {} as CreateSubordinateEvent,
  },
  actors: {
    createSubordinate: fromPromise<CreatedSubordinate, { account: string; password: string }>(async () => {
      throw new Error('createSubordinate must be provided');
    }),
  },
  actions: {
    /** The team list gained a member: refetch it. */
    subordinateCreated: () => {},
  },
  guards: {
    formValid: ({ context }) => !hasMessages(subordinateMessages(context.values)),
  },
}).createMachine({
  id: 'createSubordinate',
  context: { values: emptyValues, showErrors: false, refusals: {}, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: assign(({ context, event }) => withChangedField(context, event)) },
        'form.submit': [{ guard: 'formValid', target: 'creating' }, { actions: assign({ showErrors: true }) }],
      },
    },
    creating: {
      invoke: {
        id: 'createSubordinate',
        src: 'createSubordinate',
        input: ({ context }) => ({ account: context.values.account.trim(), password: context.values.password }),
        onDone: {
          target: 'created',
          actions: [
            assign(({ event }) => ({ created: event.output, values: emptyValues, showErrors: false, refusals: {} })),
            'subordinateCreated',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ showErrors: true, refusals: refusedFields(event.error) })),
        },
      },
    },
    created: {
      on: { 'form.again': { target: 'editing', actions: assign({ created: null }) } },
    },
  },
});

export type CreateSubordinateSnapshot = SnapshotFrom<typeof createSubordinateMachine>;

export type CreateSubordinateStage = 'editing' | 'creating' | 'created';
export const selectSubordinateStage = (snapshot: CreateSubordinateSnapshot): CreateSubordinateStage =>
  snapshot.value as CreateSubordinateStage;
export const selectSubordinateValues = (snapshot: CreateSubordinateSnapshot) => snapshot.context.values;
export const selectSubordinateStrength = (snapshot: CreateSubordinateSnapshot) =>
  passwordStrength(snapshot.context.values.password);
/** The client's messages once the agent tried to send, and the server's sentence on a refused field. */
export const selectSubordinateMessages = (snapshot: CreateSubordinateSnapshot): FieldMessages<SubordinateField> => {
  const { context } = snapshot;
  return withRefusals(
    context.showErrors ? subordinateMessages(context.values) : {},
    context.refusals,
    subordinateFields,
  );
};
export const selectCreatedSubordinate = (snapshot: CreateSubordinateSnapshot) => snapshot.context.created;
