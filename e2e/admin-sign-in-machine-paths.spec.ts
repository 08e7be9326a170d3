import { operatorSignInMachine } from '@machines/operator-sign-in.machine';
import type { Locator, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { EventObject } from 'xstate';
import { operatorSignInModel, refused, session } from '../tests/models/operator-sign-in.model';
import { captchaText, deskOperator, expect, text, useLanguage } from './fixtures';
import { type Adapter, replayMachinePaths, type Snapshot, type Step } from './machine-replay';

/**
 * The desk's sign-in replayed as clicks (see machine-replay.ts): the operator fills in the account,
 * password, captcha answer and authenticator code, is refused for a wrong captcha answer, for an
 * account the desk does not know and for a network that fails, and then signs in and reaches the desk.
 *
 * Outcomes come from the real server: the test server's known captcha text is the right answer and
 * '0000' a wrong one; the browser-test operator's password with the authenticator's current code is
 * accepted. A refused account is one nobody has, so no refusal counts against the real operator. A
 * failed network is the only condition the test makes itself (the request is aborted before it
 * leaves the browser). The walk signs in once, so it spends a single authenticator period.
 */

const locale = 'en-US';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const admin = (key: string) => text(locale, `admin:${key}`);
const captchaWrong = text(locale, 'server:auth.captchaWrong');
const signInRefused = text(locale, 'server:admin.signInRefused');
/** Captcha texts never contain 0, so this answer is always wrong. */
const wrongCaptcha = '0000';
const offline = Object.assign(new Error('Failed to fetch'), { code: 0 });

/** A refusal as the api client hands it to the machine: the server's sentence under its field's name. */
const refusal = (fields: Record<string, string>) => Object.assign(new Error('refused'), { code: 400, fields });
const refusedField = (step: Step | undefined) => (step?.event as { field?: string } | undefined)?.field;

type SignInContext = { captchaUuid: string | null; refusals: Record<string, string>; alert: string | null };
const contextOf = (snapshot: Snapshot) => snapshot.context as SignInContext;

const signInForm = (page: Page) => page.getByRole('form', { name: admin('signIn.title') });
const textbox = (form: Locator, name: string) => form.getByRole('textbox', { name, exact: true });

const events = [
  // The form's values are the page's to choose (see perform); the model only knows a form went.
  ...operatorSignInModel.fixtures['form.submit'],
  ...operatorSignInModel.fixtures['captcha.changed'],
  { type: 'xstate.done.actor.signIn', output: session },
  // `field` tells the refusals apart for the walk's coverage; the machine reads only the error.
  { type: 'xstate.error.actor.signIn', error: refusal({ qrcode: captchaWrong }), field: 'captcha' },
  { type: 'xstate.error.actor.signIn', error: refused, field: 'totpCode' },
  { type: 'xstate.error.actor.signIn', error: offline },
];

const deskSignInAdapter: Adapter = {
  machine: operatorSignInMachine,
  events: events as EventObject[],
  serializeState: (snapshot) => {
    const { captchaUuid, refusals, alert } = contextOf(snapshot);
    return JSON.stringify([snapshot.value, captchaUuid !== null, Object.keys(refusals), alert !== null]);
  },
  unsupported(step, previous) {
    const { type } = step.event;
    if (type !== 'captcha.changed') return null;
    if (previous.matches('signedIn')) return 'the flow is over: its captcha has stopped';
    if (previous.matches('signingIn'))
      return 'the form, and with it the image to press for a new one, is hidden while the call is under way';
    if (step.event.uuid === null) return 'an image going on a refresh is replayed with the captcha machine';
    return contextOf(previous).captchaUuid === null ? null : 'a shown image changes only by a refresh';
  },
  inFlight: ['signingIn'],
  calls: { signIn: '/v2/admin/auth/login' },
  networkFailures: ['signIn'],
  isNetworkFailure: (step) => refusedField(step) === undefined,
  async start({ page }) {
    // Skips the walk early on a reused server that named no operator.
    deskOperator('signInReplay');
    await useLanguage(page, locale);
    await page.goto('/admin/sign-in');
  },
  async perform({ page, path, tag }, step, index) {
    const { event } = step;
    const form = signInForm(page);
    if (event.type === 'captcha.changed') {
      await expect(page.getByTestId('captcha-image')).toBeVisible();
      return;
    }
    if (event.type !== 'form.submit') return;
    // What the server answers is decided here, by what the form sends for the outcome the path takes next.
    const next = path.steps[index + 1];
    const succeeds = next?.event.type === 'xstate.done.actor.signIn';
    const field = refusedField(next);
    const operator = deskOperator('signInReplay');
    const totp = OTPAuth.URI.parse(operator.otpauthUrl) as OTPAuth.TOTP;
    await textbox(form, admin('signIn.account')).fill(
      field === 'totpCode' ? `nobody${tag}`.slice(0, 20) : operator.account,
    );
    await textbox(form, admin('signIn.password')).fill(operator.password);
    await textbox(form, text(locale, 'auth:labels.captcha')).fill(field === 'captcha' ? wrongCaptcha : captchaText);
    await textbox(form, admin('signIn.totpCode')).fill(succeeds ? totp.generate() : '000000');
    await form.getByRole('button', { name: admin('signIn.submit') }).click();
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('signingIn')) return;
    if (snapshot.matches('signedIn')) {
      await expect(page.getByTestId('desk-operator')).toBeVisible();
      await expect(page.getByRole('form', { name: admin('signIn.title') })).toHaveCount(0);
      return;
    }
    const form = signInForm(page);
    const { captchaUuid, refusals, alert } = contextOf(snapshot);
    await expect(form).toBeVisible();
    if (captchaUuid !== null) await expect(page.getByTestId('captcha-image')).toBeVisible();
    // A refused try spent its captcha and its code: both fields are empty, the sentence on its field.
    if (Object.keys(refusals).length > 0) {
      await expect(textbox(form, text(locale, 'auth:labels.captcha'))).toHaveValue('');
      await expect(textbox(form, admin('signIn.totpCode'))).toHaveValue('');
    }
    await expect(form.getByText(captchaWrong, { exact: true })).toHaveCount(refusals.captcha ? 1 : 0);
    await expect(form.getByText(signInRefused, { exact: true })).toHaveCount(refusals.totpCode ? 1 : 0);
    if (alert === null) await expect(form.getByRole('alert')).toHaveCount(0);
    // The client's own localised sentence for a call that got no answer, not the fetch library's.
    else await expect(form.getByRole('alert')).toContainText(text(locale, 'common:errors.request'));
  },
};

replayMachinePaths({ deskSignIn: deskSignInAdapter }, runId, 90_000);
