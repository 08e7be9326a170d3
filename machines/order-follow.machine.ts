/**
 * orderFollow: one deposit order or withdrawal followed until it settles, so the page sees the coins
 * arrive (or the order fail) without a reload. The deposit and withdraw machines invoke it once
 * their order exists, each with its own statuses and interval; the views read the order from here.
 *
 * States:
 * - waitingForSettlement: the order can still change by itself (a payment, a refund, an operator's
 *   review, a payout); after `orderPoll` it is checked again. An order that has settled (found so,
 *   or just fetched so) passes through to settled at once.
 * - checkingOrder: the order is fetched as the server has it now. A new status is kept and announced
 *   (`orderChanged`: the balance and the records are fetched again); a failed check is simply tried
 *   again at the next interval, so a network blip does not interrupt the page.
 * - settled: the order no longer changes by itself; nothing more is fetched.
 */
import { type ActorRefFrom, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** What following needs of an order: its number to fetch it by, and its status. */
export interface FollowedOrder {
  orderSn: string;
  status: string;
}

interface OrderFollowContext<TOrder extends FollowedOrder> {
  order: TOrder;
}

/**
 * The follower for one kind of order: `settledStatuses` are those the order no longer leaves by
 * itself, and it is checked every `pollMs` until it reaches one.
 */
export function orderFollowMachine<TOrder extends FollowedOrder>(options: {
  settledStatuses: readonly TOrder['status'][];
  pollMs: number;
}) {
  return setup({
    types: {
      context: {} as OrderFollowContext<TOrder>,
      input: {} as { order: TOrder },
    },
    actors: {
      fetchOrder: fromPromise<TOrder, { orderSn: string }>(async () => {
        throw new Error('fetchOrder must be provided');
      }),
    },
    delays: {
      orderPoll: options.pollMs,
    },
    actions: {
      /** The order or the balance changed on the server: refetch the balance and the records. */
      orderChanged: () => {},
    },
    guards: {
      settled: ({ context }) => options.settledStatuses.includes(context.order.status),
    },
  }).createMachine({
    id: 'orderFollow',
    context: ({ input }) => ({ order: input.order }),
    initial: 'waitingForSettlement',
    states: {
      waitingForSettlement: {
        always: { guard: 'settled', target: 'settled' },
        after: { orderPoll: { target: 'checkingOrder' } },
      },
      checkingOrder: {
        invoke: {
          id: 'fetchOrder',
          src: 'fetchOrder',
          input: ({ context }) => ({ orderSn: context.order.orderSn }),
          onDone: [
            {
              guard: ({ context, event }) => event.output.status !== context.order.status,
              target: 'waitingForSettlement',
              actions: [assign({ order: ({ event }) => event.output }), 'orderChanged'],
            },
            { target: 'waitingForSettlement' },
          ],
          onError: { target: 'waitingForSettlement' },
        },
      },
      settled: {},
    },
  });
}

export type OrderFollowActor<TOrder extends FollowedOrder> = ActorRefFrom<
  ReturnType<typeof orderFollowMachine<TOrder>>
>;
export type OrderFollowSnapshot<TOrder extends FollowedOrder> = SnapshotFrom<OrderFollowActor<TOrder>>;

/** The order as last fetched. */
export const selectFollowedOrder = <TOrder extends FollowedOrder>(snapshot: OrderFollowSnapshot<TOrder>): TOrder =>
  snapshot.context.order;
/** Whether the order is settled one way or the other: the page stops showing that it follows it. */
export const selectOrderSettled = <TOrder extends FollowedOrder>(snapshot: OrderFollowSnapshot<TOrder>) =>
  snapshot.value === 'settled';
