import {
  type LetterSend,
  letterComposeMachine,
  selectLetterErrors,
  selectLetterToSend,
} from '@machines/letter-compose.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { letterComposeModel } from '../models/letter-compose.model';
import { modelPaths, replayPath } from './model-paths';

describe('letter compose machine model', () => {
  const reached = new Set<string>();
  const paths = modelPaths(letterComposeModel);
  for (const { endState } of paths) reached.add(endState);
  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(letterComposeModel, path, (live, model) => expect(live.value).toEqual(model.value));
    });
  }

  it('reaches every state', () => {
    expect([...reached].sort()).toEqual(['"editing"', '"previewing"', '"sending"', '"sent"'].sort());
  });
});

describe('letter compose rules', () => {
  function start(failures = 0) {
    const sent: { letter: LetterSend; idempotencyKey: string }[] = [];
    const actor = createActor(
      letterComposeMachine.provide({
        actors: {
          sendLetter: fromPromise(async ({ input }) => {
            sent.push(input);
            if (sent.length <= failures) throw new Error('Network error');
            return { letterId: sent.length };
          }),
        },
      }),
    ).start();
    return { actor, sent };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('refuses the preview until the Japanese text is there and each language has both parts', () => {
    const { actor } = start();
    actor.send({ type: 'preview' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectLetterErrors(actor.getSnapshot())).toEqual({
      userId: 'desk.userIdInvalid',
      'ja-JP.title': 'desk.japaneseRequired',
    });
    actor.send({ type: 'audience.changed', audience: 'allPlayers' });
    actor.send({ type: 'text.changed', locale: 'ja-JP', part: 'title', value: 'お知らせ' });
    actor.send({ type: 'text.changed', locale: 'ja-JP', part: 'body', value: '本文' });
    actor.send({ type: 'text.changed', locale: 'en-US', part: 'title', value: 'Notice' });
    actor.send({ type: 'preview' });
    expect(selectLetterErrors(actor.getSnapshot())).toEqual({ 'en-US.title': 'desk.bothOrNeither' });
    actor.send({ type: 'text.changed', locale: 'en-US', part: 'title', value: '' });
    actor.send({ type: 'preview' });
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(selectLetterToSend(actor.getSnapshot())).toEqual({
      audience: 'allPlayers',
      texts: { 'ja-JP': { title: 'お知らせ', body: '本文' } },
    });
  });

  it('retries a failed send with the same key, and a new letter gets a new one', async () => {
    const { actor, sent } = start(1);
    actor.send({ type: 'userId.changed', value: ' 7 ' });
    actor.send({ type: 'text.changed', locale: 'ja-JP', part: 'title', value: 'A' });
    actor.send({ type: 'text.changed', locale: 'ja-JP', part: 'body', value: 'B' });
    actor.send({ type: 'preview' });
    actor.send({ type: 'send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(actor.getSnapshot().context.sendError).toBe('Network error');
    actor.send({ type: 'send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(sent.map((call) => call.letter)).toEqual([
      { audience: 'player', userId: 7, texts: { 'ja-JP': { title: 'A', body: 'B' } } },
      { audience: 'player', userId: 7, texts: { 'ja-JP': { title: 'A', body: 'B' } } },
    ]);
    expect(sent[0]?.idempotencyKey).toBe(sent[1]?.idempotencyKey);
    const firstKey = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'compose.new' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(firstKey);
    expect(actor.getSnapshot().context.draft['ja-JP']).toEqual({ title: '', body: '' });
  });
});
