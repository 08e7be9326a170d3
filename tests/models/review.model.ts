import { type ReviewSnapshot, reviewMachine } from '@machines/review.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

/** Every event of the review, as the model and the browser replay send them. */
export const reviewFixtures: EventFixtures<typeof reviewMachine> = {
  approve: [{ type: 'approve' }],
  reject: [{ type: 'reject' }],
  'approval.submit': [
    { type: 'approval.submit', remark: 'Matches the statement', amount: 4_800 },
    { type: 'approval.submit', remark: '', amount: null },
  ],
  'rejection.submit': [{ type: 'rejection.submit', reason: 'The photo is blurred' }],
  cancel: [{ type: 'cancel' }],
  retry: [{ type: 'retry' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.sendDecision' },
  { type: 'xstate.error.actor.sendDecision', error: Object.assign(new Error('Already reviewed.'), { code: 409 }) },
];

const serializeState = (snapshot: ReviewSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

/** A decision without an amount, and an approval that states one (a manual deposit). */
export const reviewModels = [
  { title: 'reviewMachine, without an amount', input: undefined },
  { title: 'reviewMachine, with an approval amount', input: { asksAmount: true } },
].map(({ title, input }) =>
  machineModel({
    title,
    machine: reviewMachine,
    fixtures: reviewFixtures,
    outcomes,
    input,
    serializeState,
    actorNames: ['sendDecision'],
  }),
);
