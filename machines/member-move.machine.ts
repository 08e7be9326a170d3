/**
 * memberMove: an agent moves game coins between their own balance and a direct member's, either way
 * (docs/requirements.md §12): `transfer` hands coins to the member, `decrease` takes them back.
 *
 * States:
 * - editing: waiting for the amount, a whole number of coins no larger than the move's limit (as the
 *   agent last saw it): the agent's balance for a transfer, what the agent may take back for a
 *   decrease (§12.11). The view's form checks it against the contract's memberMoveForm and sends
 *   it as one `move.review` with the number. Back from a later step, the form starts from the
 *   amount last reviewed.
 * - confirming: waiting for the agent to confirm, with both balances before and after the move.
 * - submitting: waiting for the server. Confirming makes ONE Idempotency-Key for this move; every
 *   retry of it reuses the key, so the move happens once however often it is sent.
 * - interrupted: no answer came (network, timeout, server fault), so the move may or may not have
 *   happened: the agent retries it (the same key) or goes back to the form (a new move, a new key).
 * - refused: the server said no (not enough coins, more than may be taken back, a frozen member,
 *   not a direct member): nothing moved; its sentence is shown, and the agent may go back to the form.
 * - done: the coins moved; the balances the server answered are shown.
 */

import type { MemberMove } from '@contract/agent';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { answerMissing } from './call-refusals';

export type MemberMoveDirection = 'transfer' | 'decrease';

export interface MemberMoveInput {
  direction: MemberMoveDirection;
  /** `takeable`: the most the agent may take back from the member, as the member list showed it. */
  member: { userId: number; account: string; balance: number; takeable: number };
  agentBalance: number;
}

export interface MemberMoveRequest {
  body: { memberUserId: number; amount: number };
  idempotencyKey: string;
}

export interface MemberMoveContext extends MemberMoveInput {
  /** The amount reviewed: confirmed, sent, and where the form starts again. Null until the first review. */
  amount: number | null;
  idempotencyKey: string | null;
  refusal: string | null;
  answer: MemberMove | null;
}

export type MemberMoveEvent =
  | { type: 'move.review'; amount: number }
  | { type: 'move.back' }
  | { type: 'move.confirm' }
  | { type: 'move.retry' }
  | { type: 'move.edit' };

/** The most the move may be: the agent's balance for a transfer, what the agent may take back for a decrease. */
const moveLimit = (context: MemberMoveInput) =>
  context.direction === 'transfer' ? context.agentBalance : context.member.takeable;

export const memberMoveMachine = setup({
  types: {
    context: {} as MemberMoveContext,
    events: {} as MemberMoveEvent,
    input: {} as MemberMoveInput,
  },
  actors: {
    moveCoins: fromPromise<MemberMove, MemberMoveRequest>(async () => {
      throw new Error('moveCoins must be provided');
    }),
  },
  actions: {
    /** The agent's and the member's balances may have changed: refetch them. */
    balancesChanged: () => {},
  },
  guards: {
    /** Reads the error event of the invoked call. */
    noAnswer: ({ event }) => answerMissing((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'memberMove',
  context: ({ input }) => ({
    ...input,
    amount: null,
    idempotencyKey: null,
    refusal: null,
    answer: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'move.review': { target: 'confirming', actions: assign({ amount: ({ event }) => event.amount }) },
      },
    },
    confirming: {
      on: {
        'move.back': { target: 'editing' },
        'move.confirm': { target: 'submitting', actions: assign({ idempotencyKey: () => crypto.randomUUID() }) },
      },
    },
    submitting: {
      invoke: {
        id: 'moveCoins',
        src: 'moveCoins',
        input: ({ context }) => ({
          body: { memberUserId: context.member.userId, amount: context.amount ?? 0 },
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: { target: 'done', actions: [assign({ answer: ({ event }) => event.output }), 'balancesChanged'] },
        onError: [
          { guard: 'noAnswer', target: 'interrupted' },
          {
            target: 'refused',
            actions: [
              assign(({ event }) => ({
                idempotencyKey: null,
                refusal: event.error instanceof Error ? event.error.message : String(event.error),
              })),
              'balancesChanged',
            ],
          },
        ],
      },
    },
    interrupted: {
      on: {
        'move.retry': { target: 'submitting' },
        'move.edit': { target: 'editing', actions: assign({ idempotencyKey: null }) },
      },
    },
    refused: {
      on: { 'move.edit': { target: 'editing', actions: assign({ refusal: null }) } },
    },
    done: { type: 'final' },
  },
});

export type MemberMoveSnapshot = SnapshotFrom<typeof memberMoveMachine>;
export type MemberMoveStage = 'editing' | 'confirming' | 'submitting' | 'interrupted' | 'refused' | 'done';

export const selectMoveStage = (snapshot: MemberMoveSnapshot): MemberMoveStage => snapshot.value as MemberMoveStage;
export const selectMoveDirection = (snapshot: MemberMoveSnapshot) => snapshot.context.direction;
export const selectMoveMember = (snapshot: MemberMoveSnapshot) => snapshot.context.member;
/** The amount last reviewed, where the form starts again; null before the first review. */
export const selectMoveAmount = (snapshot: MemberMoveSnapshot) => snapshot.context.amount;
/** The most the amount may be. */
export const selectMoveLimit = (snapshot: MemberMoveSnapshot) => moveLimit(snapshot.context);
export const selectMoveRefusal = (snapshot: MemberMoveSnapshot) => snapshot.context.refusal;

/**
 * Both balances before and after: before and the expected after while the move is being confirmed
 * or sent, and the server's figures once it is done.
 */
export function selectMoveBalances(snapshot: MemberMoveSnapshot) {
  const { context } = snapshot;
  const before = { agent: context.agentBalance, member: context.member.balance };
  if (context.answer)
    return {
      amount: context.answer.amount,
      before,
      after: { agent: context.answer.agentBalance, member: context.answer.memberBalance },
    };
  const amount = context.amount ?? 0;
  const toMember = context.direction === 'transfer' ? amount : -amount;
  return { amount, before, after: { agent: before.agent - toMember, member: before.member + toMember } };
}
