import type { Withdrawal } from '@contract/withdrawal';
import {
  type WithdrawPrerequisites,
  type WithdrawSnapshot,
  withdrawMachine,
  withdrawRequest,
} from '@machines/withdrawal.machine';
import { type ActorOutcome, type EventFixtures, machineModel, serializeMoneyRequest } from '../machines/model-paths';

export const profile: WithdrawPrerequisites['profile'] = {
  firstName: '花子',
  lastName: '山田',
  pinyinName: 'ヤマダハナコ',
  balance: 20_000,
  kycStatus: 'approved',
  hasPayPassword: true,
};
export const card = { id: 3, bankName: '三井住友銀行', maskedCardNumber: '****4567', isDefault: true };
export const limits = { minAmount: 1_000, maxAmount: 100_000, feeRateBasisPoints: 150, coinsPerYen: 1 };
export const ready: WithdrawPrerequisites = { profile, cards: [card], limits };

export const withdrawal = (status: Withdrawal['status'], failureReason: string | null = null): Withdrawal => ({
  orderSn: 'W20261121000001',
  amount: 8_000,
  fee: 0,
  status,
  createdAt: '2026-11-21T00:00:00.000Z',
  completedAt: status === 'withdrawalSuccessful' || status === 'withdrawalFailed' ? '2026-11-21T01:00:00.000Z' : null,
  failureReason,
  method: 'bank',
  bankCard: { id: 3, bankName: '三井住友銀行', maskedCardNumber: '****4567' },
});

const requestFixtures: EventFixtures<typeof withdrawRequest> = {
  'prerequisites.retry': [{ type: 'prerequisites.retry' }],
  'form.submit': [{ type: 'form.submit', body: { bankCardId: 3, amount: 8_000, payPassword: '246801' } }],
  'request.retry': [{ type: 'request.retry' }],
  'request.edit': [{ type: 'request.edit' }],
};

const withdrawFixtures: EventFixtures<typeof withdrawMachine> = {
  'withdraw.again': [{ type: 'withdraw.again' }],
  'withdraw.cancel': [{ type: 'withdraw.cancel' }],
};

export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });
export const wrongPayPassword = Object.assign(new Error('refused'), {
  code: 422,
  fields: { payPassword: '支払いパスワードが正しくありません' },
});

const requestOutcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadPrerequisites', output: ready },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, profile: { ...profile, firstName: null } } },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, cards: [], limits } },
  {
    type: 'xstate.done.actor.loadPrerequisites',
    output: { ...ready, profile: { ...profile, kycStatus: 'notSubmitted' } },
  },
  {
    type: 'xstate.done.actor.loadPrerequisites',
    output: { ...ready, profile: { ...profile, kycStatus: 'pendingReview' } },
  },
  { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, profile: { ...profile, hasPayPassword: false } } },
  { type: 'xstate.error.actor.loadPrerequisites', error: offline },
  { type: 'xstate.done.actor.sendRequest', output: withdrawal('withdrawalReview') },
  { type: 'xstate.error.actor.sendRequest', error: offline },
  { type: 'xstate.error.actor.sendRequest', error: wrongPayPassword },
];

/** The desk started the review before the cancel arrived. */
export const reviewStarted = Object.assign(
  new Error('This withdrawal can no longer be cancelled: its review has started.'),
  {
    code: 409,
    fields: {},
  },
);

const withdrawOutcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.request', output: withdrawal('withdrawalReview') },
  { type: 'xstate.done.actor.cancelWithdrawal', output: withdrawal('withdrawalCancelled') },
  { type: 'xstate.error.actor.cancelWithdrawal', error: reviewStarted },
];

const serializeWithdraw = (snapshot: WithdrawSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.withdrawal?.status ?? null, snapshot.context.cancelRefusal]);

/** The front: the prerequisites, the form and the request, before the amount is held. */
export const withdrawRequestModel = machineModel({
  title: 'withdrawRequest',
  machine: withdrawRequest,
  fixtures: requestFixtures,
  outcomes: requestOutcomes,
  serializeState: serializeMoneyRequest,
  actorNames: ['loadPrerequisites', 'sendRequest'],
});

/** The whole withdrawal, with its front and its follower as single steps. */
export const withdrawModel = machineModel({
  title: 'withdrawMachine',
  machine: withdrawMachine,
  fixtures: withdrawFixtures,
  outcomes: withdrawOutcomes,
  serializeState: serializeWithdraw,
  actorNames: ['request', 'followWithdrawal', 'cancelWithdrawal'],
});
