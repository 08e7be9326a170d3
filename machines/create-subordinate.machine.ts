/**
 * createSubordinate: an agent opens an account directly under themselves (docs/requirements.md §12).
 *
 * States:
 * - editing: waiting for the agent to send the form: the new account's user name and its password
 *   (the subordinate password), which the view's form has checked against the contract's rules.
 *   After a refusal (a name already taken, a name or password against the sign-up rules) the
 *   server's sentence per field is kept here for the view to show on that field until it changes;
 *   a call that got no answer comes back here with a toast, and sending again is safe, as a second
 *   try of a name that was created answers "taken".
 * - creating: waiting for the server to open the account.
 * - created: the account exists; the agent sees its name and may open another one.
 */

import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { refusedFields } from './call-refusals';

export interface NewSubordinate {
  account: string;
  password: string;
}

export interface CreatedSubordinate {
  userId: number;
  account: string;
  createdAt: string;
}

export interface CreateSubordinateContext {
  /** What was last sent, for the call. */
  sent: NewSubordinate | null;
  /** The server's sentence per field it refused. */
  refusals: Record<string, string>;
  created: CreatedSubordinate | null;
}

export type CreateSubordinateEvent = ({ type: 'form.submit' } & NewSubordinate) | { type: 'form.again' };

export const createSubordinateMachine = setup({
  types: {
    context: {} as CreateSubordinateContext,
    events: {} as CreateSubordinateEvent,
  },
  actors: {
    createSubordinate: fromPromise<CreatedSubordinate, NewSubordinate>(async () => {
      throw new Error('createSubordinate must be provided');
    }),
  },
  actions: {
    /** The team list gained a member: refetch it. */
    subordinateCreated: () => {},
  },
}).createMachine({
  id: 'createSubordinate',
  context: { sent: null, refusals: {}, created: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': {
          target: 'creating',
          actions: assign(({ event }) => ({
            sent: { account: event.account.trim(), password: event.password },
            refusals: {},
          })),
        },
      },
    },
    creating: {
      invoke: {
        id: 'createSubordinate',
        src: 'createSubordinate',
        input: ({ context }) => context.sent ?? { account: '', password: '' },
        onDone: {
          target: 'created',
          actions: [assign(({ event }) => ({ created: event.output, sent: null })), 'subordinateCreated'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ refusals: refusedFields(event.error) })),
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
/** The server's sentence on each field it refused at the last try. */
export const selectSubordinateRefusals = (snapshot: CreateSubordinateSnapshot) => snapshot.context.refusals;
export const selectCreatedSubordinate = (snapshot: CreateSubordinateSnapshot) => snapshot.context.created;
