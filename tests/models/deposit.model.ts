import type { DepositOrder, PayChannel } from '@contract/deposit';
import {
  type CreatedOrder,
  type DepositPrerequisites,
  type DepositSnapshot,
  depositMachine,
  depositRequest,
} from '@machines/deposit.machine';
import { type ActorOutcome, type EventFixtures, machineModel, serializeMoneyRequest } from '../machines/model-paths';

export const online: PayChannel = {
  id: 'online-bank',
  name: 'オンライン決済',
  mode: 'automatic',
  currency: 'JPY',
  minAmount: 1_000,
  maxAmount: 500_000,
  presetAmounts: [1_000, 5_000, 10_000],
  feeRateBasisPoints: 0,
};
export const transfer: PayChannel = {
  ...online,
  id: 'bank-transfer',
  name: '銀行振込',
  mode: 'manual',
  feeRateBasisPoints: 150,
};
export const names = { firstName: '花子', lastName: '山田', pinyinName: 'ヤマダハナコ' };
export const card = { id: 3, bankName: '三井住友銀行', maskedCardNumber: '****4567', isDefault: true };
export const ready: DepositPrerequisites = { profile: names, cards: [card], channels: [online, transfer] };

export const automaticOrder = (
  status: 'pendingPayment' | 'paymentSuccessful' | 'refundInProcess' | 'refundSuccessful',
): DepositOrder => ({
  orderSn: 'D20261121000001',
  channelId: 'online-bank',
  channelName: 'オンライン決済',
  amount: 5_000,
  fee: 0,
  createdAt: '2026-11-21T00:00:00.000Z',
  paidAt: status === 'pendingPayment' ? null : '2026-11-21T00:01:00.000Z',
  failureReason: null,
  mode: 'automatic',
  currency: 'JPY',
  status,
});
export const manualOrder = (status: 'inProgress' | 'successful' | 'failed'): DepositOrder => ({
  orderSn: 'D20261121000002',
  channelId: 'bank-transfer',
  channelName: '銀行振込',
  amount: 10_000,
  fee: 150,
  createdAt: '2026-11-21T00:00:00.000Z',
  paidAt: status === 'successful' ? '2026-11-21T02:00:00.000Z' : null,
  failureReason: null,
  mode: 'manual',
  currency: 'JPY',
  status,
});
export const checkout: CreatedOrder = {
  order: automaticOrder('pendingPayment'),
  instructions: { kind: 'redirect', url: 'http://127.0.0.1:8181/sandbox-pay/checkout/pay_1' },
  expiresAt: '2026-11-21T00:30:00.000Z',
};
export const bankTransfer: CreatedOrder = {
  order: manualOrder('inProgress'),
  instructions: {
    kind: 'bankTransfer',
    yenAmount: 10_000,
    bankName: 'サンドボックス銀行',
    branchName: 'テスト支店',
    branchCode: '001',
    accountType: '普通',
    accountNumber: '1234567',
    accountHolder: 'ゲームホール',
    transferNote: 'D20261121000002',
  },
  expiresAt: '2026-11-21T00:30:00.000Z',
};

const requestFixtures: EventFixtures<typeof depositRequest> = {
  'prerequisites.retry': [{ type: 'prerequisites.retry' }],
  'form.submit': [
    { type: 'form.submit', body: { channelId: 'online-bank', amount: 5_000, bankCardId: 3 } },
    { type: 'form.submit', body: { channelId: 'bank-transfer', amount: 10_000, bankCardId: 3 } },
  ],
  'request.retry': [{ type: 'request.retry' }],
  'request.edit': [{ type: 'request.edit' }],
};

const depositFixtures: EventFixtures<typeof depositMachine> = {
  'deposit.again': [{ type: 'deposit.again' }],
  'openOrder.continue': [{ type: 'openOrder.continue' }],
  'openOrder.cancel': [{ type: 'openOrder.cancel' }],
};

export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });
export const refused = Object.assign(new Error('refused'), {
  code: 422,
  fields: { bankCardId: 'カードの名義が違います' },
});
export const unknownOrder = Object.assign(new Error('The order was not found.'), { code: 404, fields: {} });

const requestOutcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadPrerequisites', output: ready },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, profile: { ...names, pinyinName: null } } },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, cards: [] } },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, channels: [] } },
  { type: 'xstate.error.actor.loadPrerequisites', error: offline },
  { type: 'xstate.done.actor.sendRequest', output: checkout },
  { type: 'xstate.error.actor.sendRequest', error: offline },
  { type: 'xstate.error.actor.sendRequest', error: refused },
];

const depositOutcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.request', output: checkout },
  { type: 'xstate.done.actor.request', output: bankTransfer },
  {
    type: 'xstate.done.actor.resumeOrder',
    output: { order: automaticOrder('paymentSuccessful'), instructions: null, expiresAt: '2026-11-21T00:30:00.000Z' },
  },
  { type: 'xstate.error.actor.resumeOrder', error: unknownOrder },
  { type: 'xstate.done.actor.findOpenOrder', output: bankTransfer },
  { type: 'xstate.done.actor.findOpenOrder', output: null },
  { type: 'xstate.error.actor.findOpenOrder', error: offline },
  { type: 'xstate.done.actor.cancelOpenOrder', output: manualOrder('inProgress') },
  { type: 'xstate.error.actor.cancelOpenOrder', error: offline },
];

const serializeDeposit = (snapshot: DepositSnapshot) => JSON.stringify([snapshot.value, snapshot.context.order]);

/** The front: the prerequisites, the form and the order's creation. */
export const depositRequestModel = machineModel({
  title: 'depositRequest',
  machine: depositRequest,
  fixtures: requestFixtures,
  outcomes: requestOutcomes,
  serializeState: serializeMoneyRequest,
  actorNames: ['loadPrerequisites', 'sendRequest'],
});

/** The whole deposit, a fresh one and one the checkout page sent the player back to. */
export const depositModels = [{}, { orderSn: 'D20261121000001' }].map((input: { orderSn?: string }) =>
  machineModel({
    title: `depositMachine ${input.orderSn ? '[back from checkout]' : '[fresh]'}`,
    machine: depositMachine,
    fixtures: depositFixtures,
    outcomes: depositOutcomes,
    input,
    serializeState: serializeDeposit,
    actorNames: ['request', 'resumeOrder', 'followOrder', 'findOpenOrder', 'cancelOpenOrder'],
  }),
);
