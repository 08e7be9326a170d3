import { selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { followMachine, offline, order, orderFollowModels, type TestOrder } from '../models/order-follow.model';
import { modelPaths, replayPath } from './model-paths';

describe('order follow machine model', () => {
  const runs = orderFollowModels.map((model) => ({ model, paths: modelPaths(model) }));

  it('reaches every state', () => {
    const reached = new Set(runs.flatMap(({ paths }) => paths.map((p) => p.endState)));
    for (const value of ['"waitingForSettlement"', '"checkingOrder"', '"settled"']) expect(reached).toContain(value);
  });

  for (const { model, paths } of runs) {
    for (const { path, description } of paths) {
      it(`replays [${model.input?.order.status}] ${description}`, async () => {
        await replayPath(model, path, (live, model) => {
          expect(selectFollowedOrder(live)).toEqual(selectFollowedOrder(model));
          expect(selectOrderSettled(live)).toBe(selectOrderSettled(model));
        });
      });
    }
  }
});

describe('order follow rules', () => {
  function start(initial: TestOrder, answers: (TestOrder | Error)[]) {
    const clock = new SimulatedClock();
    const fetched: string[] = [];
    const changes: string[] = [];
    const actor = createActor(
      followMachine.provide({
        actors: {
          fetchOrder: fromPromise(async ({ input }) => {
            fetched.push(input.orderSn);
            const answer = answers.shift() ?? offline;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
        actions: { orderChanged: ({ context }) => void changes.push(context.order.status) },
      }),
      { clock, input: { order: initial } },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const wait = async (ms: number) => {
      clock.increment(ms);
      await settle();
    };
    return { actor, fetched, changes, wait };
  }

  it('checks the order at each interval until it settles, announcing each new status once', async () => {
    const { actor, fetched, changes, wait } = start(order('underReview'), [
      order('underReview'),
      order('payingOut'),
      offline,
      order('paidOut'),
    ]);
    await wait(6_999);
    expect(fetched).toEqual([]);
    await wait(1);
    expect(fetched).toEqual(['T20261121000001']);
    expect(changes).toEqual([]);
    await wait(7_000);
    expect(selectFollowedOrder(actor.getSnapshot()).status).toBe('payingOut');
    expect(changes).toEqual(['payingOut']);
    // A failed check changes nothing on the page: the next interval tries again.
    await wait(7_000);
    expect(selectFollowedOrder(actor.getSnapshot()).status).toBe('payingOut');
    expect(selectOrderSettled(actor.getSnapshot())).toBe(false);
    await wait(7_000);
    expect(selectOrderSettled(actor.getSnapshot())).toBe(true);
    expect(changes).toEqual(['payingOut', 'paidOut']);
    await wait(60_000);
    expect(fetched).toHaveLength(4);
  });

  it('does not fetch an order that is already settled', async () => {
    const { actor, fetched, wait } = start(order('failed', 'The account is closed'), []);
    expect(selectOrderSettled(actor.getSnapshot())).toBe(true);
    await wait(60_000);
    expect(fetched).toEqual([]);
  });
});
