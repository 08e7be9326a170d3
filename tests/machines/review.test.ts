import { receivedAmountForm, reviewApprovalForm, reviewRejectionForm } from '@contract/admin';
import { type ReviewDecision, type ReviewInput, reviewMachine } from '@machines/review.machine';
import * as v from 'valibot';
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

  it('the forms ask for a reason, and for a whole amount of at least 1, grouping allowed', () => {
    const messages = (schema: v.GenericSchema, values: Record<string, string>) => {
      const result = v.safeParse(schema, values);
      const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
      return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
    };
    expect(messages(reviewRejectionForm, { reason: '   ' })).toEqual({ reason: 'validation.reason' });
    expect(messages(receivedAmountForm, { amount: '', remark: '' })).toEqual({ amount: 'validation.amount' });
    expect(messages(receivedAmountForm, { amount: '1.5', remark: '' })).toEqual({ amount: 'validation.amount' });
    expect(messages(receivedAmountForm, { amount: '0', remark: '' })).toEqual({ amount: 'validation.amountPositive' });
    expect(v.parse(receivedAmountForm, { amount: '４,８００', remark: ' Seen ' })).toEqual({
      amount: 4_800,
      remark: 'Seen',
    });
    expect(v.parse(reviewApprovalForm, { remark: '' })).toEqual({ remark: '' });
  });

  it('will not send a rejection without a reason', () => {
    const { actor, sent } = start();
    actor.send({ type: 'reject' });
    actor.send({ type: 'rejection.submit', reason: '   ' });
    expect(actor.getSnapshot().value).toBe('writingRejection');
    expect(sent).toEqual([]);
  });

  it('sends the trimmed reason, and the same decision again on retry', async () => {
    const { actor, sent, reviewed } = start(1);
    actor.send({ type: 'reject' });
    actor.send({ type: 'rejection.submit', reason: ' Name does not match the card ' });
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

  it('approves only after confirmation, with the trimmed remark', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'approve' });
    expect(sent).toEqual([]);
    actor.send({ type: 'approval.submit', remark: '  Seen on the statement of 22 November ', amount: null });
    await settle();
    expect(sent).toEqual([{ outcome: 'approve', remark: 'Seen on the statement of 22 November', amount: null }]);
  });

  it('forgets a failed decision after a cancel', async () => {
    const { actor, sent } = start(1);
    actor.send({ type: 'approve' });
    actor.send({ type: 'approval.submit', remark: 'Typed in haste', amount: null });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('no answer');
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().context).toMatchObject({ decision: null, error: null });
    expect(sent).toHaveLength(1);
  });

  it('asks for the amount, and refuses an approval without one', async () => {
    const { actor, sent } = start(0, { asksAmount: true });
    actor.send({ type: 'approve' });
    actor.send({ type: 'approval.submit', remark: '', amount: null });
    actor.send({ type: 'approval.submit', remark: '', amount: 0 });
    expect(actor.getSnapshot().value).toBe('confirmingApproval');
    actor.send({ type: 'approval.submit', remark: '', amount: 4_800 });
    await settle();
    expect(sent).toEqual([{ outcome: 'approve', remark: '', amount: 4_800 }]);
  });

  it('ignores an amount when the approval states none', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'approve' });
    actor.send({ type: 'approval.submit', remark: '', amount: 100 });
    await settle();
    expect(sent).toEqual([{ outcome: 'approve', remark: '', amount: null }]);
  });
});
