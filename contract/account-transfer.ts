import * as v from 'valibot';
import { endpoint, isoDateTime } from './endpoint';
import { amount } from './money';

/**
 * Moving a balance from the old (JSY) platform to the signed-in player's account:
 * validate the old account → prove the bank card on it → a code goes to its e-mail (resendable) →
 * sign in to it with password and code → confirm, which moves the balance once.
 */
const transferId = v.pipe(
  v.string('validation.transferId'),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'validation.transferId'),
);

export const validateOldAccount = endpoint({
  path: '/v2/app/jsy/transfer/validate',
  access: 'user',
  summary: 'Start moving an old-platform account: checks it exists and has not been moved already',
  body: v.object({
    oldAccount: v.pipe(v.string(), v.trim(), v.nonEmpty('validation.account'), v.maxLength(64, 'validation.account')),
  }),
  data: v.object({ transferId: v.string(), expiresAt: isoDateTime }),
});

const codeDelivery = v.object({
  maskedEmail: v.string(),
  codeExpiresAt: isoDateTime,
  /** The resend button stays disabled until then (60 s countdown). */
  resendAvailableAt: isoDateTime,
});
export type CodeDelivery = v.InferOutput<typeof codeDelivery>;

export const validateOldAccountCard = endpoint({
  path: '/v2/app/jsy/transfer/validate/card',
  access: 'user',
  summary: 'Prove ownership with the number of the bank card bound on the old account; sends an e-mail code',
  body: v.object({ transferId, cardNumber: v.pipe(v.string(), v.regex(/^\d{6,19}$/, 'validation.cardNumber')) }),
  data: codeDelivery,
});

export const resendTransferCode = endpoint({
  path: '/v2/app/jsy/transfer/resend/validate/code',
  access: 'user',
  summary: 'Send a new e-mail code for the move (at most once per 60 s)',
  body: v.object({ transferId }),
  data: codeDelivery,
});

export const signInOldAccount = endpoint({
  path: '/v2/app/jsy/transfer/login',
  access: 'user',
  summary: 'Sign in to the old account with its password and the e-mail code; shows the balance to move',
  body: v.object({
    transferId,
    password: v.pipe(v.string(), v.nonEmpty('validation.password'), v.maxLength(128, 'validation.password')),
    code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'validation.code')),
  }),
  data: v.object({ oldAccount: v.string(), balance: amount, currency: v.literal('JPY') }),
});

export const confirmTransfer = endpoint({
  path: '/v2/app/jsy/transfer/confirm',
  access: 'user',
  summary: 'Move the old account’s balance into the player’s balance; a retry moves nothing again',
  idempotent: true,
  body: v.object({ transferId }),
  data: v.object({ transferSn: v.string(), amount, balance: amount, completedAt: isoDateTime }),
});
