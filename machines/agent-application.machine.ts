/**
 * agent-application: a player asks to become an agent, and follows the review (docs/requirements.md §12).
 *
 * States:
 * - loadingStatus: whether the player is an agent, and their latest application, are fetched; they
 *   decide where the page starts.
 * - statusUnavailable: they could not be fetched; the page offers a retry.
 * - notAgent: never applied; the page shows the programme's terms and offers to apply.
 * - confirming: the confirmation prompt the programme asks for before an application is sent;
 *   cancelling returns to where it was opened from (the terms, or the rejection).
 * - applying: the application is sent. A refusal (already waiting, already an agent) or a lost
 *   answer means the page was out of date, so the status is read again rather than guessed.
 * - pendingReview: an operator reviews it; the status is fetched again every `reviewPoll`
 *   (`pendingReview.checking`), so the page follows the decision without a reload. A poll, not a
 *   refetch on window focus: a player who keeps the page in front still sees the decision.
 * - approved: the player is an agent; `agentGranted` tells the session to reload the profile, so
 *   the agent menu opens without a reload.
 * - rejected: the operator refused, with a reason the page shows; the player may apply again.
 */

import type { AgentApplication } from '@contract/agent';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** What the page starts from: the session's agent flag as the server has it, and the latest application. */
export interface AgentStanding {
  isAgent: boolean;
  application: AgentApplication | null;
}

export interface AgentApplicationContext {
  application: AgentApplication | null;
}

export type AgentApplicationEvent =
  | { type: 'application.start' }
  | { type: 'application.confirm' }
  | { type: 'application.cancel' }
  | { type: 'status.retry' };

export const agentApplicationMachine = setup({
  types: {
    context: {} as AgentApplicationContext,
    events: {} as AgentApplicationEvent,
  },
  actors: {
    loadStanding: fromPromise<AgentStanding>(async () => {
      throw new Error('loadStanding must be provided');
    }),
    submitApplication: fromPromise<AgentApplication>(async () => {
      throw new Error('submitApplication must be provided');
    }),
  },
  delays: {
    reviewPoll: 5_000,
  },
  actions: {
    /** The player became an agent: reload the session's profile (and the pages that show it). */
    agentGranted: () => {},
    /** The application changed on the server: refetch what shows it elsewhere (the user centre). */
    applicationChanged: () => {},
    storeApplication: assign((_, standing: AgentStanding) => ({ application: standing.application })),
  },
  guards: {
    isAgent: (_, standing: AgentStanding) => standing.isAgent || standing.application?.status === 'approved',
    isPendingReview: (_, standing: AgentStanding) => standing.application?.status === 'pendingReview',
    isRejected: (_, standing: AgentStanding) => standing.application?.status === 'rejected',
    wasRejected: ({ context }) => context.application?.status === 'rejected',
  },
}).createMachine({
  id: 'agentApplication',
  context: { application: null },
  initial: 'loadingStatus',
  states: {
    loadingStatus: {
      invoke: {
        id: 'loadStanding',
        src: 'loadStanding',
        onDone: [
          {
            guard: { type: 'isAgent', params: ({ event }) => event.output },
            target: 'approved',
            actions: { type: 'storeApplication', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isPendingReview', params: ({ event }) => event.output },
            target: 'pendingReview',
            actions: { type: 'storeApplication', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isRejected', params: ({ event }) => event.output },
            target: 'rejected',
            actions: { type: 'storeApplication', params: ({ event }) => event.output },
          },
          { target: 'notAgent', actions: { type: 'storeApplication', params: ({ event }) => event.output } },
        ],
        onError: { target: 'statusUnavailable' },
      },
    },
    statusUnavailable: {
      on: { 'status.retry': { target: 'loadingStatus' } },
    },
    notAgent: {
      on: { 'application.start': { target: 'confirming' } },
    },
    confirming: {
      on: {
        'application.confirm': { target: 'applying' },
        'application.cancel': [{ guard: 'wasRejected', target: 'rejected' }, { target: 'notAgent' }],
      },
    },
    applying: {
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        onDone: {
          target: 'pendingReview',
          actions: [assign({ application: ({ event }) => event.output }), 'applicationChanged'],
        },
        onError: { target: 'loadingStatus' },
      },
    },
    pendingReview: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { reviewPoll: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'loadStanding',
            src: 'loadStanding',
            onDone: [
              {
                guard: { type: 'isAgent', params: ({ event }) => event.output },
                target: '#agentApplication.approved',
                actions: [
                  { type: 'storeApplication', params: ({ event }) => event.output },
                  'applicationChanged',
                  'agentGranted',
                ],
              },
              {
                guard: { type: 'isRejected', params: ({ event }) => event.output },
                target: '#agentApplication.rejected',
                actions: [{ type: 'storeApplication', params: ({ event }) => event.output }, 'applicationChanged'],
              },
              {
                guard: { type: 'isPendingReview', params: ({ event }) => event.output },
                target: 'waiting',
              },
              {
                target: '#agentApplication.notAgent',
                actions: [{ type: 'storeApplication', params: ({ event }) => event.output }, 'applicationChanged'],
              },
            ],
            // A failed check is tried again at the next interval.
            onError: { target: 'waiting' },
          },
        },
      },
    },
    approved: {},
    rejected: {
      on: { 'application.start': { target: 'confirming' } },
    },
  },
});

export type AgentApplicationSnapshot = SnapshotFrom<typeof agentApplicationMachine>;

export type AgentApplicationStage =
  | 'loadingStatus'
  | 'statusUnavailable'
  | 'notAgent'
  | 'confirming'
  | 'applying'
  | 'pendingReview'
  | 'approved'
  | 'rejected';

export const selectApplicationStage = (snapshot: AgentApplicationSnapshot): AgentApplicationStage => {
  const [stage] = Object.keys(typeof snapshot.value === 'string' ? { [snapshot.value]: null } : snapshot.value);
  return (stage ?? 'loadingStatus') as AgentApplicationStage;
};
export const selectRejectReason = (snapshot: AgentApplicationSnapshot) =>
  snapshot.context.application?.status === 'rejected' ? snapshot.context.application.rejectReason : null;
/** Whether the prompt (or the page) is for a second application after a rejection. */
export const selectReapplying = (snapshot: AgentApplicationSnapshot) =>
  snapshot.context.application?.status === 'rejected';
export const selectSubmittedAt = (snapshot: AgentApplicationSnapshot) =>
  snapshot.context.application?.submittedAt ?? null;
