import type { AgentApplication } from '@contract/agent';
import {
  type AgentApplicationSnapshot,
  type AgentStanding,
  agentApplicationMachine,
} from '@machines/agent-application.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const application = (
  status: AgentApplication['status'],
  rejectReason: string | null = null,
): AgentApplication => ({
  id: 4,
  status,
  remark: null,
  submittedAt: '2026-11-21T00:00:00.000Z',
  reviewedAt: status === 'pendingReview' ? null : '2026-11-21T01:00:00.000Z',
  rejectReason,
});

export const standing = (
  status: AgentApplication['status'] | null,
  rejectReason: string | null = null,
): AgentStanding => ({
  isAgent: status === 'approved',
  application: status ? application(status, rejectReason) : null,
});

const fixtures: EventFixtures<typeof agentApplicationMachine> = {
  'application.start': [{ type: 'application.start' }],
  'application.confirm': [{ type: 'application.confirm' }],
  'application.cancel': [{ type: 'application.cancel' }],
  'status.retry': [{ type: 'status.retry' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadStanding', output: standing(null) },
  { type: 'xstate.done.actor.loadStanding', output: standing('pendingReview') },
  { type: 'xstate.done.actor.loadStanding', output: standing('approved') },
  { type: 'xstate.done.actor.loadStanding', output: standing('rejected', 'Too few players yet') },
  { type: 'xstate.error.actor.loadStanding', error: new Error('offline') },
  { type: 'xstate.done.actor.submitApplication', output: application('pendingReview') },
  { type: 'xstate.error.actor.submitApplication', error: Object.assign(new Error('already waiting'), { code: 409 }) },
  { type: 'xstate.after.reviewPoll.agentApplication.pendingReview.waiting', delayMs: 5_000 },
];

const serializeState = (snapshot: AgentApplicationSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.application?.status ?? null]);

export const agentApplicationModel = machineModel({
  title: 'agentApplicationMachine',
  machine: agentApplicationMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['loadStanding', 'submitApplication'],
});
