import { type ReviewDecision, type ReviewInput, reviewMachine } from '@machines/review.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reviewModels } from '../models/review.model';
import { modelPaths, replayPath } from './model-paths';

for (const model of reviewModels) {
  describe(`review machine model (${model.title})`, () => {
    const reached = new Set<string>();
    const paths = modelPaths(model);
    for (const { endState } of paths) reached.add(endState);
    for (const { path, description } of paths) {
      it(`replays ${description}`, async () => {
        await replayPath(model, path, (live, model) => expect(live.context).toEqual(model.context));
      });
    }

    it('reaches every state', () => {
      expect([...reached].sort()).toEqual(
        ['"confirmingApproval"', '"done"', '"failed"', '"idle"', '"submitting"', '"writingRejection"'].sort(),
      );
    });
  });
}

describe('review rules', () => {
  function start(failures = 0, input?: ReviewInput) {
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
        actions: {
          reviewed: () => {
            reviewed += 1;
          },
        },
      }),
      { input },
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
    expect(sent).toEqual([{ outcome: 'approve', remark: '', amount: null }]);
  });

  it('sends the trimmed remark with an approval, and forgets it after a cancel', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'approve' });
    actor.send({ type: 'remark.changed', value: 'Typed in haste' });
    actor.send({ type: 'cancel' });
    actor.send({ type: 'approve' });
    expect(actor.getSnapshot().context.remark).toBe('');
    actor.send({ type: 'remark.changed', value: '  Seen on the statement of 22 November ' });
    actor.send({ type: 'confirm' });
    await settle();
    expect(sent).toEqual([{ outcome: 'approve', remark: 'Seen on the statement of 22 November', amount: null }]);
  });

  it('asks for the amount, blank at first, and refuses a blank one or one below 1', async () => {
    const { actor, sent } = start(0, { asksAmount: true });
    actor.send({ type: 'approve' });
    expect(actor.getSnapshot().context.amountText).toBe('');
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.amountInvalid).toBe(true);
    actor.send({ type: 'amount.changed', value: '0' });
    expect(actor.getSnapshot().context.amountInvalid).toBe(false);
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('confirmingApproval');
    expect(actor.getSnapshot().context.amountInvalid).toBe(true);
    actor.send({ type: 'amount.changed', value: '４,８００' });
    expect(actor.getSnapshot().context.amountInvalid).toBe(false);
    actor.send({ type: 'confirm' });
    await settle();
    expect(sent).toEqual([{ outcome: 'approve', remark: '', amount: 4_800 }]);
  });

  it('ignores an amount when the approval states none', () => {
    const { actor } = start();
    actor.send({ type: 'approve' });
    actor.send({ type: 'amount.changed', value: '100' });
    expect(actor.getSnapshot().context.amountText).toBeNull();
  });
});
