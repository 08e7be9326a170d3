import type { CryptoAssetTerms } from '@contract/crypto';
import {
  type CryptoWithdrawal,
  type CryptoWithdrawSnapshot,
  type CryptoWithdrawTerms,
  cryptoWithdrawMachine,
} from '@machines/crypto-withdrawal.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

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

export const terms = (profile: Partial<CryptoWithdrawTerms['profile']> = {}, assets = [usdtTron, ethClosed]) => ({
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
export const wrongPassword = Object.assign(new Error('The payment password is wrong'), { code: 400, fields: {} });

const fixtures: EventFixtures<typeof cryptoWithdrawMachine> = {
  'terms.retry': [{ type: 'terms.retry' }],
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
  'submit.retry': [{ type: 'submit.retry' }],
  'submit.edit': [{ type: 'submit.edit' }],
  'withdraw.again': [{ type: 'withdraw.again' }],
};

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.loadTerms', output: terms() },
  { type: 'xstate.done.actor.loadTerms', output: terms({ kycStatus: 'notSubmitted' }) },
  { type: 'xstate.done.actor.loadTerms', output: terms({ kycStatus: 'pendingReview' }) },
  { type: 'xstate.done.actor.loadTerms', output: terms({ hasPayPassword: false }) },
  { type: 'xstate.done.actor.loadTerms', output: terms({}, [ethClosed]) },
  { type: 'xstate.error.actor.loadTerms', error: offline },
  { type: 'xstate.after.addressDebounce.cryptoWithdraw.enteringAddress.typing', delayMs: 400 },
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
  { type: 'xstate.done.actor.sendWithdrawal', output: withdrawal('withdrawalReview') },
  { type: 'xstate.error.actor.sendWithdrawal', error: wrongPassword },
  { type: 'xstate.error.actor.sendWithdrawal', error: offline },
  { type: 'xstate.after.reviewPoll.cryptoWithdraw.inReview.waiting', delayMs: 5_000 },
  { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawing') },
  { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalSuccessful', '0xabc123') },
  { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalFailed') },
  { type: 'xstate.error.actor.fetchWithdrawal', error: offline },
];

const serializeState = (snapshot: CryptoWithdrawSnapshot) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.pair,
    snapshot.context.address,
    snapshot.context.amount,
    snapshot.context.refusal !== null,
    snapshot.context.withdrawal?.status ?? null,
  ]);

export const cryptoWithdrawModel = machineModel({
  title: 'cryptoWithdrawMachine',
  machine: cryptoWithdrawMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['loadTerms', 'checkAddress', 'sendWithdrawal', 'fetchWithdrawal'],
});
