import { type LetterComposeSnapshot, letterComposeMachine } from '@machines/letter-compose.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof letterComposeMachine> = {
  'form.submit': [
    {
      type: 'form.submit',
      letter: { audience: 'player', userId: 42, texts: { 'ja-JP': { title: 'お知らせ', body: '本文' } } },
    },
    { type: 'form.submit', letter: { audience: 'allAgents', texts: { 'ja-JP': { title: 'お知らせ', body: '本文' } } } },
  ],
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
