import type { DepositOrder, PayChannel } from '@contract/deposit';
import type { Withdrawal } from '@contract/withdrawal';
import { type CreatedOrder, depositMachine, depositOrderFollow, depositRequest } from '@machines/deposit.machine';
import { withdrawalFollow, withdrawMachine, withdrawRequest } from '@machines/withdrawal.machine';
import type { Locator, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { serializeMoneyRequest } from '../tests/machines/model-paths';
import { expect, pauseClockSoon, test, text } from './fixtures';
import {
  type Adapter,
  outcomeActor,
  type Replay,
  replayMachinePaths,
  type Snapshot,
  type Step,
} from './machine-replay';
import {
  type MoneyPlayer,
  moneyPlayer,
  names,
  type OpenOrder,
  openMoneyPage,
  openOnlineOrder,
  payOnSandbox,
  type Readiness,
  rejectWithdrawal,
  setReading,
  type WithdrawReadiness,
  withdrawingPlayer,
} from './money-players';
import { failRetriedQuery } from './replay-support';

/**
 * The money pages' machines replayed as clicks (see machine-replay.ts): the deposit's front (its
 * prerequisites and form), the deposit page around it (a new order followed, an order the checkout
 * page sends the player back with), and an order followed until it is paid, on the page's own clock.
 *
 * Outcomes come from the real server: a player without names or without a card, an order refused
 * because the reading on record no longer matches the card's holder (changed through the API just
 * before), an order paid on the sandbox checkout through the API just before the page's next check,
 * an order number the player has no order under. A failed network is the only condition the test
 * makes itself (the request is aborted before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Money-Paths-2026!';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `finance:${key}`, values);
const amountText = (amount: number) => new Intl.NumberFormat(locale).format(amount);
const depositPath = '/user/finance/deposit';

const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const mismatchSentence = text(locale, 'server:bank.holderNameMismatch');
const holderRefusal = Object.assign(new Error(mismatchSentence), {
  code: 422,
  fields: { holderPinyinName: mismatchSentence },
});
const errorCode = (step: Step | undefined) => (step?.event as { error?: { code?: number } } | undefined)?.error?.code;

/** The outcome of the call the step at `index` sets off: the next outcome event of the path. */
const nextOutcome = (replay: Replay, index: number) =>
  replay.path.steps.slice(index + 1).find((step) => outcomeActor(step.event.type));

/** Every message a field can show: the expected ones visible, the others absent. */
async function expectMessages(scope: Locator, shown: string[], possible: string[]) {
  for (const message of shown) await expect(scope.getByText(message, { exact: true })).toBeVisible();
  for (const message of possible)
    if (!shown.includes(message)) await expect(scope.getByText(message, { exact: true })).toHaveCount(0);
}

/* ------------------------------------------------------------------ the server's channels and orders */

// As the server offers them (server/shared/player-deps.ts): the checks read the names and the limits.
const online: PayChannel = {
  id: 'online-bank',
  name: 'Online payment',
  mode: 'automatic',
  currency: 'JPY',
  minAmount: 1_000,
  maxAmount: 500_000,
  presetAmounts: [1_000, 3_000, 5_000, 10_000, 30_000, 50_000],
  feeRateBasisPoints: 0,
};
const transfer: PayChannel = {
  ...online,
  id: 'bank-transfer',
  name: 'Bank transfer',
  mode: 'manual',
  maxAmount: 1_000_000,
  presetAmounts: [10_000, 30_000, 50_000, 100_000],
};
const card = { id: 1, bankName: 'SMBC', maskedCardNumber: '****0007', isDefault: true };
const ready = { profile: names, cards: [card], channels: [online, transfer] };

// The channel's mode goes with the status: the caller pairs them.
const order = (status: DepositOrder['status'], channel: PayChannel = online) =>
  ({
    orderSn: 'D1',
    channelId: channel.id,
    channelName: channel.name,
    amount: 5_000,
    fee: 0,
    createdAt: '2026-11-21T00:00:00.000Z',
    paidAt: null,
    failureReason: null,
    mode: channel.mode,
    currency: 'JPY',
    status,
  }) as DepositOrder;
const checkout: CreatedOrder = {
  order: order('pendingPayment'),
  instructions: { kind: 'redirect', url: 'http://sandbox/checkout' },
  expiresAt: '2026-11-21T00:30:00.000Z',
};
const bankTransfer: CreatedOrder = {
  order: order('inProgress', transfer),
  instructions: {
    kind: 'bankTransfer',
    yenAmount: 10_000,
    bankName: 'Sandbox Bank',
    branchName: 'Test',
    branchCode: '001',
    accountType: 'Ordinary',
    accountNumber: '1234567',
    accountHolder: 'Game hall',
    transferNote: 'D1',
  },
  expiresAt: '2026-11-21T00:30:00.000Z',
};

/** What the page shows of a deposit order it follows, by status. */
async function expectOrderView(page: Page, status: DepositOrder['status'], amount: number) {
  const main = page.getByRole('main');
  if (status === 'pendingPayment' || status === 'inProgress') {
    await expect(main.getByText(say(`depositStatus.${status}`), { exact: true })).toBeVisible();
    await expect(main.getByRole('status').getByText(say('deposit.following'))).toBeVisible();
    if (status === 'inProgress')
      await expect(main.getByLabel(say('deposit.transfer.title'))).toContainText(say('deposit.transfer.bank'));
    else await expect(main.getByRole('link', { name: say('deposit.pending.openCheckout') })).toBeVisible();
  } else {
    await expect(main.getByRole('status').filter({ hasText: say(`depositStatus.${status}`) })).toContainText(
      say(`deposit.outcome.${status}`, { coins: amountText(amount) }),
    );
    await expect(main.getByText(say('deposit.following'))).toHaveCount(0);
  }
}

/* ------------------------------------------------------------------ the deposit's front */

const players = new WeakMap<Page, MoneyPlayer>();

type SentOrder = { channelId: string; amount: number; bankCardId: number };
const sentOrder = (snapshot: Snapshot) => snapshot.context.sent as SentOrder | null;
const channelNamed = (id: string) => (id === transfer.id ? transfer : online);

/** Sets the reading on record so the server accepts or refuses the order the next step sends. */
async function arrangeOrderOutcome(replay: Replay, index: number) {
  const outcome = nextOutcome(replay, index);
  await setReading(players.get(replay.page)!, errorCode(outcome) !== 422);
}

const amountMessages = [
  say('validation.amountRequired'),
  say('validation.amount'),
  say('validation.amountMin', { min: online.minAmount }),
];

const depositRequestAdapter: Adapter = {
  machine: depositRequest,
  events: [
    { type: 'prerequisites.retry' },
    { type: 'form.submit', body: { channelId: online.id, amount: 5_000, bankCardId: card.id } },
    { type: 'form.submit', body: { channelId: transfer.id, amount: 10_000, bankCardId: card.id } },
    { type: 'request.retry' },
    { type: 'request.edit' },
    { type: 'xstate.done.actor.loadPrerequisites', output: ready },
    { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, profile: { ...names, pinyinName: null } } },
    { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, cards: [] } },
    { type: 'xstate.done.actor.loadPrerequisites', output: { ...ready, channels: [] } },
    { type: 'xstate.error.actor.loadPrerequisites', error: offline },
    { type: 'xstate.done.actor.sendRequest', output: checkout },
    { type: 'xstate.error.actor.sendRequest', error: offline },
    { type: 'xstate.error.actor.sendRequest', error: holderRefusal },
  ] as EventObject[],
  serializeState: serializeMoneyRequest,
  unsupported: (step) =>
    step.event.type === 'xstate.done.actor.loadPrerequisites' &&
    (step.event.output as { channels: unknown[] }).channels.length === 0
      ? 'the open channels are the server’s settings, shared by every test running at the time'
      : null,
  inFlight: ['checkingPrerequisites', 'sending'],
  calls: { loadPrerequisites: '/v2/app/pay/query', sendRequest: '/v2/app/pay/order' },
  networkFailures: ['loadPrerequisites', 'sendRequest'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request, path }) {
    // A path has one answer to the prerequisites (every closed gate ends it): the player is made for it.
    const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadPrerequisites');
    const output = loaded?.event.output as typeof ready | undefined;
    const readiness: Readiness = !output
      ? 'withCard'
      : !output.profile.pinyinName
        ? 'new'
        : output.cards.length === 0
          ? 'named'
          : 'withCard';
    const player = await moneyPlayer(request, locale, password, readiness);
    players.set(page, player);
    await failRetriedQuery(page, path, 'loadPrerequisites', '/v2/app/pay/query');
    await openMoneyPage(page, locale, player, depositPath);
  },
  async perform(replay, step, index) {
    const { page } = replay;
    const main = page.getByRole('main');
    const form = main.getByRole('form', { name: say('deposit.formTitle') });
    switch (step.event.type) {
      case 'prerequisites.retry':
        await main.getByRole('button', { name: text(locale, 'user:loadFailed.retry') }).click();
        return;
      case 'form.submit': {
        const body = step.event.body as SentOrder;
        if (step.state.matches('sending')) await arrangeOrderOutcome(replay, index);
        await form.getByText(channelNamed(body.channelId).name, { exact: true }).click();
        await form.getByRole('textbox', { name: say('deposit.fields.amount') }).fill(String(body.amount));
        await form.getByRole('button', { name: say('deposit.submit'), exact: true }).click();
        return;
      }
      case 'request.retry':
        await arrangeOrderOutcome(replay, index);
        await main.getByRole('button', { name: say('deposit.interrupted.retry') }).click();
        return;
      case 'request.edit':
        await main.getByRole('button', { name: say('deposit.interrupted.edit') }).click();
        return;
      case 'xstate.error.actor.sendRequest':
        // The server's sentence is about the profile, not a field of this form: it comes as a notice.
        if (errorCode(step) === 422) await expect(page.getByText(mismatchSentence)).toBeVisible();
        return;
      default:
      // Any other outcome: the server has answered; the check sees where the page went.
    }
  },
  async check({ page }, snapshot) {
    const main = page.getByRole('main');
    if (snapshot.matches('checkingPrerequisites') || snapshot.matches('sending')) return;
    if (snapshot.matches('prerequisitesUnavailable')) {
      await expect(main.getByRole('alert')).toContainText(text(locale, 'user:loadFailed.title'));
    } else if (snapshot.matches('needsPersonalInformation')) {
      await expect(main.getByRole('alert')).toContainText(text(locale, 'user:gates.personalInformation.message'));
      await expect(main.getByRole('form')).toHaveCount(0);
    } else if (snapshot.matches('needsBankCard')) {
      await expect(main.getByRole('alert')).toContainText(text(locale, 'user:gates.bankCard.message'));
      await expect(main.getByRole('form')).toHaveCount(0);
    } else if (snapshot.matches('interrupted')) {
      await expect(main.getByRole('alert')).toContainText(say('deposit.interrupted.title'));
    } else if (snapshot.matches('sent')) {
      await expectOrderView(page, sentOrder(snapshot)?.channelId === transfer.id ? 'inProgress' : 'pendingPayment', 0);
    } else {
      // A fresh form starts empty on the first channel; after a refusal or an interruption it holds what was sent.
      const form = main.getByRole('form', { name: say('deposit.formTitle') });
      const sent = sentOrder(snapshot);
      await expect(form.getByRole('textbox', { name: say('deposit.fields.amount') })).toHaveValue(
        sent ? String(sent.amount) : '',
      );
      await expect(form.getByRole('radio', { name: channelNamed(sent?.channelId ?? online.id).name })).toBeChecked();
      await expect(form.getByRole('combobox', { name: say('deposit.fields.bankCard') })).toHaveValue(/\*{4}\d{4}$/);
      await expectMessages(form, [], amountMessages);
      const credited = form.getByTestId('deposit-credited');
      if (sent) {
        const channel = channelNamed(sent.channelId);
        const coins = sent.amount - Math.floor((sent.amount * channel.feeRateBasisPoints) / 10_000);
        await expect(credited).toHaveText(say('deposit.quote.credited', { coins: amountText(coins) }));
      } else await expect(credited).toHaveCount(0);
    }
  },
};

/** The form's own checks, which no longer pass through the machine: the amount's messages in the browser. */
test('deposit: the form refuses a missing or too small amount, and a quick amount fills it', async ({
  page,
  request,
}) => {
  const player = await moneyPlayer(request, locale, password, 'withCard');
  await openMoneyPage(page, locale, player, depositPath);
  const form = page.getByRole('main').getByRole('form', { name: say('deposit.formTitle') });
  const submit = form.getByRole('button', { name: say('deposit.submit'), exact: true });
  const amount = form.getByRole('textbox', { name: say('deposit.fields.amount') });
  await submit.click();
  await expectMessages(form, [amountMessages[0]!], amountMessages);
  await amount.fill('50');
  await submit.click();
  await expectMessages(form, [amountMessages[2]!], amountMessages);
  await form
    .getByRole('group', { name: say('deposit.presets') })
    .getByRole('button')
    .nth(2)
    .click();
  await expect(amount).toHaveValue(String(online.presetAmounts[2]));
  await expectMessages(form, [], amountMessages);
  await expect(form.getByTestId('deposit-credited')).toHaveText(
    say('deposit.quote.credited', { coins: amountText(online.presetAmounts[2]!) }),
  );
});

/* ------------------------------------------------------------------ the deposit page around it */

function depositAdapter(resuming: boolean): Adapter {
  return {
    machine: depositMachine,
    input: resuming ? { orderSn: 'D1' } : {},
    events: [
      { type: 'deposit.again' },
      { type: 'xstate.done.actor.request', output: checkout },
      { type: 'xstate.done.actor.request', output: bankTransfer },
      {
        type: 'xstate.done.actor.resumeOrder',
        output: { order: order('paymentSuccessful'), instructions: null, expiresAt: '2026-11-21T00:30:00.000Z' },
      },
      {
        type: 'xstate.error.actor.resumeOrder',
        error: Object.assign(new Error('The order was not found.'), { code: 404, fields: {} }),
      },
    ] as EventObject[],
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, (snapshot.context.order as DepositOrder | null)?.status ?? null]),
    unsupported: () => null,
    inFlight: ['resumingOrder'],
    calls: { resumeOrder: '/v2/app/pay/order/open' },
    networkFailures: [],
    async start({ page, request, path }) {
      const player = await moneyPlayer(request, locale, password, 'withCard');
      let pagePath = depositPath;
      if (resuming) {
        const found = path.steps.some((step) => step.event.type === 'xstate.done.actor.resumeOrder');
        let orderSn = 'D20000101000000000';
        if (found) {
          // Back from the checkout page: the order was paid there.
          const opened = await openOnlineOrder(player, 5_000);
          await payOnSandbox(request, player, opened);
          orderSn = opened.orderSn;
        }
        pagePath = `${depositPath}?orderSn=${orderSn}`;
      }
      await openMoneyPage(page, locale, player, pagePath);
    },
    async perform({ page }, step) {
      const main = page.getByRole('main');
      if (step.event.type === 'deposit.again') {
        await main.getByRole('button', { name: say('deposit.again') }).click();
      } else if (step.event.type === 'xstate.done.actor.request') {
        // The front's own steps (its machine has its paths above): a valid form, sent.
        const created = step.event.output as CreatedOrder;
        const form = main.getByRole('form', { name: say('deposit.formTitle') });
        await form.getByText(created.order.channelName, { exact: true }).click();
        await form.getByRole('textbox', { name: say('deposit.fields.amount') }).fill('5000');
        await form.getByRole('button', { name: say('deposit.submit'), exact: true }).click();
      }
    },
    async check({ page }, snapshot) {
      if (snapshot.matches('starting') || snapshot.matches('resumingOrder')) return;
      if (snapshot.matches('requesting')) {
        await expect(page.getByRole('main').getByRole('form', { name: say('deposit.formTitle') })).toBeVisible();
        await expect(page).toHaveURL(/\/user\/finance\/deposit/);
        return;
      }
      const followed = snapshot.context.order as DepositOrder;
      await expectOrderView(page, followed.status, followed.amount);
    },
  };
}

/* ------------------------------------------------------------------ an order followed until it settles */

const followed = new WeakMap<Page, { player: MoneyPlayer; order: OpenOrder }>();
/** The follower's interval (depositOrderFollow's pollMs). */
const pollMs = 5_000;
const orderPoll = 'xstate.after.orderPoll.orderFollow.waitingForSettlement';

const orderFollowAdapter: Adapter = {
  machine: depositOrderFollow,
  input: { order: order('pendingPayment') },
  events: [
    { type: orderPoll },
    { type: 'xstate.done.actor.fetchOrder', output: order('pendingPayment') },
    { type: 'xstate.done.actor.fetchOrder', output: order('paymentSuccessful') },
    { type: 'xstate.error.actor.fetchOrder', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context.order as DepositOrder).status]),
  unsupported: () => null,
  inFlight: ['checkingOrder'],
  calls: { fetchOrder: '/v2/app/pay/order/get' },
  networkFailures: ['fetchOrder'],
  async start({ page, request }) {
    const player = await moneyPlayer(request, locale, password, 'withCard');
    const opened = await openOnlineOrder(player, 5_000);
    followed.set(page, { player, order: opened });
    // The page's clock: once the page follows the order, it is checked again only when the path
    // says the interval has passed. The page loads on the running clock (it renders nothing on a
    // paused one) and must not have checked the order before the clock stops.
    let checks = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/v2/app/pay/order/get')) checks += 1;
    });
    await page.clock.install();
    await openMoneyPage(page, locale, player, `${depositPath}?orderSn=${opened.orderSn}`);
    await expect(page.getByRole('main').getByText(say('deposit.following'))).toBeVisible();
    await pauseClockSoon(page, 500);
    expect(checks, 'no check of the order before the clock stopped').toBe(0);
  },
  async perform(replay, step, index) {
    if (step.event.type !== orderPoll) return;
    const outcome = nextOutcome(replay, index)?.event;
    if (
      outcome?.type === 'xstate.done.actor.fetchOrder' &&
      (outcome.output as DepositOrder).status !== 'pendingPayment'
    ) {
      const { player, order: opened } = followed.get(replay.page)!;
      await payOnSandbox(replay.request, player, opened);
    }
    await replay.page.clock.runFor(pollMs);
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('checkingOrder')) return;
    await expectOrderView(page, (snapshot.context.order as DepositOrder).status, 5_000);
  },
};

/* ------------------------------------------------------------------ the withdrawal's front */

const payPassword = '246801';
const wrongPayPassword = '135790';
const balance = 5_000;
const limits = { minAmount: 1_000, maxAmount: 1_000_000, feeRateBasisPoints: 0, coinsPerYen: 1 };
// The path's one wrong pay password, answered by the server with the tries left of five.
const wrongPasswordSentence = text(locale, 'server:draw.payPasswordWrongTries', { count: 4 });
const wrongPassword = Object.assign(new Error(wrongPasswordSentence), {
  code: 400,
  fields: { payPassword: wrongPasswordSentence },
});
const withdrawProfile = { ...names, balance, kycStatus: 'approved', hasPayPassword: true };
const withdrawReady = { profile: withdrawProfile, cards: [card], limits };
const withdrawal = (status: Withdrawal['status']): Withdrawal => ({
  orderSn: 'W1',
  amount: 2_000,
  fee: 0,
  status,
  createdAt: '2026-11-21T00:00:00.000Z',
  completedAt: null,
  failureReason: status === 'withdrawalFailed' ? rejectReason : null,
  method: 'bank',
  bankCard: { id: card.id, bankName: card.bankName, maskedCardNumber: card.maskedCardNumber },
});
const rejectReason = 'The account holder could not be confirmed';
const withdrawPath = '/user/finance/withdraw';

/** The readiness the prerequisites say the player has. */
function withdrawReadiness(output: typeof withdrawReady | undefined): WithdrawReadiness {
  if (!output) return 'ready';
  if (!output.profile.pinyinName) return 'new';
  if (output.cards.length === 0) return 'named';
  if (output.profile.kycStatus === 'notSubmitted') return 'withCard';
  if (output.profile.kycStatus === 'pendingReview') return 'identitySent';
  return output.profile.hasPayPassword ? 'ready' : 'identityVerified';
}

const withdrawAmountMessages = [
  say('validation.amountRequired'),
  say('validation.withdrawalRange', { min: limits.minAmount, max: limits.maxAmount }),
  say('validation.amountOverBalance', { balance }),
];
const payPasswordMessages = [say('validation.required'), wrongPasswordSentence];

/** The withdrawal form as the page shows it. */
const withdrawForm = (page: Page) => page.getByRole('main').getByRole('form', { name: say('withdraw.formTitle') });

/** Fills and sends a valid withdrawal form, as a player who knows the payment password. */
async function sendWithdrawal(page: Page) {
  const form = withdrawForm(page);
  await form.getByRole('textbox', { name: say('withdraw.fields.amount') }).fill('2000');
  await form.getByLabel(say('withdraw.fields.payPassword')).fill(payPassword);
  await form.getByRole('button', { name: say('withdraw.submit') }).click();
}

/** What the page shows of a withdrawal it follows, by status. */
async function expectWithdrawalView(page: Page, status: Withdrawal['status']) {
  const main = page.getByRole('main');
  const outcome =
    status === 'withdrawalFailed'
      ? say('withdraw.outcome.withdrawalFailed', { reason: rejectReason })
      : say(`withdraw.outcome.${status}`);
  await expect(main.getByRole('status').filter({ hasText: say(`withdrawalStatus.${status}`) })).toContainText(outcome);
  const settled = status === 'withdrawalFailed' || status === 'withdrawalSuccessful';
  await expect(main.getByText(say('withdraw.following'))).toHaveCount(settled ? 0 : 1);
  await expect(main.getByRole('button', { name: say('withdraw.again') })).toHaveCount(settled ? 1 : 0);
}

const withdrawPlayers = new WeakMap<Page, MoneyPlayer>();

type SentWithdrawal = { bankCardId: number; amount: number; payPassword: string };

const withdrawRequestAdapter: Adapter = {
  machine: withdrawRequest,
  events: [
    { type: 'prerequisites.retry' },
    { type: 'form.submit', body: { bankCardId: card.id, amount: 2_000, payPassword } },
    { type: 'form.submit', body: { bankCardId: card.id, amount: 2_000, payPassword: wrongPayPassword } },
    { type: 'request.retry' },
    { type: 'request.edit' },
    { type: 'xstate.done.actor.loadPrerequisites', output: withdrawReady },
    {
      type: 'xstate.done.actor.loadPrerequisites',
      output: { ...withdrawReady, profile: { ...withdrawProfile, pinyinName: null } },
    },
    { type: 'xstate.done.actor.loadPrerequisites', output: { ...withdrawReady, cards: [] } },
    ...(['notSubmitted', 'pendingReview'] as const).map((kycStatus) => ({
      type: 'xstate.done.actor.loadPrerequisites',
      output: { ...withdrawReady, profile: { ...withdrawProfile, kycStatus } },
    })),
    {
      type: 'xstate.done.actor.loadPrerequisites',
      output: { ...withdrawReady, profile: { ...withdrawProfile, hasPayPassword: false } },
    },
    { type: 'xstate.error.actor.loadPrerequisites', error: offline },
    { type: 'xstate.done.actor.sendRequest', output: withdrawal('withdrawalReview') },
    { type: 'xstate.error.actor.sendRequest', error: offline },
    { type: 'xstate.error.actor.sendRequest', error: wrongPassword },
  ] as EventObject[],
  serializeState: serializeMoneyRequest,
  unsupported(step, previous) {
    // The server decides by the payment password sent: the right one is accepted, a wrong one refused.
    const typed = (previous.context.sent as SentWithdrawal | null)?.payPassword;
    if (step.event.type === 'xstate.done.actor.sendRequest' && typed !== payPassword)
      return 'the server refuses a wrong payment password';
    if (errorCode(step) === 400 && step.event.type === 'xstate.error.actor.sendRequest' && typed === payPassword)
      return 'the server accepts the right payment password';
    return null;
  },
  inFlight: ['checkingPrerequisites', 'sending'],
  calls: { loadPrerequisites: '/v2/app/draw/limits', sendRequest: '/v2/app/draw/withdraw' },
  networkFailures: ['loadPrerequisites', 'sendRequest'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request, path }) {
    // A path has one answer to the prerequisites (every closed gate ends it): the player is made for it.
    const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadPrerequisites');
    const readiness = withdrawReadiness(loaded?.event.output as typeof withdrawReady | undefined);
    const player = await withdrawingPlayer(request, locale, password, readiness, payPassword, balance);
    withdrawPlayers.set(page, player);
    await failRetriedQuery(page, path, 'loadPrerequisites', '/v2/app/draw/limits');
    await openMoneyPage(page, locale, player, withdrawPath);
  },
  async perform({ page }, step) {
    const main = page.getByRole('main');
    const form = withdrawForm(page);
    switch (step.event.type) {
      case 'prerequisites.retry':
        await main.getByRole('button', { name: text(locale, 'user:loadFailed.retry') }).click();
        return;
      case 'form.submit': {
        const body = step.event.body as SentWithdrawal;
        await form.getByRole('textbox', { name: say('withdraw.fields.amount') }).fill(String(body.amount));
        await form.getByLabel(say('withdraw.fields.payPassword')).fill(body.payPassword);
        await form.getByRole('button', { name: say('withdraw.submit') }).click();
        return;
      }
      case 'request.retry':
        await main.getByRole('button', { name: say('withdraw.interrupted.retry') }).click();
        return;
      case 'request.edit':
        await main.getByRole('button', { name: say('withdraw.interrupted.edit') }).click();
        return;
      default:
      // An outcome: the server has answered; the check sees where the page went.
    }
  },
  async check({ page }, snapshot) {
    const main = page.getByRole('main');
    const gates: Record<string, string> = {
      prerequisitesUnavailable: text(locale, 'user:loadFailed.title'),
      needsPersonalInformation: text(locale, 'user:gates.personalInformation.message'),
      needsBankCard: text(locale, 'user:gates.bankCard.message'),
      needsKyc: say('withdraw.kyc.message'),
      awaitingKycReview: say('withdraw.kyc.pendingReview'),
      needsPayPassword: text(locale, 'user:gates.payPassword.message'),
      interrupted: say('withdraw.interrupted.title'),
    };
    if (snapshot.matches('checkingPrerequisites') || snapshot.matches('sending')) return;
    const gate = Object.keys(gates).find((state) => snapshot.matches(state));
    if (gate) {
      await expect(main.getByRole('alert')).toContainText(gates[gate]!);
      await expect(main.getByRole('form')).toHaveCount(0);
    } else if (snapshot.matches('sent')) {
      await expectWithdrawalView(page, 'withdrawalReview');
    } else {
      // A fresh form starts empty; after a refusal or an interruption it holds the amount sent, and the
      // payment password is typed again (the only refusal here is of the password).
      const form = withdrawForm(page);
      const sent = snapshot.context.sent as SentWithdrawal | null;
      await expect(form.getByTestId('withdraw-balance')).toHaveText(
        say('units.coinsAmount', { amount: amountText(balance) }),
      );
      await expect(form.getByRole('textbox', { name: say('withdraw.fields.amount') })).toHaveValue(
        sent ? String(sent.amount) : '',
      );
      await expect(form.getByLabel(say('withdraw.fields.payPassword'))).toHaveValue('');
      await expect(form.getByRole('combobox', { name: say('withdraw.fields.bankCard') })).toHaveValue(/\*{4}\d{4}$/);
      const refusals = snapshot.context.refusals as Record<string, string>;
      await expectMessages(form, refusals.payPassword ? [wrongPasswordSentence] : [], [
        ...withdrawAmountMessages,
        ...payPasswordMessages,
      ]);
    }
  },
};

/** The form's own checks, which no longer pass through the machine: each field's message in the browser. */
test('withdraw: the form refuses a missing, out-of-range or over-balance amount and a missing password', async ({
  page,
  request,
}) => {
  const player = await withdrawingPlayer(request, locale, password, 'ready', payPassword, balance);
  await openMoneyPage(page, locale, player, withdrawPath);
  const form = withdrawForm(page);
  const submit = form.getByRole('button', { name: say('withdraw.submit') });
  const amount = form.getByRole('textbox', { name: say('withdraw.fields.amount') });
  const possible = [...withdrawAmountMessages, ...payPasswordMessages];
  await submit.click();
  await expectMessages(form, [withdrawAmountMessages[0]!, payPasswordMessages[0]!], possible);
  await amount.fill('500');
  await submit.click();
  await expectMessages(form, [withdrawAmountMessages[1]!, payPasswordMessages[0]!], possible);
  await amount.fill('9,000');
  await form.getByLabel(say('withdraw.fields.payPassword')).fill(payPassword);
  await submit.click();
  await expectMessages(form, [withdrawAmountMessages[2]!], possible);
  await form.getByRole('button', { name: say('withdraw.all') }).click();
  await expect(amount).toHaveValue(String(balance));
  await expectMessages(form, [], possible);
  await expect(form.getByTestId('withdraw-quote')).toBeVisible();
});

/* ------------------------------------------------------------------ the withdrawal page around it */

const withdrawAdapter: Adapter = {
  machine: withdrawMachine,
  events: [
    { type: 'withdraw.again' },
    { type: 'xstate.done.actor.request', output: withdrawal('withdrawalReview') },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, (snapshot.context.withdrawal as Withdrawal | null)?.status ?? null]),
  unsupported: () => null,
  inFlight: [],
  calls: {},
  networkFailures: [],
  async start({ page, request }) {
    const player = await withdrawingPlayer(request, locale, password, 'ready', payPassword, balance);
    withdrawPlayers.set(page, player);
    // The page's clock, so the follower's next check need not be waited for.
    await page.clock.install();
    await openMoneyPage(page, locale, player, withdrawPath);
  },
  async perform({ page, request }, step) {
    if (step.event.type === 'xstate.done.actor.request') {
      // The front's own steps (its machine has its paths above): a valid form, sent.
      await sendWithdrawal(page);
    } else {
      // A new withdrawal is offered once this one has settled: the operator rejects it, and the
      // page sees it at its next check.
      await rejectWithdrawal(request, locale, withdrawPlayers.get(page)!, rejectReason);
      await page.clock.runFor(withdrawalFollow.implementations.delays.orderPoll as number);
      await expectWithdrawalView(page, 'withdrawalFailed');
      await page
        .getByRole('main')
        .getByRole('button', { name: say('withdraw.again') })
        .click();
    }
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('requesting')) {
      await expect(withdrawForm(page)).toBeVisible();
      // The rejected withdrawal's coins are back: the new form starts from the fresh balance.
      await expect(withdrawForm(page).getByTestId('withdraw-balance')).toHaveText(
        say('units.coinsAmount', { amount: amountText(balance) }),
      );
    } else {
      await expectWithdrawalView(page, 'withdrawalReview');
    }
  },
};

/* ------------------------------------------------------------------ a withdrawal followed until it settles */

const withdrawalPoll = 'xstate.after.orderPoll.orderFollow.waitingForSettlement';
const withdrawalFollowAdapter: Adapter = {
  machine: withdrawalFollow,
  input: { order: withdrawal('withdrawalReview') },
  events: [
    { type: withdrawalPoll },
    { type: 'xstate.done.actor.fetchOrder', output: withdrawal('withdrawalReview') },
    { type: 'xstate.done.actor.fetchOrder', output: withdrawal('withdrawalFailed') },
    { type: 'xstate.error.actor.fetchOrder', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context.order as Withdrawal).status]),
  unsupported: () => null,
  inFlight: ['checkingOrder'],
  calls: { fetchOrder: '/v2/app/draw/get' },
  networkFailures: ['fetchOrder'],
  async start({ page, request }) {
    const player = await withdrawingPlayer(request, locale, password, 'ready', payPassword, balance);
    withdrawPlayers.set(page, player);
    let checks = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/v2/app/draw/get')) checks += 1;
    });
    await page.clock.install();
    await openMoneyPage(page, locale, player, withdrawPath);
    await sendWithdrawal(page);
    await expect(page.getByRole('main').getByText(say('withdraw.following'))).toBeVisible();
    await pauseClockSoon(page, 500);
    expect(checks, 'no check of the withdrawal before the clock stopped').toBe(0);
  },
  async perform(replay, step, index) {
    if (step.event.type !== withdrawalPoll) return;
    const outcome = nextOutcome(replay, index)?.event;
    if (
      outcome?.type === 'xstate.done.actor.fetchOrder' &&
      (outcome.output as Withdrawal).status === 'withdrawalFailed'
    )
      await rejectWithdrawal(replay.request, locale, withdrawPlayers.get(replay.page)!, rejectReason);
    await replay.page.clock.runFor(withdrawalFollow.implementations.delays.orderPoll as number);
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('checkingOrder')) return;
    await expectWithdrawalView(page, (snapshot.context.order as Withdrawal).status);
  },
};

replayMachinePaths(
  {
    depositRequest: depositRequestAdapter,
    deposit: depositAdapter(false),
    depositResumed: depositAdapter(true),
    depositOrder: orderFollowAdapter,
    withdrawRequest: withdrawRequestAdapter,
    withdraw: withdrawAdapter,
    withdrawalOrder: withdrawalFollowAdapter,
  },
  runId,
  90_000,
);
