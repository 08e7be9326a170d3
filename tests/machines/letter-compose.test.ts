import { emptyLetter, type LetterComposeValues, type LetterSend, letterComposeForm } from '@contract/letters-desk';
import { letterComposeMachine, selectLetterToSend } from '@machines/letter-compose.machine';
import * as v from 'valibot';
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
  const toPlayer: LetterSend = { audience: 'player', userId: 7, texts: { 'ja-JP': { title: 'A', body: 'B' } } };

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

  it('the form refuses a letter until the Japanese text is there and each language has both parts', () => {
    const messages = (values: LetterComposeValues) => {
      const result = v.safeParse(letterComposeForm, values);
      return result.success
        ? {}
        : Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue), issue.message]).reverse());
    };
    const letter = emptyLetter();
    expect(messages(letter)).toEqual({
      userId: 'validation.userId',
      'texts.ja-JP.title': 'validation.japaneseRequired',
      'texts.ja-JP.body': 'validation.japaneseRequired',
    });
    letter.audience = 'allPlayers';
    letter.texts['ja-JP'] = { title: 'お知らせ', body: '本文' };
    letter.texts['en-US'] = { title: 'Notice', body: ' ' };
    expect(messages(letter)).toEqual({ 'texts.en-US.title': 'validation.bothOrNeither' });
    letter.texts['en-US'] = { title: '', body: '' };
    expect(v.parse(letterComposeForm, letter)).toEqual({
      audience: 'allPlayers',
      texts: { 'ja-JP': { title: 'お知らせ', body: '本文' } },
    });
    expect(v.parse(letterComposeForm, { ...letter, audience: 'player', userId: ' 7 ' })).toMatchObject({
      audience: 'player',
      userId: 7,
    });
  });

  it('previews the letter the form sent, and forgets it when the operator edits again', () => {
    const { actor } = start();
    actor.send({ type: 'form.submit', letter: toPlayer });
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(selectLetterToSend(actor.getSnapshot())).toEqual(toPlayer);
    actor.send({ type: 'edit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectLetterToSend(actor.getSnapshot())).toBeNull();
  });

  it('retries a failed send with the same key, and a new letter gets a new one', async () => {
    const { actor, sent } = start(1);
    actor.send({ type: 'form.submit', letter: toPlayer });
    actor.send({ type: 'send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('previewing');
    expect(actor.getSnapshot().context.sendError).toBe('Network error');
    actor.send({ type: 'send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(sent.map((call) => call.letter)).toEqual([toPlayer, toPlayer]);
    expect(sent[0]?.idempotencyKey).toBe(sent[1]?.idempotencyKey);
    const firstKey = actor.getSnapshot().context.idempotencyKey;
    actor.send({ type: 'compose.new' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(firstKey);
    expect(actor.getSnapshot().context.letter).toBeNull();
  });
});
