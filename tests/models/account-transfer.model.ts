import {
  type AccountTransferSnapshot,
  accountTransferMachine,
  transferResendMs,
} from '@machines/account-transfer.machine';
import { type ActorOutcome, type EventFixtures, machineModel } from '../machines/model-paths';

const fixtures: EventFixtures<typeof accountTransferMachine> = {
  'oldAccount.submit': [{ type: 'oldAccount.submit', oldAccount: 'jsy_taro' }],
  'card.submit': [{ type: 'card.submit', cardNumber: '622200001111' }],
  'code.resend': [{ type: 'code.resend' }],
  'signIn.submit': [{ type: 'signIn.submit', password: 'Old platform pass 1', code: '123456' }],
  'move.confirm': [{ type: 'move.confirm' }],
  restart: [{ type: 'restart' }],
};

export const delivery = {
  maskedEmail: 'js***@old.example.test',
  codeExpiresAt: '2026-11-26T00:10:00.000Z',
  resendAvailableAt: '2026-11-26T00:01:00.000Z',
};
export const refusal = (code: number, message: string, fields: Record<string, string> = {}) =>
  Object.assign(new Error(message), { code, fields, retryAfterSeconds: code === 429 ? 30 : null });
const offline = refusal(0, 'Request Error');

const outcomes: ActorOutcome[] = [
  { type: 'xstate.done.actor.validateAccount', output: { transferId: 'tr_0123456789abcdef' } },
  {
    type: 'xstate.error.actor.validateAccount',
    error: refusal(404, 'No account', { oldAccount: 'No account' }),
  },
  { type: 'xstate.done.actor.proveCard', output: delivery },
  { type: 'xstate.error.actor.proveCard', error: refusal(400, 'Wrong card', { cardNumber: 'Wrong card' }) },
  { type: 'xstate.done.actor.resendCode', output: delivery },
  { type: 'xstate.error.actor.resendCode', error: refusal(429, 'Wait 30 s') },
  { type: 'xstate.error.actor.resendCode', error: offline },
  { type: 'xstate.done.actor.signIn', output: { oldAccount: 'jsy_taro', balance: 12_345 } },
  { type: 'xstate.error.actor.signIn', error: refusal(400, 'Wrong code', { code: 'Wrong code' }) },
  { type: 'xstate.done.actor.confirmMove', output: { amount: 12_345, balance: 20_000 } },
  { type: 'xstate.error.actor.confirmMove', error: offline },
  {
    type: 'xstate.after.resendCountdown.accountTransfer.enteringCode.resendLocked',
    delayMs: transferResendMs,
  },
];

const serializeState = (snapshot: AccountTransferSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.refusal, snapshot.context.transferId !== null]);

export const accountTransferModel = machineModel({
  title: 'accountTransferMachine',
  machine: accountTransferMachine,
  fixtures,
  outcomes,
  serializeState,
  actorNames: ['validateAccount', 'proveCard', 'resendCode', 'signIn', 'confirmMove'],
});
