import { authDialogMachine } from '@machines/auth-dialog.machine';
import type { FieldError } from '@machines/auth-dialog-fields';
import { captchaMachine } from '@machines/captcha.machine';
import { findPasswordMachine, selectFindPasswordErrors } from '@machines/find-password.machine';
import { loginMachine, selectLoginErrors } from '@machines/login.machine';
import { registerMachine, selectRegisterErrors } from '@machines/register.machine';
import { selectSendCodeButton, sendCodeMachine } from '@machines/send-code.machine';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { callApi, captchaText, expect, text, useLanguage } from './fixtures';
import { type Adapter, outcomeActor, type Path, replayMachinePaths, type Snapshot, type Step } from './machine-replay';

/**
 * The sign-in dialog's machines, replayed as clicks (see machine-replay.ts): every state and every
 * outcome of an invoked call that a browser can bring about.
 *
 * Outcomes come from the real server: a wrong or right captcha answer (the test server shows one known
 * captcha text), a wrong or mailed code, a refused common password, an account registered through the
 * API. A failed network is the only condition the test makes itself (the request is aborted). Paths
 * that need a configured identity provider or a 429 answer the client cannot read are left out; the
 * model tests replay those.
 */

const locale = 'en-US';
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `auth:${key}`, values);
const sayCommon = (key: string) => text(locale, key);
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The visible form errors must be exactly the model's: each expected message shown, every other one absent. */
async function expectErrors(scope: Locator, expected: Partial<Record<string, FieldError>>, possible: FieldError[]) {
  const sentence = (error: FieldError) =>
    say(error.key, { ...error.values, field: say(`names.${error.values.field}`) });
  const shown = new Set(Object.values(expected).map((error) => sentence(error!)));
  for (const message of shown) await expect(scope.getByText(message, { exact: true })).toBeVisible();
  for (const error of possible) {
    const message = sentence(error);
    if (!shown.has(message)) await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
  }
}

const fieldError = (
  key: FieldError['key'],
  field: FieldError['values']['field'],
  values: { min?: number; max?: number } = {},
) => ({
  key,
  values: { field, ...values },
});

const textbox = (scope: Locator, label: string) => scope.getByRole('textbox', { name: say(label), exact: true });
const secret = (scope: Locator, label: string) => scope.getByLabel(say(label), { exact: true });
const headerButton = (page: Page, key: string) =>
  page.getByRole('banner').getByRole('button', { name: sayCommon(key) });

async function openHome(page: Page) {
  await useLanguage(page, locale);
  await page.goto('/');
  await expect(headerButton(page, 'auth.login')).toBeVisible();
}

/**
 * The code in the newest message to `email` on the mailbox page, once at least `messages` messages
 * have reached that address.
 */
async function mailedCode(request: APIRequestContext, email: string, messages: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get('/dev/mailbox')).text();
      const articles = html.split('<article>').filter((part) => part.includes(`To: ${email}`));
      const newest = articles.length >= messages ? articles[0] : undefined;
      code = newest ? /\b(\d{6})\b/.exec(newest.slice(newest.indexOf('<pre>')))?.[1] : undefined;
      return code;
    })
    .toBeDefined();
  return code!;
}

/** A registration code mailed to `email`, asked for through the API and read from the mailbox page. */
async function registrationCode(request: APIRequestContext, email: string): Promise<string> {
  await callApi(request, '/v2/app/register/send/email/code', { email }, locale);
  return mailedCode(request, email, 1);
}

/** A player registered through the API, with the address `${username}@example.jp`. */
async function registerPlayer(request: APIRequestContext, username: string, password: string): Promise<void> {
  const email = `${username}@example.jp`;
  const code = await registrationCode(request, email);
  await callApi(request, '/v2/app/register/valid', { email, code, acceptTerms: true }, locale);
  await callApi(request, '/v2/app/register/user', { account: username, email, password }, locale);
}

const takes = (path: Path, outcome: string) => path.steps.some((step) => step.event.type === outcome);

const captchaImage = (dialog: Locator) => dialog.getByRole('img', { name: say('captcha.alt') });

/** What the forms' captcha child tells them: an image with its uuid came, or the image is gone. */
const captchaChanges = [
  { type: 'captcha.changed', uuid: 'from the server' },
  { type: 'captcha.changed', uuid: null },
];

/**
 * The page shows a form's captcha as soon as the server sends it, so while the model has none, only
 * its arrival or a call's outcome comes next. A refresh and a failed fetch are replayed with the
 * captcha machine.
 */
function captchaStepUnsupported(step: Step, previous: Snapshot): string | null {
  const waiting = previous.context.captchaUuid === null;
  if (step.event.type !== 'captcha.changed')
    return waiting && !outcomeActor(step.event.type) ? 'the page shows its captcha first' : null;
  if (step.event.uuid === null) return 'the captcha machine replays an image going';
  return waiting ? null : 'a shown image changes only by a refresh';
}

/* ------------------------------------------------------------------ authDialog */

const dialogAdapter: Adapter = {
  machine: authDialogMachine,
  events: [
    { type: 'view.shown', view: 'login' },
    { type: 'view.shown', view: 'register' },
    { type: 'view.shown', view: 'findPassword' },
    { type: 'dialog.closed' },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  unsupported(step, previous) {
    if (outcomeActor(step.event.type)) return 'a finished flow is replayed with its own machine';
    if (step.event.type !== 'view.shown') return null;
    const view = step.event.view as string;
    // The page offers: header buttons for login and register, the tabs, the forgot-password link on
    // the login tab and the back-to-login link on the findPassword view.
    if (previous.matches('closed'))
      return view === 'findPassword' ? 'no page control opens findPassword directly' : null;
    if (previous.matches({ open: 'recoveringPassword' }))
      return view === 'register' ? 'findPassword has no tabs' : null;
    if (previous.matches({ open: 'registering' }))
      return view === 'findPassword' ? 'the link is on the login tab' : null;
    return null;
  },
  inFlight: [],
  calls: {},
  networkFailures: [],
  start: ({ page }) => openHome(page),
  async perform({ page, dialog }, step) {
    if (step.event.type === 'dialog.closed') {
      await dialog.getByRole('button', { name: sayCommon('authDialog.close') }).click();
      return;
    }
    const view = step.event.view as string;
    if (await dialog.isHidden()) {
      await headerButton(page, view === 'login' ? 'auth.login' : 'auth.register').click();
    } else if (view === 'findPassword') {
      await dialog.getByRole('button', { name: sayCommon('authDialog.forgotPassword') }).click();
    } else if (await dialog.getByRole('tab').count()) {
      await dialog.getByRole('tab', { name: sayCommon(view === 'login' ? 'auth.login' : 'auth.register') }).click();
    } else {
      await dialog.getByRole('button', { name: sayCommon('authDialog.backToLogin') }).click();
    }
  },
  async check({ dialog }, snapshot) {
    if (snapshot.matches('closed')) {
      await expect(dialog).toBeHidden();
    } else if (snapshot.matches({ open: 'signingIn' })) {
      await expect(dialog.getByRole('tab', { name: sayCommon('auth.login') })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('form', { name: say('login.title') })).toBeVisible();
    } else if (snapshot.matches({ open: 'registering' })) {
      await expect(dialog.getByRole('tab', { name: sayCommon('auth.register') })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(dialog.getByRole('form', { name: say('register.emailStep') })).toBeVisible();
    } else {
      await expect(dialog.getByRole('heading', { name: sayCommon('authDialog.findPassword') })).toBeVisible();
      await expect(dialog.getByRole('tab')).toHaveCount(0);
      await expect(dialog.getByRole('form', { name: say('findPassword.accountStep') })).toBeVisible();
    }
  },
};

/* ------------------------------------------------------------------ login */

const strongPassword = 'Sakura-2024!';
/** Long enough for the form, refused by the server as one of the most common passwords. */
const commonPassword = 'password';

const storedPreference = { remember: true, account: `taro${runId}`.slice(0, 20) };
const loginPlayer = (tag: string) => `in${tag}`.slice(0, 20);

const loginAdapter: Adapter = {
  machine: loginMachine,
  events: [
    { type: 'field.changed', field: 'account', value: 'hanako7' },
    { type: 'field.changed', field: 'password', value: 'not-my-password' },
    { type: 'field.changed', field: 'captcha', value: '0000' },
    { type: 'form.submit' },
    ...captchaChanges,
    { type: 'xstate.done.actor.loadPreference', output: storedPreference },
    { type: 'xstate.done.actor.signIn', output: { token: 'from the server' } },
    { type: 'xstate.error.actor.signIn', error: new Error('refused') },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { values, showErrors, captchaUuid } = snapshot.context as {
      values: Record<string, string>;
      showErrors: boolean;
      captchaUuid: string | null;
    };
    return JSON.stringify([
      snapshot.value,
      values.account !== '',
      values.password !== '',
      values.captcha !== '',
      showErrors,
      captchaUuid !== null,
    ]);
  },
  unsupported: captchaStepUnsupported,
  inFlight: ['restoringPreference', 'signingIn'],
  calls: { signIn: '/v2/app/auth/login' },
  networkFailures: [],
  async start({ page, request, path, tag }) {
    if (takes(path, 'xstate.done.actor.signIn')) await registerPlayer(request, loginPlayer(tag), strongPassword);
    await page.addInitScript(
      (preference) => localStorage.setItem('loginPreference', preference),
      JSON.stringify(storedPreference),
    );
    await openHome(page);
    await headerButton(page, 'auth.login').click();
  },
  async perform({ dialog, path, tag }, step, index) {
    const { event } = step;
    if (event.type === 'field.changed') {
      // Captcha texts never contain 0, so '0000' is always a wrong answer.
      const value = event.field === 'account' ? `nobody${tag}`.slice(0, 20) : String(event.value);
      const input =
        event.field === 'password'
          ? secret(dialog, 'labels.password')
          : textbox(dialog, `labels.${String(event.field)}`);
      await input.fill(value);
    } else if (event.type === 'form.submit') {
      // The model only knows the fields are filled; a sign-in the path says succeeds gets the
      // registered player's name and password and the right captcha answer.
      if (path.steps[index + 1]?.event.type === 'xstate.done.actor.signIn') {
        await textbox(dialog, 'labels.account').fill(loginPlayer(tag));
        await secret(dialog, 'labels.password').fill(strongPassword);
        await textbox(dialog, 'labels.captcha').fill(captchaText);
      }
      await dialog.getByRole('button', { name: say('login.submit') }).click();
    } else if (event.type === 'captcha.changed') {
      await expect(captchaImage(dialog)).toBeVisible();
    }
  },
  async check({ page, dialog }, snapshot) {
    const form = dialog.getByRole('form', { name: say('login.title') });
    if (snapshot.matches('signedIn')) {
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: sayCommon('layout.userMenu') })).toBeVisible();
    } else if (snapshot.matches('editing')) {
      const { values, captchaUuid } = snapshot.context as { values: Record<string, string>; captchaUuid: unknown };
      if (captchaUuid !== null) await expect(captchaImage(dialog)).toBeVisible();
      for (const field of ['account', 'captcha']) {
        const input = textbox(dialog, `labels.${field}`);
        if (values[field]) await expect(input).not.toHaveValue('');
        else await expect(input).toHaveValue('');
      }
      await expectErrors(form, selectLoginErrors(snapshot as never), [
        fieldError('validation.required', 'account'),
        fieldError('validation.required', 'password'),
        fieldError('validation.required', 'captcha'),
      ]);
    }
  },
};

/* ------------------------------------------------------------------ findPassword */

const recoveringPlayer = (tag: string) => `fp${tag}`.slice(0, 20);

const findPasswordAdapter: Adapter = {
  machine: findPasswordMachine,
  events: [
    { type: 'field.changed', field: 'account', value: 'hanako7' },
    { type: 'field.changed', field: 'captcha', value: '0000' },
    { type: 'field.changed', field: 'code', value: '123456' },
    { type: 'field.changed', field: 'newPassword', value: strongPassword },
    { type: 'field.changed', field: 'confirmPassword', value: strongPassword },
    { type: 'form.submit' },
    { type: 'step.back' },
    ...captchaChanges,
    { type: 'xstate.done.actor.requestResetCode' },
    { type: 'xstate.error.actor.requestResetCode', error: new Error('refused') },
    { type: 'xstate.done.actor.resetPassword' },
    { type: 'xstate.error.actor.resetPassword', error: new Error('refused') },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { values, showErrors, captchaUuid } = snapshot.context as {
      values: Record<string, string>;
      showErrors: boolean;
      captchaUuid: unknown;
    };
    const filled = Object.entries(values)
      .filter(([, value]) => value !== '')
      .map(([field]) => field);
    return JSON.stringify([snapshot.value, filled, showErrors, captchaUuid !== null]);
  },
  unsupported: captchaStepUnsupported,
  inFlight: [{ identifyingAccount: 'requestingCode' }, { choosingPassword: 'resetting' }],
  // The server sends one reset code per account in 60 s.
  oncePerPath: ['xstate.done.actor.requestResetCode'],
  calls: {
    requestResetCode: '/v2/app/auth/send/email',
    resetPassword: '/v2/app/auth/reset/password',
  },
  networkFailures: [],
  async start({ page, request, dialog, path, tag }) {
    // Unknown accounts get the same answer to the request; setting a password needs a real one.
    if (takes(path, 'xstate.done.actor.resetPassword'))
      await registerPlayer(request, recoveringPlayer(tag), strongPassword);
    await openHome(page);
    await headerButton(page, 'auth.login').click();
    await expect(captchaImage(dialog)).toBeVisible();
    await dialog.getByRole('button', { name: sayCommon('authDialog.forgotPassword') }).click();
  },
  async perform({ dialog, request, path, tag }, step, index) {
    const { event } = step;
    const account = takes(path, 'xstate.done.actor.resetPassword')
      ? recoveringPlayer(tag)
      : `nobody${tag}`.slice(0, 20);
    const fillModelPasswords = async () => {
      await secret(dialog, 'labels.newPassword').fill(strongPassword);
      await secret(dialog, 'labels.confirmPassword').fill(strongPassword);
    };
    if (event.type === 'field.changed') {
      if (event.field === 'newPassword' || event.field === 'confirmPassword') {
        await secret(dialog, `labels.${event.field}`).fill(String(event.value));
      } else {
        await textbox(dialog, `labels.${String(event.field)}`).fill(
          event.field === 'account' ? account : String(event.value),
        );
      }
    } else if (event.type === 'form.submit') {
      // What the server will answer is decided here, by what the form sends: the right captcha
      // answer or a wrong one, the mailed code with a sound password or a common password.
      const next = path.steps[index + 1]?.event.type;
      if (next === 'xstate.done.actor.requestResetCode') await textbox(dialog, 'labels.captcha').fill(captchaText);
      if (next === 'xstate.done.actor.resetPassword') {
        // The registration code came first, the reset code second.
        await textbox(dialog, 'labels.code').fill(await mailedCode(request, `${account}@example.jp`, 2));
      }
      if (next === 'xstate.error.actor.resetPassword') {
        await secret(dialog, 'labels.newPassword').fill(commonPassword);
        await secret(dialog, 'labels.confirmPassword').fill(commonPassword);
      }
      const step1 = await dialog.getByRole('form', { name: say('findPassword.accountStep') }).isVisible();
      await dialog.getByRole('button', { name: say(step1 ? 'findPassword.sendCode' : 'findPassword.submit') }).click();
    } else if (event.type === 'captcha.changed') {
      await expect(captchaImage(dialog)).toBeVisible();
    } else if (event.type === 'step.back') {
      await dialog.getByRole('button', { name: say('findPassword.back'), exact: true }).click();
    } else if (event.type === 'xstate.error.actor.resetPassword') {
      // The form shows the model's values again.
      await fillModelPasswords();
    }
  },
  async check({ page, dialog }, snapshot) {
    if (snapshot.matches({ identifyingAccount: 'editing' })) {
      if (snapshot.context.captchaUuid !== null) await expect(captchaImage(dialog)).toBeVisible();
      await expectErrors(
        dialog.getByRole('form', { name: say('findPassword.accountStep') }),
        selectFindPasswordErrors(snapshot as never),
        [fieldError('validation.required', 'account'), fieldError('validation.required', 'captcha')],
      );
    } else if (snapshot.matches({ choosingPassword: 'editing' })) {
      const form = dialog.getByRole('form', { name: say('findPassword.passwordStep') });
      await expect(form).toBeVisible();
      await expectErrors(form, selectFindPasswordErrors(snapshot as never), [
        fieldError('validation.required', 'code'),
        fieldError('validation.codeFormat', 'code'),
        fieldError('validation.required', 'newPassword'),
        fieldError('validation.passwordLength', 'newPassword', { min: 8, max: 128 }),
        fieldError('validation.required', 'confirmPassword'),
        fieldError('validation.passwordsMismatch', 'confirmPassword'),
      ]);
    } else if (snapshot.matches('passwordReset')) {
      await expect(dialog).toBeHidden();
      await expect(page.getByText(say('findPassword.passwordReset'))).toBeVisible();
    }
  },
};

/* ------------------------------------------------------------------ register */

const registerAdapter: Adapter = {
  machine: registerMachine,
  events: [
    { type: 'field.changed', field: 'email', value: 'hanako@example.jp' },
    { type: 'field.changed', field: 'code', value: '123456' },
    { type: 'field.changed', field: 'acceptTerms', value: true },
    { type: 'field.changed', field: 'username', value: 'hanako7' },
    { type: 'field.changed', field: 'password', value: strongPassword },
    { type: 'field.changed', field: 'confirmPassword', value: strongPassword },
    { type: 'code.send' },
    { type: 'form.submit' },
    { type: 'step.back' },
    { type: 'xstate.done.actor.verifyCode' },
    { type: 'xstate.error.actor.verifyCode', error: new Error('wrong code') },
    { type: 'xstate.done.actor.createAccount', output: { token: 'from the server' } },
    { type: 'xstate.error.actor.createAccount', error: new Error('refused') },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { values, showErrors, emailChecked } = snapshot.context as {
      values: Record<string, string | boolean>;
      showErrors: boolean;
      emailChecked: boolean;
    };
    const filled = Object.entries(values)
      .filter(([, value]) => value !== '' && value !== false)
      .map(([field]) => field);
    return JSON.stringify([snapshot.value, filled, showErrors, emailChecked]);
  },
  // A code sent from the page would make the code sent for the path wait 60 s.
  unsupported: (step) => (step.event.type === 'code.send' ? 'sending is replayed with the send-code machine' : null),
  inFlight: [{ verifyingEmail: 'checkingCode' }, { choosingAccount: 'creatingAccount' }],
  oncePerPath: ['xstate.done.actor.verifyCode'],
  calls: { verifyCode: '/v2/app/register/valid', createAccount: '/v2/app/register/user' },
  networkFailures: [],
  async start({ page, dialog }) {
    await openHome(page);
    await headerButton(page, 'auth.register').click();
    await expect(dialog.getByRole('form', { name: say('register.emailStep') })).toBeVisible();
  },
  async perform({ dialog, request, path, tag }, step, index) {
    const { event } = step;
    const email = `reg${tag}@example.jp`;
    if (event.type === 'field.changed') {
      switch (event.field) {
        case 'email':
          return textbox(dialog, 'labels.email').fill(email);
        case 'code':
          return textbox(dialog, 'labels.code').fill('000000');
        case 'acceptTerms':
          return dialog.getByRole('checkbox').check();
        case 'username':
          return textbox(dialog, 'labels.username').fill(`reg${tag}`.slice(0, 20));
        case 'password':
          return secret(dialog, 'labels.password').fill(strongPassword);
        case 'confirmPassword':
          return secret(dialog, 'labels.confirmPassword').fill(strongPassword);
      }
    } else if (event.type === 'form.submit') {
      // What the server will answer is decided here, by what the form sends: a code that was mailed
      // or none, a sound password or a common one. The model only knows the fields are filled.
      const next = path.steps[index + 1]?.event.type;
      if (next === 'xstate.done.actor.verifyCode')
        await textbox(dialog, 'labels.code').fill(await registrationCode(request, email));
      if (next === 'xstate.error.actor.verifyCode') await textbox(dialog, 'labels.code').fill('000000');
      if (next === 'xstate.done.actor.createAccount' || next === 'xstate.error.actor.createAccount') {
        const password = next === 'xstate.done.actor.createAccount' ? strongPassword : commonPassword;
        await secret(dialog, 'labels.password').fill(password);
        await secret(dialog, 'labels.confirmPassword').fill(password);
      }
      const step1 = await dialog.getByRole('form', { name: say('register.emailStep') }).isVisible();
      await dialog.getByRole('button', { name: say(step1 ? 'register.next' : 'register.submit') }).click();
    } else if (event.type === 'step.back') {
      await dialog.getByRole('button', { name: say('register.back') }).click();
    }
  },
  async check({ page, dialog }, snapshot) {
    const errors = selectRegisterErrors(snapshot as never);
    if (snapshot.matches({ verifyingEmail: 'editing' })) {
      await expectErrors(dialog.getByRole('form', { name: say('register.emailStep') }), errors, [
        fieldError('validation.required', 'email'),
        fieldError('validation.email', 'email'),
        fieldError('validation.required', 'code'),
        fieldError('validation.codeFormat', 'code'),
        fieldError('validation.acceptTerms', 'acceptTerms'),
      ]);
    } else if (snapshot.matches({ choosingAccount: 'editing' })) {
      const form = dialog.getByRole('form', { name: say('register.accountStep') });
      await expect(form).toBeVisible();
      await expectErrors(form, errors, [
        fieldError('validation.required', 'username'),
        fieldError('validation.required', 'password'),
        fieldError('validation.passwordLength', 'password', { min: 8, max: 128 }),
        fieldError('validation.required', 'confirmPassword'),
        fieldError('validation.passwordsMismatch', 'confirmPassword'),
      ]);
    } else if (snapshot.matches('registered')) {
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: sayCommon('layout.userMenu') })).toBeVisible();
    }
  },
};

/* ------------------------------------------------------------------ sendCode */

const sendCodeAdapter: Adapter = {
  machine: sendCodeMachine,
  events: [
    { type: 'email.changed', email: 'hanako@example.jp' },
    { type: 'email.changed', email: '' },
    { type: 'code.send' },
    { type: 'xstate.done.actor.requestCode' },
    { type: 'xstate.error.actor.requestCode', error: new Error('network') },
    { type: 'xstate.after.oneSecond.sendCode.countingDown' },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { email, secondsLeft, codeSent } = snapshot.context as {
      email: string;
      secondsLeft: number;
      codeSent: boolean;
    };
    return JSON.stringify([
      snapshot.value,
      snapshot.matches('countingDown') ? secondsLeft : null,
      email !== '',
      codeSent,
    ]);
  },
  // The server's own 60 s run on the real clock, which the page's paused clock does not move.
  unsupported: (step, previous) =>
    step.event.type === 'code.send' && previous.matches('ready') ? 'the server still counts its 60 s' : null,
  inFlight: ['sending'],
  oncePerPath: ['xstate.done.actor.requestCode'],
  calls: { requestCode: '/v2/app/register/send/email/code' },
  networkFailures: ['requestCode'],
  async start({ page, dialog }) {
    await page.clock.install();
    await openHome(page);
    await headerButton(page, 'auth.register').click();
    await expect(dialog.getByRole('form', { name: say('register.emailStep') })).toBeVisible();
    // From here on the countdown moves only when the path says a second has passed. The pause is a
    // second ahead so a busy machine cannot have passed it already (nothing is counting yet).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  },
  async perform({ page, dialog, tag, path }, step, index) {
    const { event } = step;
    if (event.type === 'email.changed') {
      await textbox(dialog, 'labels.email').fill(event.email ? `code${tag}@example.jp` : '');
    } else if (event.type === 'code.send') {
      const { label } = selectSendCodeButton(path.steps[index - 1]!.state as never);
      await dialog.getByRole('button', { name: say(label.key), exact: true }).click();
    } else if (event.type.startsWith('xstate.after.')) {
      await page.clock.runFor(1000);
    }
  },
  async check({ dialog }, snapshot) {
    if (snapshot.matches('sending')) return;
    const button = selectSendCodeButton(snapshot as never);
    const name =
      button.label.key === 'sendCode.resendIn'
        ? say(button.label.key, { seconds: button.label.seconds })
        : say(button.label.key);
    const control = dialog.getByRole('button', { name, exact: true });
    if (button.enabled) await expect(control).toBeEnabled();
    else await expect(control).toBeDisabled();
  },
};

/* ------------------------------------------------------------------ captcha */

const captchaAdapter: Adapter = {
  // Replayed on the login tab; alone, the machine has no form to tell about its images.
  machine: captchaMachine.provide({ actions: { tellForm: () => {} } }),
  events: [
    { type: 'captcha.refresh' },
    { type: 'xstate.done.actor.fetchCaptcha', output: { img: 'data:', uuid: 'from the server' } },
    { type: 'xstate.error.actor.fetchCaptcha', error: new Error('network') },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  unsupported: () => null,
  inFlight: ['loading'],
  calls: { fetchCaptcha: '/v2/app/auth/captcha' },
  networkFailures: ['fetchCaptcha'],
  async start({ page }) {
    await openHome(page);
    await headerButton(page, 'auth.login').click();
  },
  async perform({ dialog }, step) {
    if (step.event.type === 'captcha.refresh')
      await dialog.getByRole('button', { name: say('captcha.refresh') }).click();
  },
  async check({ dialog }, snapshot) {
    if (snapshot.matches('shown')) {
      await expect(captchaImage(dialog)).toBeVisible();
    } else if (snapshot.matches('unavailable')) {
      await expect(dialog.getByText(say('captcha.unavailable'))).toBeVisible();
      await expect(captchaImage(dialog)).toHaveCount(0);
    }
  },
};

/* ------------------------------------------------------------------ the replays */

const adapters: Record<string, Adapter> = {
  authDialog: dialogAdapter,
  login: loginAdapter,
  findPassword: findPasswordAdapter,
  register: registerAdapter,
  sendCode: sendCodeAdapter,
  captcha: captchaAdapter,
};

replayMachinePaths(adapters, runId);
