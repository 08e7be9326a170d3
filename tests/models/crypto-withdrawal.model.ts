import type { CryptoAssetTerms } from '@contract/crypto';
import {
  type CryptoWithdrawal,
  type CryptoWithdrawFormSnapshot,
  type CryptoWithdrawSnapshot,
  type CryptoWithdrawTerms,
  cryptoWithdrawForm,
  cryptoWithdrawMachine,
  cryptoWithdrawRequest,
} from '@machines/crypto-withdrawal.machine';
import { type ActorOutcome, type EventFixtures, machineModel, serializeMoneyRequest } from '../machines/model-paths';

export const usdtTron: CryptoAssetTerms = {
  coin: 'USDT',
  network: 'TRC20',
  name: 'Tether USD',
  decimals: 6,
  depositEnabled: true,
  withdrawalEnabled: true,
  minDeposit: '1000000',
  minWithdrawal: '10000000',
  maxWithdrawal: '5000000000',
  withdrawalFee: '1000000',
  damageRateBasisPoints: 0,
  confirmations: 19,
  gameCoinsPerCoin: '150',
};
const ethClosed: CryptoAssetTerms = {
  ...usdtTron,
  coin: 'ETH',
  network: 'ERC20',
  decimals: 18,
  withdrawalEnabled: false,
};

export const terms = (
  profile: Partial<CryptoWithdrawTerms['profile']> = {},
  assets = [usdtTron, ethClosed],
): CryptoWithdrawTerms => ({
  profile: { balance: 10_000, kycStatus: 'approved' as const, hasPayPassword: true, ...profile },
  assets,
});

export const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

export const withdrawal = (status: CryptoWithdrawal['status'], txHash: string | null = null): CryptoWithdrawal => ({
  method: 'crypto',
  orderSn: 'W20261126000001',
  amount: 3_000,
  fee: 150,
  status,
  createdAt: '2026-11-26T00:00:00.000Z',
  completedAt: status === 'withdrawalSuccessful' ? '2026-11-26T01:00:00.000Z' : null,
  failureReason: status === 'withdrawalFailed' ? 'The address is blocked' : null,
  coin: 'USDT',
  network: 'TRC20',
  address,
  memo: null,
  cryptoAmount: '19000000',
  networkFee: '1000000',
  damageRateBasisPoints: 0,
  txHash,
});

export const offline = Object.assign(new Error('Request Error'), { code: 0, fields: {} });
export const wrongPassword = Object.assign(new Error('The payment password is wrong'), {
  code: 400,
  fields: { payPassword: 'The payment password is wrong' },
});

/** The body the form hands the request: 20 USDT (in base units) to the address. */
export const body = (payPassword = '135790') => ({
  coin: 'USDT',
  network: 'TRC20',
  address,
  amount: '20000000',
  payPassword,
});

/* ------------------------------------------------------------------ the form */

/** Alone, the form has no request to hand its body to; the rules record what it would hand one. */
const formAlone = cryptoWithdrawForm.provide({ actions: { submitForm: () => {} } });

const formFixtures: EventFixtures<typeof cryptoWithdrawForm> = {
  'pair.chosen': [
    { type: 'pair.chosen', coin: 'USDT', network: 'TRC20' },
    // Offered but closed for withdrawals: the choice is not taken.
    { type: 'pair.chosen', coin: 'ETH', network: 'ERC20' },
  ],
  'pair.change': [{ type: 'pair.change' }],
  'address.changed': [
    { type: 'address.changed', address },
    { type: 'address.changed', address: '  ' },
  ],
  'address.recheck': [{ type: 'address.recheck' }],
  'address.confirm': [{ type: 'address.confirm' }],
  'amount.changed': [
    { type: 'amount.changed', amount: '20' },
    // More than the balance of 10,000 coins covers: no quote.
    { type: 'amount.changed', amount: '70' },
  ],
  'amount.max': [{ type: 'amount.max' }],
  'amount.submit': [
    { type: 'amount.submit', amount: '20' },
    // Below the minimum of 10: refused on the form, and by the machine too.
    { type: 'amount.submit', amount: '5' },
  ],
  'step.back': [{ type: 'step.back' }],
  'withdraw.submit': [
    { type: 'withdraw.submit', payPassword: '135790' },
    { type: 'withdraw.submit', payPassword: '' },
  ],
  'request.refused': [{ type: 'request.refused', message: wrongPassword.message, refusals: wrongPassword.fields }],
};

const formOutcomes: ActorOutcome[] = [
  { type: 'xstate.after.addressDebounce.cryptoWithdrawForm.enteringAddress.typing', delayMs: 400 },
  { type: 'xstate.done.actor.checkAddress', output: { valid: true, reason: null, message: null } },
  {
    type: 'xstate.done.actor.checkAddress',
    output: {
      valid: false,
      reason: 'networkMismatch',
      message: 'Withdrawals go to TRC20, the network of your deposits',
    },
  },
  { type: 'xstate.error.actor.checkAddress', error: offline },
];

const serializeForm = (snapshot: CryptoWithdrawFormSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.pair,
    snapshot.context.address,
    snapshot.context.typedAmount,
    snapshot.context.amount,
    snapshot.context.refusal !== null,
  ]);

/** The form of a request whose gates are open: the pair, the address, the amount and the password. */
export const cryptoWithdrawFormModel = machineModel({
  title: 'cryptoWithdrawForm',
  machine: formAlone,
  fixtures: formFixtures,
  outcomes: formOutcomes,
  input: { prerequisites: terms() },
  serializeState: serializeForm,
  actorNames: ['checkAddress'],
});

/* ------------------------------------------------------------------ the request */

const requestFixtures: EventFixtures<typeof cryptoWithdrawRequest> = {
  'prerequisites.retry': [{ type: 'prerequisites.retry' }],
  'form.submit': [{ type: 'form.submit', body: body() }],
  'request.retry': [{ type: 'request.retry' }],
  'request.edit': [{ type: 'request.edit' }],
};

const requestOutcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadPrerequisites', output: terms() },
  { type: 'xstate.done.actor.loadPrerequisites', output: terms({ kycStatus: 'notSubmitted' }) },
  { type: 'xstate.done.actor.loadPrerequisites', output: terms({ kycStatus: 'pendingReview' }) },
  { type: 'xstate.done.actor.loadPrerequisites', output: terms({ hasPayPassword: false }) },
  { type: 'xstate.done.actor.loadPrerequisites', output: terms({}, [ethClosed]) },
  { type: 'xstate.error.actor.loadPrerequisites', error: offline },
  { type: 'xstate.done.actor.sendRequest', output: withdrawal('withdrawalReview') },
  { type: 'xstate.error.actor.sendRequest', error: wrongPassword },
  { type: 'xstate.error.actor.sendRequest', error: offline },
];

/** The front: the terms and the gates, the form's body and the request, before the coins are held. */
export const cryptoWithdrawRequestModel = machineModel({
  title: 'cryptoWithdrawRequest',
  machine: cryptoWithdrawRequest,
  fixtures: requestFixtures,
  outcomes: requestOutcomes,
  serializeState: serializeMoneyRequest,
  actorNames: ['loadPrerequisites', 'sendRequest'],
});

/* ------------------------------------------------------------------ the withdrawal */

const withdrawFixtures: EventFixtures<typeof cryptoWithdrawMachine> = {
  'withdraw.again': [{ type: 'withdraw.again' }],
  'withdraw.cancel': [{ type: 'withdraw.cancel' }],
};

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

const serializeWithdraw = (snapshot: CryptoWithdrawSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.withdrawal?.status ?? null, snapshot.context.cancelRefusal]);

/** The whole withdrawal, with its front and its follower as single steps. */
export const cryptoWithdrawModel = machineModel({
  title: 'cryptoWithdrawMachine',
  machine: cryptoWithdrawMachine,
  fixtures: withdrawFixtures,
  outcomes: withdrawOutcomes,
  serializeState: serializeWithdraw,
  actorNames: ['request', 'followWithdrawal', 'cancelWithdrawal'],
});
