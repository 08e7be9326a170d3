import {
  type OrderFollowSnapshot,
  orderFollowMachine,
  selectFollowedOrder,
  selectOrderSettled,
} from '@machines/order-follow.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { type ActorOutcome, type EventFixtures, modelPaths, replayPath } from './model-paths';

/** An order of its own kind: the follower knows nothing of deposits or withdrawals. */
interface TestOrder {
  orderSn: string;
  status: 'underReview' | 'payingOut' | 'paidOut' | 'failed';
  note: string;
}

const order = (status: TestOrder['status'], note = ''): TestOrder => ({ orderSn: 'T20261121000001', status, note });

const followMachine = orderFollowMachine<TestOrder>({ settledStatuses: ['paidOut', 'failed'], pollMs: 7_000 });

// The follower takes no events of its own: everything it does comes from its timer and its fetches.
const fixtures: EventFixtures<typeof followMachine> = {};

const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.fetchOrder', output: order('underReview', 'fetched again') },
  { type: 'xstate.done.actor.fetchOrder', output: order('payingOut') },
  { type: 'xstate.done.actor.fetchOrder', output: order('paidOut') },
  { type: 'xstate.done.actor.fetchOrder', output: order('failed', 'The account is closed') },
  { type: 'xstate.error.actor.fetchOrder', error: offline },
  { type: 'xstate.after.orderPoll.orderFollow.waitingForSettlement', delayMs: 7_000 },
];

const serializeState = (snapshot: OrderFollowSnapshot<TestOrder>) =>
  JSON.stringify([snapshot.value, snapshot.context.order]);

describe('order follow machine model', () => {
  const inputs = [{ order: order('underReview') }, { order: order('payingOut') }, { order: order('paidOut') }];
  const runs = inputs.map((input) => ({
    input,
    paths: modelPaths(followMachine, { fixtures, outcomes, input, serializeState }),
  }));

  it('reaches every state', () => {
    const reached = new Set(runs.flatMap(({ paths }) => paths.map((p) => p.endState)));
    for (const value of ['"waitingForSettlement"', '"checkingOrder"', '"settled"']) expect(reached).toContain(value);
  });

  for (const { input, paths } of runs) {
    for (const { path, description } of paths) {
      it(`replays [${input.order.status}] ${description}`, async () => {
        await replayPath(followMachine, path, {
          input,
          actorNames: ['fetchOrder'],
          outcomes,
          check: (live, model) => {
            expect(selectFollowedOrder(live)).toEqual(selectFollowedOrder(model));
            expect(selectOrderSettled(live)).toBe(selectOrderSettled(model));
          },
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
