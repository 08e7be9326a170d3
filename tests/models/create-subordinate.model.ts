import { type CreateSubordinateSnapshot, createSubordinateMachine } from '@machines/create-subordinate.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

export const password = 'Cedar grove 2026!';

const fixtures: EventFixtures<typeof createSubordinateMachine> = {
  'form.submit': [{ type: 'form.submit', account: 'hanako7', password }],
  'form.again': [{ type: 'form.again' }],
};

export const taken = Object.assign(new Error('refused'), {
  code: 409,
  fields: { account: 'このアカウント名はすでに使われています。' },
});
export const created = { userId: 41, account: 'hanako7', createdAt: '2026-04-01T00:00:00.000Z' };

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.createSubordinate', output: created },
  { type: 'xstate.error.actor.createSubordinate', error: taken },
];

const serializeState = (snapshot: CreateSubordinateSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.refusals]);

export const createSubordinateModel = machineModel({
  title: 'createSubordinateMachine',
  machine: createSubordinateMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['createSubordinate'],
});
