import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ReviewDecision, reviewMachine, type ReviewSnapshot } from '../../machines/review.machine';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

const fixtures: EventFixtures<typeof reviewMachine> = {
  approve: [{ type: 'approve' }],
  reject: [{ type: 'reject' }],
  'reason.changed': [
    { type: 'reason.changed', value: 'The photo is blurred' },
    { type: 'reason.changed', value: '  ' },
  ],
  confirm: [{ type: 'confirm' }],
  cancel: [{ type: 'cancel' }],
  retry: [{ type: 'retry' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.sendDecision' },
  { type: 'xstate.error.actor.sendDecision', error: Object.assign(new Error('Already reviewed.'), { code: 409 }) },
];

const serializeState = (snapshot: ReviewSnapshot) => JSON.stringify([snapshot.value, snapshot.context]);

describe('review machine model', () => {
  const reached = new Set<string>();
  const paths = modelPaths(reviewMachine, { fixtures, outcomes, serializeState });
  for (const { endState } of paths) reached.add(endState);
  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(reviewMachine, path, {
        actorNames: ['sendDecision'],
        outcomes,
        check: (live, model) => expect(live.context).toEqual(model.context),
      });
    });
  }

  it('reaches every state', () => {
    expect([...reached].sort()).toEqual(
      ['"confirmingApproval"', '"done"', '"failed"', '"idle"', '"submitting"', '"writingRejection"'].sort(),
    );
  });
});

describe('review rules', () => {
  function start(failures = 0) {
    const sent: ReviewDecision[] = [];
    let reviewed = 0;
    let remainingFailures = failures;
    const actor = createActor(
      reviewMachine.provide({
        actors: {
          sendDecision: fromPromise(async ({ input }) => {
            sent.push(input);
            if (remainingFailures > 0) {
              remainingFailures -= 1;
              throw new Error('no answer');
            }
          }),
        },
        actions: { reviewed: () => void (reviewed += 1) },
      }),
    ).start();
    return { actor, sent, reviewed: () => reviewed };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('will not send a rejection without a reason', () => {
    const { actor, sent } = start();
    actor.send({ type: 'reject' });
    actor.send({ type: 'reason.changed', value: '   ' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('writingRejection');
    expect(actor.getSnapshot().context.reasonMissing).toBe(true);
    expect(sent).toEqual([]);
  });

  it('sends the trimmed reason, and the same decision again on retry', async () => {
    const { actor, sent, reviewed } = start(1);
    actor.send({ type: 'reject' });
    actor.send({ type: 'reason.changed', value: ' Name does not match the card ' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'retry' });
    await settle();
    expect(sent).toEqual([
      { outcome: 'reject', reason: 'Name does not match the card' },
      { outcome: 'reject', reason: 'Name does not match the card' },
    ]);
    expect(reviewed()).toBe(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('approves only after confirmation', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'approve' });
    expect(sent).toEqual([]);
    actor.send({ type: 'confirm' });
    await settle();
    expect(sent).toEqual([{ outcome: 'approve' }]);
  });
});
