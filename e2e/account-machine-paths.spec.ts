import { appLoginMachine, appLoginPollMs } from '@machines/app-login.machine';
import { type BankCardSnapshot, bankCardMachine, selectBankCardRefusals } from '@machines/bank-card.machine';
import {
  type PayPasswordField,
  type PayPasswordIntent,
  type PayPasswordSnapshot,
  payPasswordMachine,
  selectPayPasswordFields,
  selectPayPasswordRefusals,
} from '@machines/pay-password.machine';
import type { Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { apiCaller, type Call, expect, pauseClockSoon, registeredPlayer, test, text } from './fixtures';
import { type Adapter, replayMachinePaths, type Snapshot, type Step } from './machine-replay';
import { openMoneyPage } from './money-players';
import { replayFirstState } from './replay-support';

/**
 * The account pages' machines replayed as clicks (see machine-replay.ts): setting and changing the
 * payment password, binding and unbinding bank cards, signing the companion app in with a QR code
 * (the app's side is its exchange call, made through the API, on the page's own clock).
 *
 * Outcomes come from the real server: a wrong login password or a wrong current payment password is
 * refused, the right one accepted; a player who has a payment password or none decides which form
 * applies; an account number already bound is refused. A failed network is the only condition the test makes itself (the request is aborted
 * before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Account-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `user:${key}`, values);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const errorCode = (step: Step) => (step.event as { error?: { code?: number } }).error?.code;

/** Every message a form can show: the expected ones visible, the others absent. */
async function expectMessages(scope: Locator, shown: string[], possible: string[]) {
  for (const message of shown) await expect(scope.getByText(message, { exact: true })).toBeVisible();
  for (const message of possible)
    if (!shown.includes(message)) await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
}

/* ------------------------------------------------------------------ payment password */

const payPassword = '246801';
const newPayPassword = '135790';

const wrongConfirmation = (intent: PayPasswordIntent) => (intent === 'set' ? 'Not-my-password-1' : '999999');
const submitted = (intent: PayPasswordIntent, confirmation: string): EventObject => {
  const change = intent === 'set' ? { password: confirmation } : { oldPayPassword: confirmation };
  const event = { type: 'form.submit', newPayPassword, ...change };
  return event;
};

/** Fills the shown form with `values` (by field) and sends it. */
async function sendPayPasswordForm(page: Page, values: Partial<Record<PayPasswordField, string>>) {
  const form = page.getByRole('main').getByRole('form', { name: say('payPassword.title') });
  for (const [field, value] of Object.entries(values))
    await form.getByLabel(say(`fields.${field}`), { exact: true }).fill(value);
  await form.getByRole('button', { name: say('payPassword.submit') }).click();
}

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
  const sentConfirmation = (step: Step) => (step.event as Record<string, unknown>)[confirmation];
  return {
    machine: payPasswordMachine,
    input: { intent, hasPayPassword },
    events: [
      submitted(intent, right),
      submitted(intent, wrongConfirmation(intent)),
      { type: 'xstate.done.actor.savePayPassword' },
      {
        type: 'xstate.error.actor.savePayPassword',
        error: Object.assign(new Error(refusalSentence), { code: 400, fields: { [confirmation]: refusalSentence } }),
      },
      { type: 'xstate.error.actor.savePayPassword', error: offline },
    ] as EventObject[],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.sent, snapshot.context.refusals]),
    unsupported(step, previous) {
      // The server decides by the confirmation sent: the right one is accepted, a wrong one refused.
      const sent = (previous.context.sent as Record<string, string> | null)?.[confirmation];
      if (step.event.type === 'xstate.done.actor.savePayPassword' && sent !== right)
        return 'the server refuses a wrong confirmation';
      if (errorCode(step) === 400 && sent === right) return 'the server accepts the right confirmation';
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
      if (step.event.type !== 'form.submit') return;
      await sendPayPasswordForm(page, {
        [confirmation]: sentConfirmation(step) as string,
        newPayPassword,
        confirmPayPassword: newPayPassword,
      });
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
        const unused = confirmation === 'password' ? 'oldPayPassword' : 'password';
        await expect(form.getByLabel(say(`fields.${unused}`), { exact: true })).toHaveCount(0);
        for (const field of selectPayPasswordFields(model))
          await expect(form.getByLabel(say(`fields.${field}`), { exact: true })).toBeEnabled();
        await expectMessages(form, Object.values(selectPayPasswordRefusals(model)), possibleMessages);
      }
    },
  };
}

/** The form's own checks, which no longer pass through the machine: each field's message, then one call. */
test('change pay password: the form refuses in the browser what the server would', async ({ page, request }) => {
  const call = apiCaller(request, locale);
  const player = await registeredPlayer(request, call, password);
  await call('/v2/app/auth/password/update/payment', { newPayPassword: payPassword, password }, player);
  let calls = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/v2/app/auth/password/update/payment')) calls += 1;
  });
  await openMoneyPage(page, locale, { ...player, call, cardId: null }, '/user/update-pay-password');
  const form = page.getByRole('main').getByRole('form', { name: say('payPassword.title') });
  await sendPayPasswordForm(page, {});
  await expect(form.getByText(say('validation.required'), { exact: true })).toHaveCount(3);
  await sendPayPasswordForm(page, { oldPayPassword: payPassword, newPayPassword: '12a', confirmPayPassword: '13' });
  await expectMessages(form, [say('validation.payPasswordFormat'), say('validation.passwordsMismatch')], []);
  await sendPayPasswordForm(page, {
    oldPayPassword: payPassword,
    newPayPassword: payPassword,
    confirmPayPassword: payPassword,
  });
  await expectMessages(form, [say('validation.payPasswordUnchanged')], [say('validation.required')]);
  expect(calls).toBe(0);
  await sendPayPasswordForm(page, { newPayPassword, confirmPayPassword: newPayPassword });
  await expect(page.getByRole('main').getByRole('status')).toContainText(say('payPassword.done.title'));
  expect(calls).toBe(1);
});

/* ------------------------------------------------------------------ bank cards */

const finance = (key: string, values: Record<string, string | number> = {}) => text(locale, `finance:${key}`, values);
/** Placeholders of the model's account numbers: the page types a number the server has never seen, or one already bound. */
const freshNumber = '7654321';
const takenNumber = '1111111';
const takenSentence = text(locale, 'server:bank.cardAlreadyBound');
const holder = { firstName: '花子', lastName: '山田', pinyinName: 'ヤマダ ハナコ' };

interface BankWalk {
  call: Call;
  token: string;
  /** The account number of the card bound first, which the walk never unbinds. */
  keptNumber: string;
  keptLabel: string;
  /** The account number the page shows for the model's placeholder. */
  typedNumber: string;
}
const bankWalks = new WeakMap<Page, BankWalk>();
const uniqueNumber = () => `${1_000_000 + Math.floor(Math.random() * 8_999_999)}`;

async function bindThroughApi(walk: Pick<BankWalk, 'call' | 'token'>, cardNumber: string) {
  return walk.call<{ bankName: string; maskedCardNumber: string }>(
    '/v2/app/user/bank/save',
    {
      bankCode: '0005',
      cardNumber,
      branchCode: '123',
      branchName: '渋谷支店',
      holderFirstName: holder.firstName,
      holderLastName: holder.lastName,
      holderPinyinName: holder.pinyinName,
    },
    { token: walk.token },
  );
}

const bankMessages = [
  ...['bankCode', 'cardNumber', 'branchCode', 'branchName', 'name', 'holderMismatch'].map((key) =>
    finance(`validation.${key}`),
  ),
  takenSentence,
];

/** A card as the form sends it; the page types a number the server has never seen, or one already bound. */
const cardSent = (cardNumber: string) => ({
  type: 'form.submit',
  bankCode: '0005',
  cardNumber,
  branchCode: '123',
  branchName: '渋谷支店',
  holderFirstName: holder.firstName,
  holderLastName: holder.lastName,
  holderPinyinName: holder.pinyinName,
  isDefault: false,
});

/** Fills the bind form with `values` (the bank picked by its code) and sends it. */
async function sendBankCardForm(page: Page, values: Partial<Record<string, string>>) {
  const form = page.getByRole('dialog').getByRole('form', { name: finance('cards.bindTitle') });
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (field === 'bankCode') {
      await form.getByRole('combobox', { name: finance('cards.fields.bankCode') }).click();
      await page.getByRole('option', { name: new RegExp(`\\(${value}\\)$`) }).click();
    } else {
      await form.getByRole('textbox', { name: finance(`cards.fields.${field}`), exact: true }).fill(value);
    }
  }
  await form.getByRole('button', { name: finance('cards.submit'), exact: true }).click();
}

function bankCardAdapter(named: boolean): Adapter {
  const sentNumber = (snapshot: { context: Record<string, unknown> }) =>
    (snapshot.context.sent as { cardNumber: string } | null)?.cardNumber;
  return {
    machine: bankCardMachine,
    input: { names: named ? holder : { firstName: null, lastName: null, pinyinName: null } },
    events: [
      { type: 'card.bind' },
      cardSent(freshNumber),
      cardSent(takenNumber),
      { type: 'form.cancel' },
      { type: 'card.unbind', card: { id: 2, bankName: 'Bank', maskedCardNumber: '****0002' } },
      { type: 'unbind.confirm' },
      { type: 'unbind.cancel' },
      {
        type: 'xstate.done.actor.saveCard',
        output: { id: 3, bankName: 'Bank', maskedCardNumber: '****4321', isDefault: false },
      },
      {
        type: 'xstate.error.actor.saveCard',
        error: Object.assign(new Error(takenSentence), { code: 409, fields: { cardNumber: takenSentence } }),
      },
      { type: 'xstate.error.actor.saveCard', error: offline },
      { type: 'xstate.done.actor.unbindCard' },
      { type: 'xstate.error.actor.unbindCard', error: offline },
    ] as EventObject[],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.sent, snapshot.context.refusals]),
    unsupported(step, previous) {
      const number = sentNumber(previous);
      if (!named && step.event.type === 'card.unbind') return 'a player without names has no card to unbind';
      if (step.event.type === 'xstate.done.actor.saveCard' && number === takenNumber)
        return 'the server refuses an account number already bound';
      if (errorCode(step) === 409 && number !== takenNumber) return 'the server accepts a number never bound';
      return null;
    },
    inFlight: ['saving', 'unbinding'],
    calls: { saveCard: '/v2/app/user/bank/save', unbindCard: '/v2/app/user/bank/unbind' },
    networkFailures: ['saveCard', 'unbindCard'],
    isNetworkFailure: (step) => errorCode(step) === 0,
    async start({ page, request }) {
      const call = apiCaller(request, locale);
      const player = await registeredPlayer(request, call, password);
      const walk: BankWalk = { call, token: player.token, keptNumber: '', keptLabel: '', typedNumber: '' };
      if (named) {
        await call('/v2/app/user/update', holder, player);
        // One card the walk keeps (its number is the one already bound) and two it may unbind.
        walk.keptNumber = uniqueNumber();
        const kept = await bindThroughApi(walk, walk.keptNumber);
        walk.keptLabel = `${kept.bankName} ${kept.maskedCardNumber}`;
        await bindThroughApi(walk, uniqueNumber());
        await bindThroughApi(walk, uniqueNumber());
      }
      bankWalks.set(page, walk);
      await openMoneyPage(page, locale, { ...player, call, cardId: null }, '/user/bankcard-setting');
    },
    async perform({ page }, step) {
      const walk = bankWalks.get(page)!;
      const dialog = page.getByRole('dialog');
      const form = dialog.getByRole('form', { name: finance('cards.bindTitle') });
      const { event } = step;
      switch (event.type) {
        case 'card.bind':
          await page
            .getByRole('main')
            .getByRole('button', { name: finance('cards.bind') })
            .click();
          return;
        case 'form.submit': {
          const sent = event as unknown as ReturnType<typeof cardSent>;
          walk.typedNumber = sent.cardNumber === takenNumber ? walk.keptNumber : uniqueNumber();
          // The form keeps what was typed before: the bank is picked only while none is.
          const bankPicked =
            (await form.getByRole('combobox', { name: finance('cards.fields.bankCode') }).inputValue()) !== '';
          await sendBankCardForm(page, {
            bankCode: bankPicked ? undefined : sent.bankCode,
            cardNumber: walk.typedNumber,
            branchCode: sent.branchCode,
            branchName: sent.branchName,
          });
          return;
        }
        case 'form.cancel':
          if (step.state.matches('idle') && (await form.count()) > 0)
            await form.getByRole('button', { name: finance('cards.cancel') }).click();
          else await page.keyboard.press('Escape');
          return;
        case 'card.unbind': {
          // The newest card other than the one the walk keeps.
          const cards = page.getByRole('main').getByRole('article');
          await expect(cards.first()).toBeVisible();
          const labels = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
          const target = labels.filter((label) => label !== walk.keptLabel).at(-1);
          expect(target, 'a card the walk may unbind').toBeDefined();
          await page
            .getByRole('article', { name: target, exact: true })
            .getByRole('button', { name: finance('cards.unbind') })
            .click();
          return;
        }
        case 'unbind.confirm':
          await dialog.getByRole('button', { name: finance('cards.unbind') }).click();
          return;
        case 'unbind.cancel':
          await dialog.getByRole('button', { name: finance('cards.cancel') }).click();
          return;
        case 'xstate.done.actor.saveCard':
          await expect(page.getByText(finance('cards.bound'))).toBeVisible();
          return;
        case 'xstate.done.actor.unbindCard':
          await expect(page.getByText(finance('cards.unbound'))).toBeVisible();
          return;
        default:
      }
    },
    async check({ page }, snapshot) {
      const walk = bankWalks.get(page)!;
      const dialog = page.getByRole('dialog');
      if (snapshot.matches('saving') || snapshot.matches('unbinding')) return;
      if (snapshot.matches('idle')) {
        await expect(dialog).toHaveCount(0);
        if (named) await expect(page.getByRole('article', { name: walk.keptLabel, exact: true })).toBeVisible();
        else await expect(page.getByText(finance('cards.none'))).toBeVisible();
      } else if (snapshot.matches('needsPersonalInformation')) {
        await expect(dialog).toContainText(text(locale, 'user:gates.personalInformation.message'));
      } else if (snapshot.matches('confirmingUnbind')) {
        await expect(dialog.getByText(finance('cards.unbindTitle'))).toBeVisible();
      } else {
        const model = snapshot as unknown as BankCardSnapshot;
        const form = dialog.getByRole('form', { name: finance('cards.bindTitle') });
        // A form just opened is blank but for the holder's names on record; one sent keeps what was typed.
        await expect(form.getByRole('textbox', { name: finance('cards.fields.cardNumber'), exact: true })).toHaveValue(
          model.context.sent === null ? '' : walk.typedNumber,
        );
        for (const [field, value] of Object.entries(holder))
          await expect(
            form.getByRole('textbox', {
              name: finance(`cards.fields.holder${field[0]!.toUpperCase()}${field.slice(1)}`),
              exact: true,
            }),
          ).toHaveValue(value);
        await expectMessages(form, Object.values(selectBankCardRefusals(model)), bankMessages);
      }
    },
  };
}

/** The form's own checks, which no longer pass through the machine: each field's message, then one call. */
test('bind a bank card: the form refuses in the browser what the server would', async ({ page, request }) => {
  const call = apiCaller(request, locale);
  const player = await registeredPlayer(request, call, password);
  await call('/v2/app/user/update', holder, player);
  let calls = 0;
  page.on('request', (sent) => {
    if (sent.url().endsWith('/v2/app/user/bank/save')) calls += 1;
  });
  await openMoneyPage(page, locale, { ...player, call, cardId: null }, '/user/bankcard-setting');
  await page
    .getByRole('main')
    .getByRole('button', { name: finance('cards.bind') })
    .click();
  const form = page.getByRole('dialog').getByRole('form', { name: finance('cards.bindTitle') });
  await sendBankCardForm(page, { cardNumber: '12a', holderPinyinName: 'ヤマダ タロウ' });
  await expectMessages(
    form,
    ['bankCode', 'cardNumber', 'branchCode', 'branchName', 'holderMismatch'].map((key) => finance(`validation.${key}`)),
    [finance('validation.name'), takenSentence],
  );
  expect(calls).toBe(0);
  // Full-width digits, spaces and a hiragana reading are what the bank has.
  const number = uniqueNumber();
  const fullWidth = (digits: string) =>
    [...digits].map((digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0)).join('');
  await sendBankCardForm(page, {
    bankCode: '0005',
    cardNumber: `${fullWidth(number.slice(0, 3))} ${number.slice(3)}`,
    branchCode: '１２３',
    branchName: '渋谷支店',
    holderPinyinName: 'やまだ はなこ',
  });
  await expect(page.getByText(finance('cards.bound'))).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(calls).toBe(1);
});

/* ------------------------------------------------------------------ signing the app in with a QR code */

const appText = (key: string, values: Record<string, string> = {}) =>
  text(locale, `app-access:appLogin.${key}`, values);
const statusPoll = 'xstate.after.statusPoll.appLogin.showing';
const approvedPoll = 'xstate.after.statusPoll.appLogin.awaitingApp';
/** The name the companion app gives itself when it asks to sign in. */
const askingDevice = 'Pixel 8';
/** The request each walk's app made (by the walk's tag), which it claims once the player approved it. */
const appRequests = new Map<string, { loginCode: string; requestToken: string }>();

const statusOf = (step: Step) => (step.event.output as { status?: string } | undefined)?.status;

/**
 * Which answers the real server gives where the page is: a code is scanned before it is approved,
 * approved before the app signs in with it, and the page's own answer decides approved or refused.
 */
function appLoginUnsupported(step: Step, previous: Snapshot): string | null {
  const status = statusOf(step);
  const approvedBefore = (previous.context as { approve: boolean }).approve;
  if (status === 'expired')
    return 'a code expires after two minutes of the server’s own clock, which the page’s clock does not move';
  if (step.event.type === 'xstate.done.actor.fetchStatus') {
    if (status === 'refused') return 'only this page refuses, and then follows the code no more';
    if (approvedBefore)
      return status === 'approved' || status === 'signedIn'
        ? null
        : 'an approved code reads approved until the app signs in';
    return status === 'waiting' || status === 'awaitingApproval'
      ? null
      : 'the app signs in only once the player approved';
  }
  if (step.event.type === 'xstate.done.actor.decide')
    return (status === 'approved') === approvedBefore ? null : 'the server answers the answer the player gave';
  return null;
}

const appLoginAdapter: Adapter = {
  machine: appLoginMachine,
  events: [
    { type: 'code.retry' },
    { type: 'code.refresh' },
    { type: 'signIn.approve' },
    { type: 'signIn.refuse' },
    {
      type: 'xstate.done.actor.issueCode',
      output: { loginCode: 'code', expiresAt: '2026-11-21T00:02:00.000Z' },
    },
    { type: 'xstate.error.actor.issueCode', error: offline },
    { type: statusPoll },
    { type: approvedPoll },
    { type: 'xstate.done.actor.fetchStatus', output: { status: 'waiting', device: null } },
    { type: 'xstate.done.actor.fetchStatus', output: { status: 'awaitingApproval', device: askingDevice } },
    { type: 'xstate.done.actor.fetchStatus', output: { status: 'approved', device: null } },
    { type: 'xstate.done.actor.fetchStatus', output: { status: 'signedIn', device: null } },
    { type: 'xstate.done.actor.fetchStatus', output: { status: 'refused', device: null } },
    { type: 'xstate.done.actor.fetchStatus', output: { status: 'expired', device: null } },
    { type: 'xstate.error.actor.fetchStatus', error: offline },
    { type: 'xstate.done.actor.decide', output: { status: 'approved' } },
    { type: 'xstate.done.actor.decide', output: { status: 'refused' } },
    { type: 'xstate.done.actor.decide', output: { status: 'expired' } },
    { type: 'xstate.error.actor.decide', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.code !== null,
      (snapshot.context as { approve: boolean }).approve,
    ]),
  unsupported: appLoginUnsupported,
  inFlight: ['loading', 'checking', 'deciding'],
  calls: {
    issueCode: '/v2/app/user/login/qr/code',
    fetchStatus: '/v2/app/user/login/qr/status',
    decide: '/v2/app/user/login/qr/decide',
  },
  networkFailures: ['issueCode', 'fetchStatus', 'decide'],
  async start({ page, request }) {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    // The page's clock stops once the first code is shown (or could not be had), before its first
    // check: every check of the code is one the path makes.
    let checks = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/v2/app/user/login/qr/status')) checks += 1;
    });
    await page.clock.install();
    await openMoneyPage(page, locale, { ...player, call, cardId: null }, '/user/app-login');
    const main = page.getByRole('main');
    await expect(main.getByTestId('app-login-code').or(main.getByRole('alert'))).toBeVisible();
    await pauseClockSoon(page, 100);
    expect(checks, 'no check of the code before the clock stopped').toBe(0);
  },
  async perform({ page, request, path, tag }, step, index) {
    const main = page.getByRole('main');
    const { type } = step.event;
    const question = main.getByRole('group', { name: appText('confirmQuestion', { device: askingDevice }) });
    if (type === 'code.retry') {
      await main.getByRole('button', { name: appText('retry') }).click();
    } else if (type === 'code.refresh') {
      await main.getByRole('button', { name: appText('refresh') }).click();
    } else if (type === 'signIn.approve') {
      await question.getByRole('button', { name: appText('approve') }).click();
    } else if (type === 'signIn.refuse') {
      await question.getByRole('button', { name: appText('refuse') }).click();
    } else if (type === statusPoll || type === approvedPoll) {
      // The companion app's side, just before the check that sees it: it asks with the code shown,
      // or, once the player approved, it opens its session.
      const next = path.steps[index + 1];
      const status = next ? statusOf(next) : undefined;
      const call = apiCaller(request, locale);
      if (status === 'awaitingApproval') {
        const loginCode = (await main.getByTestId('app-login-code').textContent()) ?? '';
        const { requestToken } = await call<{ requestToken: string }>('/v2/app/login/qr/exchange', {
          loginCode,
          device: askingDevice,
        });
        appRequests.set(tag, { loginCode, requestToken });
      } else if (status === 'signedIn') {
        const asked = appRequests.get(tag);
        if (!asked) throw new Error('the app signs in only after it asked');
        await call('/v2/app/login/qr/claim', asked);
      }
      await page.clock.runFor(appLoginPollMs);
    }
  },
  async check({ page }, snapshot) {
    const main = page.getByRole('main');
    if (snapshot.matches('loading') || snapshot.matches('checking') || snapshot.matches('deciding')) return;
    if (snapshot.matches('loadFailed')) {
      await expect(main.getByRole('alert')).toContainText(appText('loadFailed'));
    } else if (snapshot.matches('signedInOnApp')) {
      await expect(main.getByRole('status')).toContainText(appText('signedIn'));
      await expect(main.getByTestId('app-login-code')).toHaveCount(0);
    } else if (snapshot.matches('confirming')) {
      const question = main.getByRole('group', { name: appText('confirmQuestion', { device: askingDevice }) });
      await expect(question.getByRole('button', { name: appText('approve') })).toBeEnabled();
      await expect(question.getByRole('button', { name: appText('refuse') })).toBeEnabled();
      await expect(main.getByTestId('app-login-code')).toHaveCount(0);
    } else if (snapshot.matches('awaitingApp')) {
      await expect(main.getByRole('status')).toContainText(appText('approved'));
      await expect(main.getByTestId('app-login-code')).toHaveCount(0);
    } else if (snapshot.matches('refused')) {
      await expect(main.getByRole('status')).toContainText(appText('refused'));
      await expect(main.getByRole('button', { name: appText('refresh') })).toBeEnabled();
    } else {
      await expect(main.getByRole('img', { name: appText('qrLabel') })).toBeVisible();
      await expect(main.getByTestId('app-login-code')).toHaveText(/^[A-Za-z0-9_-]{32}$/);
      await expect(main.getByRole('status')).toContainText(appText('waiting'));
    }
  },
};

replayMachinePaths(
  {
    setPayPassword: payPasswordAdapter('set', false),
    changePayPassword: payPasswordAdapter('change', true),
    bankCard: bankCardAdapter(true),
    unnamedBankCard: bankCardAdapter(false),
    appLogin: appLoginAdapter,
  },
  runId,
  90_000,
);
replayFirstState('set page with a payment password', payPasswordAdapter('set', true), runId);
replayFirstState('change page without a payment password', payPasswordAdapter('change', false), runId);
