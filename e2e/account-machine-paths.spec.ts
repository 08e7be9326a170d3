import {
  type PayPasswordField,
  type PayPasswordIntent,
  type PayPasswordSnapshot,
  payPasswordMachine,
  selectPayPasswordFields,
  selectPayPasswordMessages,
} from '@machines/pay-password.machine';
import type { FieldMessage } from '@machines/player-form-fields';
import type { Locator } from '@playwright/test';
import type { EventObject } from 'xstate';
import { apiCaller, expect, registeredPlayer, text } from './fixtures';
import { type Adapter, replayMachinePaths, type Step } from './machine-replay';
import { openMoneyPage } from './money-players';
import { replayFirstState } from './replay-support';

/**
 * The account pages' machines replayed as clicks (see machine-replay.ts): setting and changing the
 * payment password.
 *
 * Outcomes come from the real server: a wrong login password or a wrong current payment password is
 * refused, the right one accepted; a player who has a payment password or none decides which form
 * applies. A failed network is the only condition the test makes itself (the request is aborted
 * before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Account-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `user:${key}`, values);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const errorCode = (step: Step) => (step.event as { error?: { code?: number } }).error?.code;

/** A field's message as the page words it: a key of the user namespace, or the server's own sentence. */
const wording = (message: FieldMessage) => ('text' in message ? message.text : say(message.key, message.values));

/** Every message a form can show: the expected ones visible, the others absent. */
async function expectMessages(scope: Locator, shown: string[], possible: string[]) {
  for (const message of shown) await expect(scope.getByText(message, { exact: true })).toBeVisible();
  for (const message of possible)
    if (!shown.includes(message)) await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
}

/* ------------------------------------------------------------------ payment password */

const payPassword = '246801';
const newPayPassword = '135790';

function payPasswordAdapter(intent: PayPasswordIntent, hasPayPassword: boolean): Adapter {
  const confirmation: PayPasswordField = intent === 'set' ? 'password' : 'oldPayPassword';
  const right = intent === 'set' ? password : payPassword;
  const refusalSentence = text(locale, intent === 'set' ? 'server:auth.passwordWrong' : 'server:auth.payPasswordWrong');
  const possibleMessages = [
    say('validation.required'),
    say('validation.payPasswordFormat'),
    say('validation.passwordsMismatch'),
    say('validation.payPasswordUnchanged'),
    refusalSentence,
  ];
  const typedConfirmation = (snapshot: { context: Record<string, unknown> }) =>
    (snapshot.context.values as Record<PayPasswordField, string>)[confirmation];
  return {
    machine: payPasswordMachine,
    input: { intent, hasPayPassword },
    events: [
      { type: 'field.changed', field: confirmation, value: right },
      { type: 'field.changed', field: confirmation, value: intent === 'set' ? 'Not-my-password-1' : '999999' },
      { type: 'field.changed', field: 'newPayPassword', value: newPayPassword },
      { type: 'field.changed', field: 'newPayPassword', value: '12' },
      ...(intent === 'change' ? [{ type: 'field.changed', field: 'newPayPassword', value: payPassword }] : []),
      { type: 'field.changed', field: 'confirmPayPassword', value: newPayPassword },
      { type: 'field.changed', field: 'confirmPayPassword', value: '135791' },
      { type: 'form.submit' },
      { type: 'xstate.done.actor.savePayPassword' },
      {
        type: 'xstate.error.actor.savePayPassword',
        error: Object.assign(new Error(refusalSentence), { code: 400, fields: { [confirmation]: refusalSentence } }),
      },
      { type: 'xstate.error.actor.savePayPassword', error: offline },
    ] as EventObject[],
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.values, snapshot.context.showErrors, snapshot.context.refusals]),
    unsupported(step, previous) {
      // The server decides by the confirmation typed: the right one is accepted, a wrong one refused.
      const typed = typedConfirmation(previous);
      if (step.event.type === 'xstate.done.actor.savePayPassword' && typed !== right)
        return 'the server refuses a wrong confirmation';
      if (errorCode(step) === 400 && typed === right) return 'the server accepts the right confirmation';
      return null;
    },
    inFlight: ['saving'],
    calls: { savePayPassword: '/v2/app/auth/password/update/payment' },
    networkFailures: ['savePayPassword'],
    isNetworkFailure: (step) => errorCode(step) === 0,
    async start({ page, request }) {
      const call = apiCaller(request, locale);
      const player = await registeredPlayer(request, call, password);
      if (hasPayPassword)
        await call('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, player);
      const pagePath = intent === 'set' ? '/user/pay-password' : '/user/update-pay-password';
      await openMoneyPage(page, locale, { ...player, call, cardId: null }, pagePath);
    },
    async perform({ page }, step) {
      const form = page.getByRole('main').getByRole('form', { name: say('payPassword.title') });
      if (step.event.type === 'field.changed') {
        await form
          .getByLabel(say(`fields.${step.event.field as string}`), { exact: true })
          .fill(step.event.value as string);
      } else if (step.event.type === 'form.submit') {
        await form.getByRole('button', { name: say('payPassword.submit') }).click();
      }
    },
    async check({ page }, snapshot) {
      const main = page.getByRole('main');
      if (snapshot.matches('saving')) return;
      if (snapshot.matches('alreadySet')) {
        await expect(main.getByText(say('payPassword.alreadySet.message'))).toBeVisible();
        await expect(
          main.getByRole('alert').getByRole('link', { name: say('payPassword.changeAction') }),
        ).toBeVisible();
      } else if (snapshot.matches('notSetYet')) {
        await expect(main.getByText(say('payPassword.notSetYet.message'))).toBeVisible();
        await expect(main.getByRole('alert').getByRole('link', { name: say('payPassword.setAction') })).toBeVisible();
      } else if (snapshot.matches('saved')) {
        await expect(main.getByRole('status')).toContainText(say('payPassword.done.title'));
        await expect(page.getByText(say('payPassword.saved'))).toBeVisible();
      } else {
        const model = snapshot as unknown as PayPasswordSnapshot;
        const form = main.getByRole('form', { name: say('payPassword.title') });
        const fields = selectPayPasswordFields(model);
        const unused = confirmation === 'password' ? 'oldPayPassword' : 'password';
        await expect(form.getByLabel(say(`fields.${unused}`), { exact: true })).toHaveCount(0);
        for (const field of fields)
          await expect(form.getByLabel(say(`fields.${field}`), { exact: true })).toHaveValue(
            model.context.values[field],
          );
        const shown = Object.values(selectPayPasswordMessages(model))
          .filter((message): message is FieldMessage => message !== undefined)
          .map(wording);
        await expectMessages(form, shown, possibleMessages);
      }
    },
  };
}

replayMachinePaths(
  { setPayPassword: payPasswordAdapter('set', false), changePayPassword: payPasswordAdapter('change', true) },
  runId,
  90_000,
);
replayFirstState('set page with a payment password', payPasswordAdapter('set', true), runId);
replayFirstState('change page without a payment password', payPasswordAdapter('change', false), runId);
