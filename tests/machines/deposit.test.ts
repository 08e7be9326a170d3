import { type DepositOrder, depositOrderForm } from '@contract/deposit';
import {
  type CreatedOrder,
  type DepositPrerequisites,
  depositMachine,
  depositOrderFollow,
  depositQuote,
  depositRequest,
  type OrderRequest,
  selectDepositFollower,
  selectDepositRequest,
  selectDepositStage,
} from '@machines/deposit.machine';
import {
  selectRequestRefusals,
  selectRequestSent,
  selectRequestStage,
  startingCardId,
} from '@machines/money-request.machine';
import { selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  automaticOrder,
  bankTransfer,
  card,
  checkout,
  depositModels,
  depositRequestModel,
  manualOrder,
  names,
  offline,
  online,
  ready,
  refused,
  transfer,
  unknownOrder,
} from '../models/deposit.model';
import { modelPaths, replayPath } from './model-paths';

describe('deposit request model', () => {
  const paths = modelPaths(depositRequestModel);

  it('reaches every state a deposit can be in before its order exists', () => {
    const reached = new Set(paths.map((p) => p.endState));
    for (const value of [
      '"checkingPrerequisites"',
      '"prerequisitesUnavailable"',
      '"needsPersonalInformation"',
      '"needsBankCard"',
      '"noChannel"',
      '"editing"',
      '"sending"',
      '"interrupted"',
      '"sent"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  for (const { path, description } of paths) {
    it(`replays ${description}`, async () => {
      await replayPath(depositRequestModel, path, (live, model) => {
        expect(selectRequestStage(live)).toBe(selectRequestStage(model));
        expect(selectRequestRefusals(live)).toEqual(selectRequestRefusals(model));
        expect(selectRequestSent(live)).toEqual(selectRequestSent(model));
        expect(live.context.idempotencyKey === null).toBe(model.context.idempotencyKey === null);
      });
    });
  }
});

describe('deposit machine model', () => {
  const runs = depositModels.map((model) => ({ model, paths: modelPaths(model) }));

  it('reaches every state', () => {
    const reached = new Set(runs.flatMap(({ paths }) => paths.map((p) => p.endState)));
    for (const value of [
      '"resumingOrder"',
      '"findingOpenOrder"',
      '"offeringOpenOrder"',
      '"cancellingOpenOrder"',
      '"requesting"',
      '"following"',
    ]) {
      expect(reached).toContain(value);
    }
  });

  for (const { model, paths } of runs) {
    const label = model.input?.orderSn ? '[back from checkout]' : '[fresh]';
    for (const { path, description } of paths) {
      it(`replays ${label} ${description}`, async () => {
        await replayPath(model, path, (live, model) => {
          expect(selectDepositStage(live)).toBe(selectDepositStage(model));
          expect(live.context.order).toEqual(model.context.order);
        });
      });
    }
  }
});

describe('deposit rules', () => {
  function start(
    options: {
      prerequisites?: DepositPrerequisites;
      create?: (request: OrderRequest) => Promise<CreatedOrder>;
      orders?: DepositOrder[];
      resume?: string;
    } = {},
  ) {
    const clock = new SimulatedClock();
    const requests: OrderRequest[] = [];
    const effects: string[] = [];
    const orders = [...(options.orders ?? [])];
    const nextOrder = () => {
      const order = orders.length > 1 ? orders.shift() : orders[0];
      if (!order) throw unknownOrder;
      return order;
    };
    const fetchOrder = fromPromise<DepositOrder, { orderSn: string }>(async () => nextOrder());
    const actor = createActor(
      depositMachine.provide({
        actors: {
          request: depositRequest.provide({
            actors: {
              loadPrerequisites: fromPromise(async () => options.prerequisites ?? ready),
              sendRequest: fromPromise(async ({ input }) => {
                requests.push(input);
                return (options.create ?? (async () => checkout))(input);
              }),
            },
          }),
          // As the server answers: the instructions while a transfer is still awaited.
          resumeOrder: fromPromise(async () => {
            const order = nextOrder();
            const instructions = order.status === 'inProgress' ? bankTransfer.instructions : null;
            return { order, instructions, expiresAt: bankTransfer.expiresAt };
          }),
          followOrder: depositOrderFollow.provide({
            actors: { fetchOrder },
            actions: { orderChanged: () => void effects.push('orderChanged') },
          }),
        },
        actions: {
          openCheckout: (_, { url }) => void effects.push(`open:${url}`),
          orderChanged: () => void effects.push('orderChanged'),
        },
      }),
      { clock, input: { orderSn: options.resume ?? null } },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    /** The front of the deposit the page shows while there is one. */
    const request = () => selectDepositRequest(actor.getSnapshot());
    const form = () => request()!.getSnapshot();
    const send = (event: Parameters<NonNullable<ReturnType<typeof request>>['send']>[0]) => request()?.send(event);
    /** The form as the page sends it once its checks pass. */
    const submit = (body: Partial<OrderRequest['body']> = {}) =>
      send({ type: 'form.submit', body: { channelId: 'online-bank', amount: 5_000, bankCardId: 3, ...body } });
    /** Where the page stands: the front's state while the deposit is being made, else the deposit's. */
    const stage = () => {
      const front = request();
      return front ? selectRequestStage(front.getSnapshot()) : selectDepositStage(actor.getSnapshot());
    };
    /** The order as the page shows it, from its follower. */
    const followed = () => {
      const follower = selectDepositFollower(actor.getSnapshot());
      return (
        follower && {
          order: selectFollowedOrder(follower.getSnapshot()),
          settled: selectOrderSettled(follower.getSnapshot()),
        }
      );
    };
    return { actor, clock, requests, effects, settle, form, send, submit, stage, followed };
  }

  /** The message the form shows on each field (its first) from its checks (the contract's depositOrderForm), field by field. */
  const formMessages = (values: { channelId: string; amount: string; bankCardId: string | null }) => {
    const result = v.safeParse(depositOrderForm(ready.channels, [card.id]), values);
    if (result.success) return {};
    return Object.fromEntries(
      Object.entries(v.flatten(result.issues).nested ?? {}).map(([field, keys]) => [field, keys?.[0]]),
    );
  };

  it('starts with the default card, and shows the coins the amount buys on the chosen channel', async () => {
    const { settle, form } = start({
      prerequisites: { ...ready, cards: [{ ...card, id: 1, isDefault: false }, card] },
    });
    await settle();
    expect(startingCardId(form().context.prerequisites?.cards ?? [])).toBe(3);
    expect(depositQuote('10,000', online)).toEqual({ amount: 10_000, coins: 10_000, fee: 0, credited: 10_000 });
    expect(depositQuote('10000', transfer)).toEqual({ amount: 10_000, coins: 10_000, fee: 150, credited: 9_850 });
  });

  it('promises no credit for an amount the form refuses: below the minimum, above the maximum, not a number', () => {
    expect(depositQuote('999', online)).toBeNull();
    expect(depositQuote('500001', online)).toBeNull();
    expect(depositQuote('12.5', online)).toBeNull();
    expect(depositQuote('', online)).toBeNull();
    expect(depositQuote('5000', null)).toBeNull();
    expect(depositQuote('1000', online)?.credited).toBe(1_000);
    expect(depositQuote('500000', online)?.credited).toBe(500_000);
  });

  it("keeps the amount within the channel's limits, on an open channel, from a bound card", () => {
    const values = { channelId: 'online-bank', amount: '', bankCardId: '3' };
    expect(formMessages(values)).toEqual({ amount: 'validation.amountRequired' });
    expect(formMessages({ ...values, amount: '999' })).toEqual({ amount: 'validation.amountMin' });
    expect(formMessages({ ...values, amount: '500001' })).toEqual({ amount: 'validation.amountMax' });
    expect(formMessages({ ...values, amount: '12.5' })).toEqual({ amount: 'validation.amount' });
    expect(formMessages({ channelId: 'closed', amount: '5000', bankCardId: null })).toEqual({
      channelId: 'validation.channel',
      bankCardId: 'validation.bankCard',
    });
    expect(v.parse(depositOrderForm(ready.channels, [card.id]), { ...values, amount: '１０,０００' })).toEqual({
      channelId: 'online-bank',
      amount: 10_000,
      bankCardId: 3,
    });
  });

  it('asks for personal information first, then for a bound card', async () => {
    const missingNames = start({ prerequisites: { ...ready, profile: { ...names, lastName: '' } } });
    await missingNames.settle();
    expect(missingNames.stage()).toBe('needsPersonalInformation');
    const noCard = start({ prerequisites: { ...ready, cards: [] } });
    await noCard.settle();
    expect(noCard.stage()).toBe('needsBankCard');
  });

  it('one deposit, one key: a retry after no answer reuses it, a new deposit gets a new one', async () => {
    let attempts = 0;
    const { actor, settle, submit, requests, form, send, stage } = start({
      create: async () => {
        attempts += 1;
        if (attempts === 1) throw offline;
        return checkout;
      },
      orders: [automaticOrder('pendingPayment')],
    });
    await settle();
    submit();
    submit({ amount: 6_000 });
    await settle();
    expect(stage()).toBe('interrupted');
    send({ type: 'request.retry' });
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual({
      body: { channelId: 'online-bank', amount: 5_000, bankCardId: 3 },
      idempotencyKey: expect.any(String),
    });
    expect(requests[1]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);
    actor.send({ type: 'deposit.again' });
    await settle();
    expect(selectRequestSent(form())).toBeNull();
    submit();
    await settle();
    expect(requests).toHaveLength(3);
    expect(requests[2]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });

  it("a refusal is an answer: back to the form with the server's sentence, and a new key next time", async () => {
    let attempts = 0;
    const { settle, submit, requests, form, stage } = start({
      create: async () => {
        attempts += 1;
        if (attempts === 1) throw refused;
        return checkout;
      },
    });
    await settle();
    submit();
    await settle();
    expect(stage()).toBe('editing');
    expect(selectRequestRefusals(form())).toEqual({ bankCardId: 'カードの名義が違います' });
    submit();
    await settle();
    expect(requests[1]?.idempotencyKey).not.toBe(requests[0]?.idempotencyKey);
  });

  it('opens the checkout page and follows the order until the coins arrive', async () => {
    const { clock, settle, submit, effects, followed, stage } = start({
      orders: [automaticOrder('pendingPayment'), automaticOrder('paymentSuccessful')],
    });
    await settle();
    submit();
    await settle();
    expect(effects).toEqual(['open:http://127.0.0.1:8181/sandbox-pay/checkout/pay_1', 'orderChanged']);
    expect(stage()).toBe('following');
    expect(followed()).toEqual({ order: automaticOrder('pendingPayment'), settled: false });
    clock.increment(5_000);
    await settle();
    expect(followed()?.order.status).toBe('pendingPayment');
    expect(effects).toHaveLength(2);
    clock.increment(5_000);
    await settle();
    expect(followed()).toEqual({ order: automaticOrder('paymentSuccessful'), settled: true });
    expect(effects).toEqual(['open:http://127.0.0.1:8181/sandbox-pay/checkout/pay_1', 'orderChanged', 'orderChanged']);
  });

  it('back from the checkout page, the named order is followed at once; an unknown one leads to the form', async () => {
    const back = start({ resume: 'D20261121000001', orders: [automaticOrder('paymentSuccessful')] });
    await back.settle();
    expect(back.stage()).toBe('following');
    expect(back.followed()?.settled).toBe(true);
    const unknown = start({ resume: 'D20261121009999' });
    await unknown.settle();
    await unknown.settle();
    expect(unknown.stage()).toBe('editing');
  });

  it('a bank transfer shows where to send the money and waits for the operator', async () => {
    const { actor, clock, settle, submit, effects, followed } = start({
      create: async () => bankTransfer,
      orders: [manualOrder('failed')],
    });
    await settle();
    submit({ channelId: 'bank-transfer', amount: 10_000 });
    await settle();
    expect(followed()?.order.status).toBe('inProgress');
    expect(actor.getSnapshot().context.instructions).toEqual(bankTransfer.instructions);
    expect(effects).toEqual(['orderChanged']);
    clock.increment(5_000);
    await settle();
    expect(followed()?.order.status).toBe('failed');
  });

  it("an open bank transfer's record brings its instructions back until it is settled", async () => {
    const { actor, clock, settle, followed } = start({
      resume: 'D20261121000002',
      orders: [manualOrder('inProgress'), manualOrder('successful')],
    });
    await settle();
    expect(followed()?.order.status).toBe('inProgress');
    expect(actor.getSnapshot().context.instructions).toEqual(bankTransfer.instructions);
    expect(actor.getSnapshot().context.expiresAt).toBe(bankTransfer.expiresAt);
    clock.increment(5_000);
    await settle();
    expect(followed()?.order.status).toBe('successful');
  });

  it('a new deposit stops following the order and starts from fresh prerequisites', async () => {
    const { actor, settle, followed, stage } = start({
      resume: 'D20261121000001',
      orders: [automaticOrder('pendingPayment')],
    });
    await settle();
    expect(followed()?.settled).toBe(false);
    actor.send({ type: 'deposit.again' });
    await settle();
    expect(stage()).toBe('editing');
    expect(followed()).toBeUndefined();
  });
});
