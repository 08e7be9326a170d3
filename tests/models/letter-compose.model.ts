import { type LetterComposeSnapshot, letterComposeMachine } from '@machines/letter-compose.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof letterComposeMachine> = {
  'audience.changed': [{ type: 'audience.changed', audience: 'allAgents' }],
  'userId.changed': [{ type: 'userId.changed', value: '42' }],
  'text.changed': [
    { type: 'text.changed', locale: 'ja-JP', part: 'title', value: 'お知らせ' },
    { type: 'text.changed', locale: 'ja-JP', part: 'body', value: '本文' },
  ],
  preview: [{ type: 'preview' }],
  edit: [{ type: 'edit' }],
  send: [{ type: 'send' }],
  'compose.new': [{ type: 'compose.new' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.sendLetter', output: { letterId: 1 } },
  { type: 'xstate.error.actor.sendLetter', error: new Error('No such player.') },
];

// The key is random per letter: the model compares everything else.
const serializeState = (snapshot: LetterComposeSnapshot) => {
  const { idempotencyKey: _key, ...rest } = snapshot.context;
  return JSON.stringify([snapshot.value, rest]);
};

export const letterComposeModel = machineModel({
  title: 'letterComposeMachine',
  machine: letterComposeMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['sendLetter'],
});
