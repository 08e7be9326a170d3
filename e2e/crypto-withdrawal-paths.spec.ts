import type { Locale } from '@contract/locales';
import {
  type CryptoWithdrawal,
  type CryptoWithdrawalBody,
  type CryptoWithdrawTerms,
  cryptoWithdrawalFollow,
  cryptoWithdrawForm,
  cryptoWithdrawMachine,
  cryptoWithdrawRequest,
} from '@machines/crypto-withdrawal.machine';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { serializeMoneyRequest } from '../tests/machines/model-paths';
import { terms, withdrawal } from '../tests/models/crypto-withdrawal.model';
import { apiCaller, type Call, expect, operatorApiToken, pauseClockSoon, registeredPlayer, text } from './fixtures';
import { type Adapter, outcomeActor, type Replay, replayMachinePaths, type Step } from './machine-replay';
import { names, withdrawingPlayer } from './money-players';

/**
 * The crypto withdrawal's machines replayed as clicks (see machine-replay.ts): its front (the terms,
 * the gates and the request, machines/money-request.machine.ts), the front's form (the pair, the
 * address and the amount), the page around them, and the request followed until it is paid out.
 *
 * Outcomes come from the real server: the player is made for the path's answer to the terms
 * (identity not sent, under review, no payment password, or ready with USDT deposited on TRC20
 * through the chain sandbox); the address check refuses a typo in the checksum and accepts an outside
 * TRON address; the server refuses a wrong payment password; the operator rejects or approves the
 * request through the desk's API just before the page's next check. A failed network is the only
 * condition the test makes itself (the request is aborted before it leaves the browser).
 *
 * The address check's debounce runs in real time (it is short); the follower's interval runs on the
 * page's clock, paused while the request is followed.
 */

const locale: Locale = 'en-US';
const password = 'Crypto-Paths-2026!';
const payPassword = '246801';
const wrongPayPassword = '135790';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const withdrawPath = '/user/finance/withdraw/cryptocurrency';
const pair = 'USDT · TRC20';
/** An outside TRON address (the TRON documentation's example), and the same with a checksum typo. */
const tronTarget = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const tronTypo = `${tronTarget.slice(0, -1)}M`;
const rejectReason = 'The address is on a blocked list';
const followPoll = cryptoWithdrawalFollow.implementations.delays.orderPoll as number;

const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `crypto:${key}`, values);

const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const wrongPasswordSentence = text(locale, 'server:draw.payPasswordWrong');
const wrongPassword = Object.assign(new Error(wrongPasswordSentence), {
  code: 400,
  fields: { payPassword: wrongPasswordSentence },
});
const errorCode = (step: Step | undefined) => (step?.event as { error?: { code?: number } } | undefined)?.error?.code;

/** What the page sends for 20 USDT to the outside address. */
const body = (typed: string): CryptoWithdrawalBody => ({
  coin: 'USDT',
  network: 'TRC20',
  address: tronTarget,
  amount: '20000000',
  payPassword: typed,
});

/** The outcome of the call the step at `index` sets off: the next outcome event of the path. */
const nextOutcome = (replay: Replay, index: number) =>
  replay.path.steps.slice(index + 1).find((step) => outcomeActor(step.event.type));

/* ------------------------------------------------------------------ players */

type Readiness = 'identityMissing' | 'identitySent' | 'identityVerified' | 'ready';

interface CryptoPlayer {
  token: string;
  account: string;
  call: Call;
}

const players = new WeakMap<Page, CryptoPlayer>();

/** Sends 200 USDT on TRC20 to the player's deposit address on the chain sandbox and waits for the credit. */
async function depositUsdt(request: APIRequestContext, player: CryptoPlayer): Promise<void> {
  const { token, call } = player;
  const { address } = await call<{ address: string }>(
    '/v2/cpp/coins/deposit/address',
    { coin: 'USDT', network: 'TRC20' },
    { token },
  );
  const sent = await request.post('/dev/chain/send', {
    data: { network: 'TRC20', coin: 'USDT', address, amount: '200000000' },
  });
  expect(sent.ok(), 'the sandbox sent the deposit').toBe(true);
  const mined = await request.post('/dev/chain/mine', { data: { network: 'TRC20', blocks: 25 } });
  expect(mined.ok(), 'the sandbox mined the blocks').toBe(true);
  await expect
    .poll(async () => (await call<{ balance: number }>('/v2/app/user/info', {}, { token })).balance, {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
}

/** A new player as far towards a crypto withdrawal as the readiness says. */
async function cryptoPlayer(request: APIRequestContext, readiness: Readiness): Promise<CryptoPlayer> {
  if (readiness === 'identityMissing') {
    const call = apiCaller(request, locale);
    const player = await registeredPlayer(request, call, password);
    await call('/v2/app/user/update', names, { token: player.token });
    return { ...player, call };
  }
  // A yen deposit is not needed: the coins come from the USDT deposit.
  const player = await withdrawingPlayer(
    request,
    locale,
    password,
    readiness === 'ready' ? 'identityVerified' : readiness,
    payPassword,
    0,
  );
  if (readiness !== 'ready') return player;
  await player.call(
    '/v2/app/auth/password/update/payment',
    { newPayPassword: payPassword, password },
    { token: player.token },
  );
  await depositUsdt(request, player);
  return player;
}

function readinessOf(output: CryptoWithdrawTerms | undefined): Readiness {
  if (!output) return 'ready';
  if (output.profile.kycStatus === 'notSubmitted') return 'identityMissing';
  if (output.profile.kycStatus === 'pendingReview') return 'identitySent';
  return output.profile.hasPayPassword ? 'ready' : 'identityVerified';
}

/** Makes the player and opens the withdrawal page, on the page's own clock when the path needs one. */
async function openWithdrawal(page: Page, player: CryptoPlayer, clock: boolean): Promise<void> {
  players.set(page, player);
  if (clock) await page.clock.install();
  await page.addInitScript(
    ([token, lng]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('lang', lng);
    },
    [player.token, locale] as const,
  );
  await page.goto(withdrawPath);
}

/** The operator decides on the player's request under review through the desk's API. */
async function decide(request: APIRequestContext, player: CryptoPlayer, approve: boolean): Promise<void> {
  const operator = await operatorApiToken(request, locale);
  const { list } = await player.call<{ list: { orderSn: string; status: string }[] }>(
    '/v2/admin/withdrawal/list',
    { keyword: player.account },
    { token: operator },
  );
  const orderSn = list.find((row) => row.status === 'withdrawalReview')?.orderSn;
  expect(orderSn, 'a withdrawal under review').toBeDefined();
  if (!approve) {
    await player.call('/v2/admin/withdrawal/reject', { orderSn, reason: rejectReason }, { token: operator });
    return;
  }
  await player.call('/v2/admin/withdrawal/approve', { orderSn }, { token: operator });
  await expect
    .poll(
      async () =>
        (await player.call<{ status: string }>('/v2/app/draw/get', { orderSn }, { token: player.token })).status,
      { timeout: 20_000 },
    )
    .toBe('withdrawalSuccessful');
}

/* ------------------------------------------------------------------ the page */

const main = (page: Page) => page.getByRole('main');
const addressField = (page: Page) => main(page).getByRole('textbox', { name: say('fields.address') });
const amountField = (page: Page) => main(page).getByRole('textbox', { name: say('fields.amount', { coin: 'USDT' }) });
const passwordField = (page: Page) => main(page).getByRole('textbox', { name: say('fields.payPassword'), exact: true });
const nextButton = (page: Page) => main(page).getByRole('button', { name: say('withdraw.next') });

/** The form's steps up to the password: the pair, a checked address and 20 USDT. */
async function fillUpToPassword(page: Page) {
  await main(page)
    .getByRole('button', { name: say('withdraw.pair.choose', { pair }) })
    .click();
  await addressField(page).fill(tronTarget);
  await expect(main(page).getByText(say('withdraw.address.accepted'))).toBeVisible();
  await nextButton(page).click();
  await amountField(page).fill('20');
  await nextButton(page).click();
}

/** The password step's submit, with the payment password typed. */
async function confirmWith(page: Page, typed: string) {
  await passwordField(page).fill(typed);
  await main(page)
    .getByRole('button', { name: say('withdraw.confirm.submit') })
    .click();
}

/** The first step: the pairs to choose from, with the balance the USDT deposit brought. */
async function expectPairChoice(page: Page) {
  await expect(main(page).getByRole('button', { name: say('withdraw.pair.choose', { pair }) })).toBeVisible();
  await expect(main(page).getByTestId('crypto-withdraw-balance')).not.toHaveText(say('coins', { amount: '0' }));
}

/** The password step for 20 USDT, with the server's refusal when there was one. */
async function expectPasswordStep(page: Page, refused: boolean) {
  await expect(passwordField(page)).toBeEnabled();
  await expect(main(page).getByText('20 USDT', { exact: true })).toBeVisible();
  const refusal = main(page).getByText(say('withdraw.confirm.refused'));
  if (refused) {
    await expect(refusal).toBeVisible();
    await expect(main(page).getByText(wrongPasswordSentence)).toBeVisible();
  } else await expect(refusal).toHaveCount(0);
}

/** What the page shows of the request it follows, by status. */
async function expectWithdrawalView(page: Page, status: CryptoWithdrawal['status']) {
  const outcome =
    status === 'withdrawalFailed'
      ? say('withdraw.outcome.failed', { reason: rejectReason })
      : say(`withdraw.outcome.${status}`);
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: text(locale, `finance:withdrawalStatus.${status}`) }),
  ).toContainText(outcome);
  await expect(main(page).getByText(tronTarget)).toBeVisible();
  const settled = status === 'withdrawalSuccessful' || status === 'withdrawalFailed';
  await expect(main(page).getByText(say('withdraw.following'))).toHaveCount(settled ? 0 : 1);
  await expect(main(page).getByRole('button', { name: say('withdraw.again') })).toHaveCount(settled ? 1 : 0);
  if (status === 'withdrawalSuccessful') await expect(main(page).getByText(/^(0x)?[0-9a-f]{64}$/)).toBeVisible();
}

/* ------------------------------------------------------------------ the front: terms, gates, request */

const requestAdapter: Adapter = {
  machine: cryptoWithdrawRequest,
  events: [
    { type: 'prerequisites.retry' },
    { type: 'form.submit', body: body(payPassword) },
    { type: 'form.submit', body: body(wrongPayPassword) },
    { type: 'request.retry' },
    { type: 'request.edit' },
    { type: 'xstate.done.actor.loadPrerequisites', output: terms() },
    { type: 'xstate.done.actor.loadPrerequisites', output: terms({ kycStatus: 'notSubmitted' }) },
    { type: 'xstate.done.actor.loadPrerequisites', output: terms({ kycStatus: 'pendingReview' }) },
    { type: 'xstate.done.actor.loadPrerequisites', output: terms({ hasPayPassword: false }) },
    { type: 'xstate.done.actor.loadPrerequisites', output: terms({}, terms().assets.slice(1)) },
    { type: 'xstate.error.actor.loadPrerequisites', error: offline },
    { type: 'xstate.done.actor.sendRequest', output: withdrawal('withdrawalReview') },
    { type: 'xstate.error.actor.sendRequest', error: wrongPassword },
    { type: 'xstate.error.actor.sendRequest', error: offline },
  ] as EventObject[],
  serializeState: serializeMoneyRequest,
  unsupported(step, previous) {
    const { type } = step.event;
    if (
      type === 'xstate.done.actor.loadPrerequisites' &&
      !(step.event.output as CryptoWithdrawTerms).assets.some((asset) => asset.withdrawalEnabled)
    )
      return 'the pairs open for withdrawals are the server’s settings, shared by every test running at the time';
    // The server decides by the payment password sent: the right one is accepted, a wrong one refused.
    const typed = (previous.context.sent as CryptoWithdrawalBody | null)?.payPassword;
    if (type === 'xstate.done.actor.sendRequest' && typed !== payPassword)
      return 'the server refuses a wrong payment password';
    if (type === 'xstate.error.actor.sendRequest' && errorCode(step) === 400 && typed === payPassword)
      return 'the server accepts the right payment password';
    return null;
  },
  inFlight: ['checkingPrerequisites', 'sending'],
  calls: { loadPrerequisites: '/v2/cpp/coins', sendRequest: '/v2/cpp/coins/withdraw' },
  networkFailures: ['loadPrerequisites', 'sendRequest'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request, path }) {
    // A path has one answer to the terms (every closed gate ends it): the player is made for it.
    const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadPrerequisites');
    const output = loaded?.event.output as CryptoWithdrawTerms | undefined;
    await openWithdrawal(page, await cryptoPlayer(request, readinessOf(output)), false);
  },
  async perform({ page, path }, step, index) {
    switch (step.event.type) {
      case 'prerequisites.retry':
        await main(page)
          .getByRole('button', { name: text(locale, 'user:loadFailed.retry') })
          .click();
        return;
      case 'form.submit': {
        // A new form starts from the pair; after a refusal or an interruption it is still at the password.
        if (path.steps[index - 1]?.state.context.sent === null) await fillUpToPassword(page);
        await confirmWith(page, (step.event.body as CryptoWithdrawalBody).payPassword);
        return;
      }
      case 'request.retry':
        await main(page)
          .getByRole('button', { name: say('withdraw.interrupted.retry') })
          .click();
        return;
      case 'request.edit':
        await main(page)
          .getByRole('button', { name: say('withdraw.interrupted.edit') })
          .click();
        return;
      default:
      // An outcome: the server has answered; the check sees where the page went.
    }
  },
  async check({ page }, snapshot) {
    if (requestAdapter.inFlight.some((state) => snapshot.matches(state))) return;
    const gates: Record<string, string> = {
      prerequisitesUnavailable: text(locale, 'user:loadFailed.title'),
      needsKyc: text(locale, 'finance:withdraw.kyc.message'),
      awaitingKycReview: text(locale, 'finance:withdraw.kyc.pendingReview'),
      needsPayPassword: text(locale, 'user:gates.payPassword.message'),
      interrupted: say('withdraw.interrupted.title'),
    };
    const gate = Object.keys(gates).find((state) => snapshot.matches(state));
    if (gate) {
      await expect(main(page).getByRole('alert')).toContainText(gates[gate]!);
      await expect(main(page).getByRole('form')).toHaveCount(0);
    } else if (snapshot.matches('sent')) {
      await expectWithdrawalView(page, 'withdrawalReview');
    } else if (snapshot.context.sent === null) {
      await expectPairChoice(page);
    } else {
      await expectPasswordStep(page, Object.keys(snapshot.context.refusals as object).length > 0);
    }
  },
};

/* ------------------------------------------------------------------ the front's form */

/** Alone, the form has no request to hand its body to. */
const formAlone = cryptoWithdrawForm.provide({ actions: { submitForm: () => {} } });
const sending = 'sending is the request’s step, and so is the server’s refusal: its paths replay both';

/** The ready player's balance: the 200 USDT deposited, at 150 game coins each. */
const readyBalance = 30_000;

const formAdapter: Adapter = {
  machine: formAlone,
  input: { prerequisites: terms({ balance: readyBalance }) },
  events: [
    { type: 'pair.chosen', coin: 'USDT', network: 'TRC20' },
    { type: 'pair.change' },
    { type: 'address.changed', address: tronTarget },
    { type: 'address.changed', address: tronTypo },
    { type: 'address.changed', address: '' },
    { type: 'address.recheck' },
    { type: 'address.confirm' },
    { type: 'amount.max' },
    { type: 'amount.submit', amount: '20' },
    { type: 'step.back' },
    { type: 'withdraw.submit', payPassword },
    { type: 'request.refused', message: wrongPasswordSentence, refusals: wrongPassword.fields },
    { type: 'xstate.after.addressDebounce.cryptoWithdrawForm.enteringAddress.typing' },
    { type: 'xstate.done.actor.checkAddress', output: { valid: true, reason: null, message: null } },
    { type: 'xstate.done.actor.checkAddress', output: { valid: false, reason: 'checksum', message: null } },
    { type: 'xstate.error.actor.checkAddress', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.pair,
      snapshot.context.address,
      snapshot.context.typedAmount,
      snapshot.context.amount,
      snapshot.context.refusal !== null,
    ]),
  unsupported(step, previous) {
    const { type } = step.event;
    if (type === 'withdraw.submit' || type === 'request.refused') return sending;
    const address = previous.context.address;
    // A step taken within the debounce would race it: the debounce runs in real time.
    if (previous.matches({ enteringAddress: 'typing' }) && !type.startsWith('xstate.after.'))
      return 'the address is checked once the debounce has run, in real time';
    if (type === 'address.changed' && (step.event.address as string) === address)
      return 'typing the address the field already holds changes nothing';
    if (type === 'xstate.done.actor.checkAddress') {
      const valid = (step.event.output as { valid: boolean }).valid;
      if (valid && address !== tronTarget) return 'the server refuses an address with a checksum typo';
      if (!valid && address === tronTarget) return 'the server accepts an outside TRON address';
    }
    return null;
  },
  inFlight: [{ enteringAddress: 'checking' }],
  calls: { checkAddress: '/v2/cpp/coins/withdrawal/address/validit' },
  networkFailures: ['checkAddress'],
  async start({ page, request }) {
    await openWithdrawal(page, await cryptoPlayer(request, 'ready'), false);
  },
  async perform({ page }, step) {
    switch (step.event.type) {
      case 'pair.chosen':
        await main(page)
          .getByRole('button', { name: say('withdraw.pair.choose', { pair }) })
          .click();
        return;
      case 'pair.change':
        await main(page)
          .getByRole('button', { name: say('withdraw.pair.change') })
          .click();
        return;
      case 'address.changed':
        await addressField(page).fill(step.event.address as string);
        return;
      case 'address.recheck':
        await main(page)
          .getByRole('button', { name: say('withdraw.address.recheck') })
          .click();
        return;
      case 'address.confirm':
        await nextButton(page).click();
        return;
      case 'amount.max':
        await main(page)
          .getByRole('button', { name: say('withdraw.amount.max') })
          .click();
        return;
      case 'amount.submit':
        await amountField(page).fill('20');
        await nextButton(page).click();
        return;
      case 'step.back':
        await main(page)
          .getByRole('button', { name: say('withdraw.back') })
          .click();
        return;
      default:
      // An outcome or the debounce: the page's own; the check sees where it went.
    }
  },
  async check({ page }, snapshot) {
    // A call is on its way: its outcome is the next step, and the page may already show it.
    if (formAdapter.inFlight.some((state) => snapshot.matches(state))) return;
    if (snapshot.matches('choosingPair')) {
      await expectPairChoice(page);
    } else if (snapshot.matches('enteringAddress')) {
      const address = snapshot.context.address as string;
      await expect(addressField(page)).toHaveValue(address);
      // typing: the debounce runs in real time, so the page may already be further.
      if (snapshot.matches({ enteringAddress: 'empty' })) {
        await expect(main(page).getByRole('status')).toHaveCount(0);
        await expect(nextButton(page)).toBeDisabled();
      } else if (snapshot.matches({ enteringAddress: 'accepted' })) {
        await expect(main(page).getByText(say('withdraw.address.accepted'))).toBeVisible();
        await expect(nextButton(page)).toBeEnabled();
      } else if (snapshot.matches({ enteringAddress: 'refused' })) {
        await expect(addressField(page)).toHaveAttribute('aria-invalid', 'true');
        await expect(nextButton(page)).toBeDisabled();
      } else if (snapshot.matches({ enteringAddress: 'checkFailed' })) {
        await expect(main(page).getByRole('alert')).toContainText(say('withdraw.address.checkFailed'));
        await expect(nextButton(page)).toBeDisabled();
      }
    } else if (snapshot.matches('enteringAmount')) {
      // The field keeps what was typed (or what the max button typed) when the step opens again.
      const typed = snapshot.context.typedAmount as string;
      await expect(amountField(page)).toHaveValue(typed);
      await expect(main(page).getByTestId('crypto-withdraw-limits')).toBeVisible();
      await expect(main(page).getByText(tronTarget)).toBeVisible();
      // Its cost shows as typed: the game coins held for it, at 150 coins per USDT.
      const coins = new Intl.NumberFormat(locale).format(Number(typed || '0') * 150);
      const cost = main(page).getByTestId('crypto-withdraw-cost');
      if (typed === '') await expect(cost).toHaveCount(0);
      else await expect(cost).toHaveText(say('withdraw.cost', { coins: say('coins', { amount: coins }) }));
    } else if (snapshot.matches('confirming')) {
      await expectPasswordStep(page, snapshot.context.refusal !== null);
    }
  },
};

/* ------------------------------------------------------------------ the page around them */

const withdrawAdapter: Adapter = {
  machine: cryptoWithdrawMachine,
  events: [
    { type: 'withdraw.again' },
    { type: 'xstate.done.actor.request', output: withdrawal('withdrawalReview') },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, (snapshot.context.withdrawal as CryptoWithdrawal | null)?.status ?? null]),
  unsupported: () => null,
  inFlight: [],
  calls: {},
  networkFailures: [],
  async start({ page, request }) {
    // The page's clock, so the follower's next check need not be waited for.
    await openWithdrawal(page, await cryptoPlayer(request, 'ready'), true);
  },
  async perform({ page, request }, step) {
    if (step.event.type === 'xstate.done.actor.request') {
      // The front's own steps (its machines have their paths above): a valid form, sent.
      await fillUpToPassword(page);
      await confirmWith(page, payPassword);
      await expectWithdrawalView(page, 'withdrawalReview');
      // The request is followed: its interval waits for the path's own clock.
      await pauseClockSoon(page, 500);
    } else {
      // A new withdrawal is offered once this one has settled: the operator rejects it, and the
      // page sees it at its next check.
      await decide(request, players.get(page)!, false);
      await page.clock.runFor(followPoll);
      await expectWithdrawalView(page, 'withdrawalFailed');
      // The address check's debounce runs in real time again.
      await page.clock.resume();
      await main(page)
        .getByRole('button', { name: say('withdraw.again') })
        .click();
    }
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('requesting')) await expectPairChoice(page);
    else await expectWithdrawalView(page, 'withdrawalReview');
  },
};

/* ------------------------------------------------------------------ the request followed until it settles */

const followPollEvent = 'xstate.after.orderPoll.orderFollow.waitingForSettlement';

const followAdapter: Adapter = {
  machine: cryptoWithdrawalFollow,
  input: { order: withdrawal('withdrawalReview') },
  events: [
    { type: followPollEvent },
    { type: 'xstate.done.actor.fetchOrder', output: withdrawal('withdrawalReview') },
    { type: 'xstate.done.actor.fetchOrder', output: withdrawal('withdrawing') },
    { type: 'xstate.done.actor.fetchOrder', output: withdrawal('withdrawalSuccessful', 'a'.repeat(64)) },
    { type: 'xstate.done.actor.fetchOrder', output: withdrawal('withdrawalFailed') },
    { type: 'xstate.error.actor.fetchOrder', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, (snapshot.context.order as CryptoWithdrawal).status]),
  unsupported: (step) =>
    step.event.type === 'xstate.done.actor.fetchOrder' &&
    (step.event.output as CryptoWithdrawal).status === 'withdrawing'
      ? 'the payout is sent within the approval’s own request: a check never finds it on its way'
      : null,
  inFlight: ['checkingOrder'],
  calls: { fetchOrder: '/v2/app/draw/get' },
  networkFailures: ['fetchOrder'],
  async start({ page, request }) {
    let checks = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/v2/app/draw/get')) checks += 1;
    });
    await openWithdrawal(page, await cryptoPlayer(request, 'ready'), true);
    await fillUpToPassword(page);
    await confirmWith(page, payPassword);
    await expect(main(page).getByText(say('withdraw.following'))).toBeVisible();
    await pauseClockSoon(page, 500);
    expect(checks, 'no check of the withdrawal before the clock stopped').toBe(0);
  },
  async perform(replay, step, index) {
    if (step.event.type !== followPollEvent) return;
    const outcome = nextOutcome(replay, index)?.event;
    const status =
      outcome?.type === 'xstate.done.actor.fetchOrder' ? (outcome.output as CryptoWithdrawal).status : null;
    if (status === 'withdrawalSuccessful' || status === 'withdrawalFailed')
      await decide(replay.request, players.get(replay.page)!, status === 'withdrawalSuccessful');
    await replay.page.clock.runFor(followPoll);
  },
  async check({ page }, snapshot) {
    if (snapshot.matches('checkingOrder')) return;
    await expectWithdrawalView(page, (snapshot.context.order as CryptoWithdrawal).status);
  },
};

replayMachinePaths(
  {
    cryptoWithdrawRequest: requestAdapter,
    cryptoWithdrawForm: formAdapter,
    cryptoWithdraw: withdrawAdapter,
    cryptoWithdrawalOrder: followAdapter,
  },
  runId,
  180_000,
);
