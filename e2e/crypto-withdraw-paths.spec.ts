import type { Locale } from '@contract/locales';
import type { CryptoWithdrawal } from '@machines/crypto-withdraw.machine';
import { cryptoWithdrawMachine } from '@machines/crypto-withdraw.machine';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { terms, withdrawal } from '../tests/models/crypto-withdraw.model';
import { apiCaller, type Call, expect, operatorApiToken, pauseClockSoon, registeredPlayer, text } from './fixtures';
import { type Adapter, outcomeActor, type Replay, replayMachinePaths, type Step } from './machine-replay';
import { names, withdrawingPlayer } from './money-players';

/**
 * The crypto withdrawal's machine replayed as clicks (see machine-replay.ts), from the pair to the
 * payout. Outcomes come from the real server: the player is made for the path's first answer to the
 * terms (identity not sent, under review, no payment password, or ready with USDT deposited on TRC20
 * through the chain sandbox); the address check refuses a typo in the checksum and accepts an outside
 * TRON address; the server refuses a wrong payment password; the operator rejects or approves the
 * request through the desk's API just before the page's next check. A failed network is the only
 * condition the test makes itself (the request is aborted before it leaves the browser).
 *
 * The address check's debounce runs in real time (it is short); the review's interval runs on the
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
const reviewPoll = cryptoWithdrawMachine.implementations.delays.reviewPoll as number;

const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `crypto:${key}`, values);

const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const wrongPasswordSentence = text(locale, 'server:draw.payPasswordWrong');
const wrongPassword = Object.assign(new Error(wrongPasswordSentence), { code: 400, fields: {} });
const errorCode = (step: Step | undefined) => (step?.event as { error?: { code?: number } } | undefined)?.error?.code;

/** The outcome of the call the step at `index` sets off: the next outcome event of the path. */
const nextOutcome = (replay: Replay, index: number) =>
  replay.path.steps.slice(index + 1).find((step) => outcomeActor(step.event.type));

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

/** A new player as far towards a crypto withdrawal as the path's first answer to the terms says. */
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

function readinessOf(output: ReturnType<typeof terms> | undefined): Readiness {
  if (!output) return 'ready';
  if (output.profile.kycStatus === 'notSubmitted') return 'identityMissing';
  if (output.profile.kycStatus === 'pendingReview') return 'identitySent';
  return output.profile.hasPayPassword ? 'ready' : 'identityVerified';
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

const addressField = (page: Page) => page.getByRole('main').getByRole('textbox', { name: say('fields.address') });
const passwordField = (page: Page) =>
  page.getByRole('main').getByRole('textbox', { name: say('fields.payPassword'), exact: true });

const adapter: Adapter = {
  machine: cryptoWithdrawMachine,
  events: [
    { type: 'terms.retry' },
    { type: 'pair.chosen', coin: 'USDT', network: 'TRC20' },
    { type: 'pair.change' },
    { type: 'address.changed', address: tronTarget },
    { type: 'address.changed', address: tronTypo },
    { type: 'address.changed', address: '' },
    { type: 'address.recheck' },
    { type: 'address.confirm' },
    { type: 'amount.submit', amount: '20' },
    { type: 'step.back' },
    { type: 'withdraw.submit', payPassword },
    { type: 'withdraw.submit', payPassword: wrongPayPassword },
    { type: 'submit.retry' },
    { type: 'submit.edit' },
    { type: 'withdraw.again' },
    { type: 'xstate.done.actor.loadTerms', output: terms() },
    { type: 'xstate.done.actor.loadTerms', output: terms({ kycStatus: 'notSubmitted' }) },
    { type: 'xstate.done.actor.loadTerms', output: terms({ kycStatus: 'pendingReview' }) },
    { type: 'xstate.done.actor.loadTerms', output: terms({ hasPayPassword: false }) },
    { type: 'xstate.done.actor.loadTerms', output: terms({}, terms().assets.slice(1)) },
    { type: 'xstate.error.actor.loadTerms', error: offline },
    { type: 'xstate.after.addressDebounce.cryptoWithdraw.enteringAddress.typing' },
    { type: 'xstate.done.actor.checkAddress', output: { valid: true, reason: null, message: null } },
    { type: 'xstate.done.actor.checkAddress', output: { valid: false, reason: 'checksum', message: null } },
    { type: 'xstate.error.actor.checkAddress', error: offline },
    { type: 'xstate.done.actor.sendWithdrawal', output: withdrawal('withdrawalReview') },
    { type: 'xstate.error.actor.sendWithdrawal', error: wrongPassword },
    { type: 'xstate.error.actor.sendWithdrawal', error: offline },
    { type: 'xstate.after.reviewPoll.cryptoWithdraw.inReview.waiting' },
    { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalReview') },
    { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawing') },
    { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalSuccessful', 'a'.repeat(64)) },
    { type: 'xstate.done.actor.fetchWithdrawal', output: withdrawal('withdrawalFailed') },
    { type: 'xstate.error.actor.fetchWithdrawal', error: offline },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.terms !== null,
      snapshot.context.pair,
      snapshot.context.address,
      snapshot.context.amount,
      snapshot.context.payPassword,
      snapshot.context.idempotencyKey !== null,
      snapshot.context.refusal !== null,
      (snapshot.context.withdrawal as CryptoWithdrawal | null)?.status ?? null,
    ]),
  unsupported(step, previous) {
    const { type } = step.event;
    if (type === 'xstate.done.actor.loadTerms') {
      const output = step.event.output as ReturnType<typeof terms>;
      if (!output.assets.some((asset) => asset.withdrawalEnabled))
        return 'the pairs open for withdrawals are the server’s settings, shared by every test running at the time';
      if (previous.context.terms !== null && readinessOf(output) !== 'ready')
        return 'a player who has withdrawn stays verified, with a payment password';
    }
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
    const typed = previous.context.payPassword;
    if (type === 'xstate.done.actor.sendWithdrawal' && typed !== payPassword)
      return 'the server refuses a wrong payment password';
    if (type === 'xstate.error.actor.sendWithdrawal' && errorCode(step) === 400 && typed === payPassword)
      return 'the server accepts the right payment password';
    if (
      type === 'xstate.done.actor.fetchWithdrawal' &&
      (step.event.output as CryptoWithdrawal).status === 'withdrawing'
    )
      return 'the payout is sent within the approval’s own request: a check never finds it on its way';
    return null;
  },
  inFlight: ['loadingTerms', { enteringAddress: 'checking' }, 'submitting', { inReview: 'checking' }],
  calls: {
    loadTerms: '/v2/cpp/coins',
    checkAddress: '/v2/cpp/coins/withdrawal/address/validit',
    sendWithdrawal: '/v2/cpp/coins/withdraw',
    fetchWithdrawal: '/v2/app/draw/get',
  },
  networkFailures: ['loadTerms', 'checkAddress', 'sendWithdrawal', 'fetchWithdrawal'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request, path }) {
    // A path has one player: made for its first answer to the terms (every closed gate ends it).
    const loaded = path.steps.find((step) => step.event.type === 'xstate.done.actor.loadTerms');
    const player = await cryptoPlayer(request, readinessOf(loaded?.event.output as ReturnType<typeof terms>));
    players.set(page, player);
    await page.clock.install();
    await page.addInitScript(
      ([token, lng]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('lang', lng);
      },
      [player.token, locale] as const,
    );
    await page.goto(withdrawPath);
  },
  async perform(replay, step, index) {
    const { page, request } = replay;
    const main = page.getByRole('main');
    switch (step.event.type) {
      case 'terms.retry':
        await main.getByRole('button', { name: text(locale, 'user:loadFailed.retry') }).click();
        return;
      case 'pair.chosen':
        await main.getByRole('button', { name: say('withdraw.pair.choose', { pair }) }).click();
        return;
      case 'pair.change':
        await main.getByRole('button', { name: say('withdraw.pair.change') }).click();
        return;
      case 'address.changed':
        await addressField(page).fill(step.event.address as string);
        return;
      case 'address.recheck':
        await main.getByRole('button', { name: say('withdraw.address.recheck') }).click();
        return;
      case 'address.confirm':
      case 'amount.submit':
        if (step.event.type === 'amount.submit')
          await main.getByRole('textbox', { name: say('fields.amount', { coin: 'USDT' }) }).fill('20');
        await main.getByRole('button', { name: say('withdraw.next') }).click();
        return;
      case 'step.back':
        await main.getByRole('button', { name: say('withdraw.back') }).click();
        return;
      case 'withdraw.submit':
        await passwordField(page).fill(step.event.payPassword as string);
        await main.getByRole('button', { name: say('withdraw.confirm.submit') }).click();
        return;
      case 'submit.retry':
        await main.getByRole('button', { name: say('withdraw.interrupted.retry') }).click();
        return;
      case 'submit.edit':
        await main.getByRole('button', { name: say('withdraw.interrupted.edit') }).click();
        return;
      case 'withdraw.again':
        // The address check's debounce runs in real time again.
        await page.clock.resume();
        await main.getByRole('button', { name: say('withdraw.again') }).click();
        return;
      case 'xstate.done.actor.sendWithdrawal':
        // The request is followed: its interval waits for the path's own clock.
        await pauseClockSoon(page, 500);
        return;
      case 'xstate.after.reviewPoll.cryptoWithdraw.inReview.waiting': {
        const outcome = nextOutcome(replay, index)?.event;
        const status =
          outcome?.type === 'xstate.done.actor.fetchWithdrawal' ? (outcome.output as CryptoWithdrawal).status : null;
        if (status === 'withdrawalSuccessful' || status === 'withdrawalFailed')
          await decide(request, players.get(page)!, status === 'withdrawalSuccessful');
        await page.clock.runFor(reviewPoll);
        return;
      }
      default:
      // An outcome or the debounce: the page's own; the check sees where it went.
    }
  },
  async check({ page }, snapshot) {
    const main = page.getByRole('main');
    // A call is on its way: its outcome is the next step, and the page may already show it.
    if (adapter.inFlight.some((state) => snapshot.matches(state))) return;
    const gates: Record<string, string> = {
      termsUnavailable: text(locale, 'user:loadFailed.title'),
      needsKyc: text(locale, 'finance:withdraw.kyc.message'),
      awaitingKycReview: text(locale, 'finance:withdraw.kyc.pendingReview'),
      needsPayPassword: text(locale, 'user:gates.payPassword.message'),
      interrupted: say('withdraw.interrupted.title'),
    };
    const gate = Object.keys(gates).find((state) => snapshot.matches(state));
    if (gate) {
      await expect(main.getByRole('alert')).toContainText(gates[gate]!);
      await expect(main.getByRole('form')).toHaveCount(0);
    } else if (snapshot.matches('choosingPair')) {
      await expect(main.getByRole('button', { name: say('withdraw.pair.choose', { pair }) })).toBeVisible();
      await expect(main.getByTestId('crypto-withdraw-balance')).not.toHaveText(say('coins', { amount: '0' }));
    } else if (snapshot.matches('enteringAddress')) {
      const address = snapshot.context.address as string;
      const next = main.getByRole('button', { name: say('withdraw.next') });
      await expect(addressField(page)).toHaveValue(address);
      // typing and checking: the debounce runs in real time, so the page may already be further.
      if (snapshot.matches({ enteringAddress: 'empty' })) {
        await expect(main.getByRole('status')).toHaveCount(0);
        await expect(next).toBeDisabled();
      } else if (snapshot.matches({ enteringAddress: 'accepted' })) {
        await expect(main.getByText(say('withdraw.address.accepted'))).toBeVisible();
        await expect(next).toBeEnabled();
      } else if (snapshot.matches({ enteringAddress: 'refused' })) {
        await expect(addressField(page)).toHaveAttribute('aria-invalid', 'true');
        await expect(next).toBeDisabled();
      } else if (snapshot.matches({ enteringAddress: 'checkFailed' })) {
        await expect(main.getByRole('alert')).toContainText(say('withdraw.address.checkFailed'));
        await expect(next).toBeDisabled();
      }
    } else if (snapshot.matches('enteringAmount')) {
      await expect(main.getByRole('textbox', { name: say('fields.amount', { coin: 'USDT' }) })).toBeVisible();
      await expect(main.getByTestId('crypto-withdraw-limits')).toBeVisible();
      await expect(main.getByText(tronTarget)).toBeVisible();
    } else if (snapshot.matches('confirming')) {
      await expect(passwordField(page)).toBeEnabled();
      await expect(main.getByText('20 USDT', { exact: true })).toBeVisible();
      const refused = main.getByText(say('withdraw.confirm.refused'));
      if (snapshot.context.refusal) {
        await expect(refused).toBeVisible();
        await expect(main.getByText(wrongPasswordSentence)).toBeVisible();
      } else await expect(refused).toHaveCount(0);
    } else if (snapshot.matches('inReview') || snapshot.matches('paid') || snapshot.matches('failed')) {
      const status = (snapshot.context.withdrawal as CryptoWithdrawal).status;
      const outcome =
        status === 'withdrawalFailed'
          ? say('withdraw.outcome.failed', { reason: rejectReason })
          : say(`withdraw.outcome.${status}`);
      await expect(
        main.getByRole('status').filter({ hasText: text(locale, `finance:withdrawalStatus.${status}`) }),
      ).toContainText(outcome);
      await expect(main.getByText(tronTarget)).toBeVisible();
      const following = snapshot.matches('inReview');
      await expect(main.getByText(say('withdraw.following'))).toHaveCount(following ? 1 : 0);
      await expect(main.getByRole('button', { name: say('withdraw.again') })).toHaveCount(following ? 0 : 1);
      if (status === 'withdrawalSuccessful') await expect(main.getByText(/^(0x)?[0-9a-f]{64}$/)).toBeVisible();
    }
  },
};

replayMachinePaths({ cryptoWithdraw: adapter }, runId, 180_000);
