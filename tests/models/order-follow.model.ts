import { type OrderFollowSnapshot, orderFollowMachine } from '@machines/order-follow.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

/** An order of its own kind: the follower knows nothing of deposits or withdrawals. */
export interface TestOrder {
  orderSn: string;
  status: 'underReview' | 'payingOut' | 'paidOut' | 'failed';
  note: string;
}

export const order = (status: TestOrder['status'], note = ''): TestOrder => ({
  orderSn: 'T20261121000001',
  status,
  note,
});

export const followMachine = orderFollowMachine<TestOrder>({ settledStatuses: ['paidOut', 'failed'], pollMs: 7_000 });

// The follower takes no events of its own: everything it does comes from its timer and its fetches.
const fixtures: EventFixtures<typeof followMachine> = {};

export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });

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

/** From each kind of status an order can be found in: under review, paying out, settled. */
export const orderFollowModels = [order('underReview'), order('payingOut'), order('paidOut')].map((found) =>
  machineModel({
    title: `orderFollowMachine [found ${found.status}]`,
    machine: followMachine,
    fixtures,
    outcomes,
    input: { order: found },
    serializeState,
    actorNames: ['fetchOrder'],
  }),
);
