import { authDialogMachine } from '@machines/auth-dialog.machine';
import { captchaMachine } from '@machines/captcha.machine';
import { findPasswordMachine } from '@machines/find-password.machine';
import { loginMachine } from '@machines/login.machine';
import { registerMachine } from '@machines/register.machine';
import { selectCodeSentNotice, selectSendCodeButton, sendCodeMachine } from '@machines/send-code.machine';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { callApi, captchaText, expect, pauseClockSoon, test, text, useLanguage } from './fixtures';
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

/** Every message a form can show: the expected ones visible, the others absent. */
async function expectMessages(scope: Locator, shown: string[], possible: string[]) {
  for (const message of shown) await expect(scope.getByText(message, { exact: true })).toBeVisible();
  for (const message of possible)
    if (!shown.includes(message)) await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
}

/**
 * The fields the server refused show as invalid, the others not: every path sends valid forms, so
 * a field's only message is the server's (the form's own checks have tests of their own below).
 */
async function expectRefused(fields: Record<string, Locator>, refusals: Record<string, string>) {
  for (const [field, input] of Object.entries(fields)) {
    // A text input says so with aria-invalid, a password input with data-invalid.
    const invalid = input.and(input.page().locator('[aria-invalid="true"], [data-invalid="true"]'));
    await expect(invalid).toHaveCount(field in refusals ? 1 : 0);
  }
}

/** The sentence 'please input {field}' for a field of the `auth:names` list. */
const requiredSentence = (field: string) => say('validation.required', { field: say(`names.${field}`) });
const captchaWrongSentence = text(locale, 'server:auth.captchaWrong');
const tooCommonSentence = text(locale, 'server:auth.passwordTooCommon');

/** A refusal as the api client hands it to the machine: the server's sentence per field. */
const refusal = (fields: Record<string, string>) => Object.assign(new Error('refused'), { code: 400, fields });

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
    // The values are the page's to choose (see perform); the model only knows a form went.
    { type: 'form.submit', account: 'hanako7', password: 'not-my-password', qrcode: '0000', remember: true },
    ...captchaChanges,
    { type: 'xstate.done.actor.loadPreference', output: storedPreference },
    { type: 'xstate.done.actor.signIn', output: { token: 'from the server' } },
    // Captcha texts never contain 0, so '0000' is always a wrong answer, which the server refuses first.
    { type: 'xstate.error.actor.signIn', error: refusal({ qrcode: captchaWrongSentence }) },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { refusals, captchaUuid } = snapshot.context as { refusals: object; captchaUuid: string | null };
    return JSON.stringify([snapshot.value, Object.keys(refusals), captchaUuid !== null]);
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
    if (event.type === 'form.submit') {
      // A sign-in the path says succeeds gets the registered player's name and password and the
      // right captcha answer; any other, an unknown name and a wrong answer.
      const succeeds = path.steps[index + 1]?.event.type === 'xstate.done.actor.signIn';
      await textbox(dialog, 'labels.account').fill(succeeds ? loginPlayer(tag) : `nobody${tag}`.slice(0, 20));
      await secret(dialog, 'labels.password').fill(succeeds ? strongPassword : String(event.password));
      await textbox(dialog, 'labels.captcha').fill(succeeds ? captchaText : String(event.qrcode));
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
      const { refusals, captchaUuid } = snapshot.context as {
        refusals: Record<string, string>;
        captchaUuid: unknown;
      };
      if (captchaUuid !== null) await expect(captchaImage(dialog)).toBeVisible();
      const captcha = textbox(form, 'labels.captcha');
      // The refused answer was for an image that is gone: the field is empty, with the server's sentence.
      if (refusals.qrcode) await expect(captcha).toHaveValue('');
      await expectRefused(
        { account: textbox(form, 'labels.account'), password: secret(form, 'labels.password'), qrcode: captcha },
        refusals,
      );
      await expectMessages(form, refusals.qrcode ? [captchaWrongSentence] : [], [
        captchaWrongSentence,
        ...['account', 'password', 'captcha'].map(requiredSentence),
      ]);
    }
  },
};

/** The form's own checks, which do not pass through the machine: every field asked for, then each cleared as it is filled. */
test('login: an empty form is refused in the browser, field by field', async ({ page }) => {
  await openHome(page);
  await headerButton(page, 'auth.login').click();
  const form = page.getByRole('dialog').getByRole('form', { name: say('login.title') });
  await form.getByRole('button', { name: say('login.submit') }).click();
  await expectMessages(form, ['account', 'password', 'captcha'].map(requiredSentence), []);
  await textbox(form, 'labels.account').fill('hanako7');
  await expect(form.getByText(requiredSentence('account'), { exact: true })).toHaveCount(0);
  await expect(form.getByText(requiredSentence('password'), { exact: true })).toBeVisible();
});

/* ------------------------------------------------------------------ findPassword */

const recoveringPlayer = (tag: string) => `fp${tag}`.slice(0, 20);

const findPasswordAdapter: Adapter = {
  machine: findPasswordMachine,
  events: [
    // The values are the page's to choose (see perform); the model only knows a form went.
    { type: 'account.submit', account: 'hanako7', qrcode: '0000' },
    { type: 'password.submit', qrcode: '123456', newPassword: strongPassword },
    { type: 'step.back' },
    ...captchaChanges,
    { type: 'xstate.done.actor.requestResetCode' },
    { type: 'xstate.error.actor.requestResetCode', error: refusal({ qrcode: captchaWrongSentence }) },
    { type: 'xstate.done.actor.resetPassword' },
    // The server checks the password policy before the code.
    { type: 'xstate.error.actor.resetPassword', error: refusal({ newPassword: tooCommonSentence }) },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { refusals, captchaUuid } = snapshot.context as { refusals: object; captchaUuid: unknown };
    return JSON.stringify([snapshot.value, Object.keys(refusals), captchaUuid !== null]);
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
    // What the server will answer is decided here, by what the form sends: the right captcha answer
    // or a wrong one, the mailed code with a sound password or a common password.
    const next = path.steps[index + 1]?.event.type;
    if (event.type === 'account.submit') {
      const form = dialog.getByRole('form', { name: say('findPassword.accountStep') });
      await textbox(form, 'labels.account').fill(account);
      await textbox(form, 'labels.captcha').fill(
        next === 'xstate.done.actor.requestResetCode' ? captchaText : String(event.qrcode),
      );
      await form.getByRole('button', { name: say('findPassword.sendCode') }).click();
    } else if (event.type === 'password.submit') {
      const form = dialog.getByRole('form', { name: say('findPassword.passwordStep') });
      // The registration code came first, the reset code second.
      const code =
        next === 'xstate.done.actor.resetPassword'
          ? await mailedCode(request, `${account}@example.jp`, 2)
          : String(event.qrcode);
      const password = next === 'xstate.error.actor.resetPassword' ? commonPassword : strongPassword;
      await textbox(form, 'labels.code').fill(code);
      await secret(form, 'labels.newPassword').fill(password);
      await secret(form, 'labels.confirmPassword').fill(password);
      await form.getByRole('button', { name: say('findPassword.submit') }).click();
    } else if (event.type === 'captcha.changed') {
      await expect(captchaImage(dialog)).toBeVisible();
    } else if (event.type === 'step.back') {
      await dialog.getByRole('button', { name: say('findPassword.back'), exact: true }).click();
    }
  },
  async check({ page, dialog }, snapshot) {
    const refusals = snapshot.context.refusals as Record<string, string>;
    if (snapshot.matches({ identifyingAccount: 'editing' })) {
      const form = dialog.getByRole('form', { name: say('findPassword.accountStep') });
      if (snapshot.context.captchaUuid !== null) await expect(captchaImage(dialog)).toBeVisible();
      const captcha = textbox(form, 'labels.captcha');
      if (refusals.qrcode) await expect(captcha).toHaveValue('');
      await expectRefused({ account: textbox(form, 'labels.account'), qrcode: captcha }, refusals);
      await expectMessages(form, refusals.qrcode ? [captchaWrongSentence] : [], [
        captchaWrongSentence,
        requiredSentence('account'),
        requiredSentence('captcha'),
      ]);
    } else if (snapshot.matches({ choosingPassword: 'editing' })) {
      const form = dialog.getByRole('form', { name: say('findPassword.passwordStep') });
      await expect(form).toBeVisible();
      await expectRefused(
        {
          qrcode: textbox(form, 'labels.code'),
          newPassword: secret(form, 'labels.newPassword'),
          confirmPassword: secret(form, 'labels.confirmPassword'),
        },
        refusals,
      );
      await expectMessages(form, refusals.newPassword ? [tooCommonSentence] : [], [
        tooCommonSentence,
        requiredSentence('code'),
        requiredSentence('newPassword'),
        requiredSentence('confirmPassword'),
        say('validation.passwordsMismatch'),
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
    // The values are the page's to choose (see perform); the model only knows a form went.
    { type: 'email.submit', email: 'hanako@example.jp', code: '000000', acceptTerms: true },
    { type: 'account.submit', account: 'hanako7', password: strongPassword, agentCode: '' },
    { type: 'code.send', email: 'hanako@example.jp' },
    { type: 'step.back' },
    { type: 'xstate.done.actor.verifyCode' },
    // The sentence depends on whether a code was ever sent; the check reads only that the code was refused.
    { type: 'xstate.error.actor.verifyCode', error: refusal({ code: 'refused' }) },
    { type: 'xstate.done.actor.createAccount', output: { token: 'from the server' } },
    { type: 'xstate.error.actor.createAccount', error: refusal({ password: tooCommonSentence }) },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { refusals } = snapshot.context as { refusals: object };
    return JSON.stringify([snapshot.value, Object.keys(refusals)]);
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
    // What the server will answer is decided here, by what the form sends: a code that was mailed
    // or none, a sound password or a common one.
    const next = path.steps[index + 1]?.event.type;
    if (event.type === 'email.submit') {
      const form = dialog.getByRole('form', { name: say('register.emailStep') });
      await textbox(form, 'labels.email').fill(email);
      await textbox(form, 'labels.code').fill(
        next === 'xstate.done.actor.verifyCode' ? await registrationCode(request, email) : String(event.code),
      );
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: say('register.next') }).click();
    } else if (event.type === 'account.submit') {
      const form = dialog.getByRole('form', { name: say('register.accountStep') });
      const password = next === 'xstate.error.actor.createAccount' ? commonPassword : strongPassword;
      await textbox(form, 'labels.username').fill(`reg${tag}`.slice(0, 20));
      await secret(form, 'labels.password').fill(password);
      await secret(form, 'labels.confirmPassword').fill(password);
      await form.getByRole('button', { name: say('register.submit') }).click();
    } else if (event.type === 'step.back') {
      await dialog.getByRole('button', { name: say('register.back') }).click();
    }
  },
  async check({ page, dialog, tag }, snapshot) {
    const refusals = snapshot.context.refusals as Record<string, string>;
    if (snapshot.matches({ verifyingEmail: 'editing' })) {
      const form = dialog.getByRole('form', { name: say('register.emailStep') });
      await expectRefused({ email: textbox(form, 'labels.email'), code: textbox(form, 'labels.code') }, refusals);
      if (refusals.code)
        await expect(page.getByRole('alert').filter({ hasText: text(locale, 'server:auth.codeWrong') })).toHaveCount(0);
      await expectMessages(
        form,
        [],
        [requiredSentence('email'), requiredSentence('code'), say('validation.acceptTerms')],
      );
    } else if (snapshot.matches({ choosingAccount: 'editing' })) {
      const form = dialog.getByRole('form', { name: say('register.accountStep') });
      await expect(form).toBeVisible();
      await expect(textbox(form, 'labels.email')).toHaveValue(`reg${tag}@example.jp`);
      await expectRefused(
        {
          account: textbox(form, 'labels.username'),
          password: secret(form, 'labels.password'),
          confirmPassword: secret(form, 'labels.confirmPassword'),
        },
        refusals,
      );
      await expectMessages(form, refusals.password ? [tooCommonSentence] : [], [
        tooCommonSentence,
        requiredSentence('username'),
        requiredSentence('password'),
        requiredSentence('confirmPassword'),
        say('validation.passwordsMismatch'),
      ]);
    } else if (snapshot.matches('registered')) {
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: sayCommon('layout.userMenu') })).toBeVisible();
      // The newcomer's next steps, on the user centre.
      await expect(page.getByRole('region', { name: text(locale, 'user:center.firstSteps.title') })).toBeInViewport();
      expect(new URL(page.url()).pathname).toBe('/user/user-center');
    }
    // A refusal is said on its field only: no toast repeats it.
    for (const sentence of Object.values(refusals))
      await expect(page.getByRole('alert').filter({ hasText: sentence })).toHaveCount(0);
  },
};

/** The form's own checks, which do not pass through the machine (an invitation's agent code: agent-invitation.spec.ts). */
test('register: each step refuses an incomplete form in the browser', async ({ page }) => {
  await openHome(page);
  await headerButton(page, 'auth.register').click();
  const dialog = page.getByRole('dialog');
  const emailStep = dialog.getByRole('form', { name: say('register.emailStep') });
  await emailStep.getByRole('button', { name: say('register.next') }).click();
  await expectMessages(
    emailStep,
    [requiredSentence('email'), requiredSentence('code'), say('validation.acceptTerms')],
    [],
  );
  await textbox(emailStep, 'labels.code').fill('12345');
  await emailStep.getByRole('button', { name: say('register.next') }).click();
  await expect(emailStep.getByText(say('validation.codeFormat'), { exact: true })).toBeVisible();
});

/* ------------------------------------------------------------------ sendCode */

const sendCodeAdapter: Adapter = {
  machine: sendCodeMachine,
  events: [
    { type: 'code.send', email: 'hanako@example.jp' },
    { type: 'xstate.done.actor.requestCode' },
    { type: 'xstate.error.actor.requestCode', error: new Error('network') },
    { type: 'xstate.after.oneSecond.sendCode.countingDown' },
  ] as EventObject[],
  serializeState: (snapshot) => {
    const { secondsLeft, codeSent } = snapshot.context as { secondsLeft: number; codeSent: boolean };
    return JSON.stringify([snapshot.value, snapshot.matches('countingDown') ? secondsLeft : null, codeSent]);
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
    await pauseClockSoon(page, 1000);
  },
  async perform({ page, dialog, tag, path }, step, index) {
    const { event } = step;
    if (event.type === 'code.send') {
      // The button goes with the address typed.
      const email = `code${tag}@example.jp`;
      await textbox(dialog, 'labels.email').fill(email);
      const { label } = selectSendCodeButton(path.steps[index - 1]!.state as never, email);
      await dialog.getByRole('button', { name: say(label.key), exact: true }).click();
    } else if (event.type.startsWith('xstate.after.')) {
      await page.clock.runFor(1000);
    }
  },
  async check({ dialog, tag }, snapshot) {
    if (snapshot.matches('sending')) return;
    // Before the first press the address is empty, and the button disabled for it.
    const button = selectSendCodeButton(snapshot as never, await textbox(dialog, 'labels.email').inputValue());
    const name =
      button.label.key === 'sendCode.resendIn'
        ? say(button.label.key, { seconds: button.label.seconds })
        : say(button.label.key);
    const control = dialog.getByRole('button', { name, exact: true });
    if (button.enabled) await expect(control).toBeEnabled();
    else await expect(control).toBeDisabled();
    // Once a code went out the form says where to, and how long until another may be asked for.
    const notice = selectCodeSentNotice(snapshot as never);
    const status = dialog.getByRole('status');
    if (!notice) {
      await expect(status).toHaveText('');
      return;
    }
    await expect(status).toContainText(say('sendCode.sentTo', { email: `code${tag}@example.jp` }));
    await expect(status).toContainText(
      notice.secondsLeft > 0 ? say('sendCode.nextIn', { seconds: notice.secondsLeft }) : say('sendCode.nextNow'),
    );
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
