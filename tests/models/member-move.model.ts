import { type MemberMoveInput, type MemberMoveSnapshot, memberMoveMachine } from '@machines/member-move.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof memberMoveMachine> = {
  'move.review': [
    { type: 'move.review', amount: 300 },
    { type: 'move.review', amount: 40 },
  ],
  'move.back': [{ type: 'move.back' }],
  'move.confirm': [{ type: 'move.confirm' }],
  'move.retry': [{ type: 'move.retry' }],
  'move.edit': [{ type: 'move.edit' }],
};

export const frozen = Object.assign(new Error("This member's account is frozen; its balance cannot change."), {
  code: 422,
});
export const networkDown = Object.assign(new Error('Failed to fetch'), { code: 0 });
export const moved = {
  transferSn: '9',
  amount: 300,
  agentBalance: 700,
  memberBalance: 350,
  createdAt: '2026-04-01T00:00:00Z',
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.moveCoins', output: moved },
  { type: 'xstate.error.actor.moveCoins', error: frozen },
  { type: 'xstate.error.actor.moveCoins', error: networkDown },
];

export const inputs: MemberMoveInput[] = [
  { direction: 'transfer', member: { userId: 7, account: 'hanako7', balance: 50, takeable: 50 }, agentBalance: 1_000 },
  // Part of the member's balance is their own: the agent may take back less than all of it.
  { direction: 'decrease', member: { userId: 7, account: 'hanako7', balance: 350, takeable: 300 }, agentBalance: 400 },
];

const serializeState = (snapshot: MemberMoveSnapshot) => JSON.stringify([snapshot.value, snapshot.context.amount]);

/** Coins to the member, and back from the member. */
export const memberMoveModels = inputs.map((input) =>
  machineModel({
    title: `memberMoveMachine [${input.direction}]`,
    machine: memberMoveMachine,
    fixtures,
    outcomes,
    input,
    serializeState,
    actorNames: ['moveCoins'],
  }),
);
