import type { HallGame } from '@contract/hall';
import type { Locale } from '@contract/locales';
import type { Locator, Page } from '@playwright/test';
import { apiCaller, expect, pathOf, test, text, useLanguage } from './fixtures';
import { withdrawingPlayer } from './money-players';

/**
 * A player protects their play, in Japanese and in English (docs/requirements.md §18): a daily loss
 * limit and a 30-minute reality check set on the Play safely page; auto-play in the studio's slot
 * stopped by the wallet at the loss limit, with the reason on the game page; the springboard's
 * reality check after 30 minutes of the page's clock; a self-exclusion confirmed on the page; and,
 * excluded, no game but a withdrawal of the balance. The page's clock is moved on while the reels
 * spin, so the animations take no real time.
 */

const password = 'Careful-Play-7k3';
const payPassword = '246801';
const lossLimit = 30;

/**
 * The studio's slot, at a free machine of its own per language: the other game specs take the first
 * and the last ones, and the two languages run at once.
 */
async function freeSlot(call: ReturnType<typeof apiCaller>, token: string, locale: Locale) {
  const hall = await call<HallGame[]>('/v2/app/game/machines', {}, { token });
  const freeOf = (entry: HallGame) => entry.machines.filter((m) => m.state === 'free');
  // A slot with room for the four picks, so another spec's seats elsewhere never leave this one short.
  const game = hall.find((entry) => entry.kind === 'slot' && freeOf(entry).length >= 4);
  const machine = game ? freeOf(game).at(locale === 'ja-JP' ? -3 : -4) : undefined;
  if (!game || !machine) throw new Error('the hall has no free slot machine');
  return { game, machine };
}

/** Chromium logs every refused call as a console error; this takes one 403 that the journey provoked. */
async function takeExpectedRefusal(pageErrors: string[]) {
  const isRefusal = (entry: string) => entry.includes('the server responded with a status of 403');
  await expect.poll(() => pageErrors.filter(isRefusal).length).toBe(1);
  pageErrors.splice(pageErrors.findIndex(isRefusal), 1);
}

/** The page time auto-play may take: well within the reality check's interval, so the check waits for the test. */
const autoPlayBudgetMs = 20 * 60_000;

/** Moves the page's clock on until `done` shows, restarting auto-play whenever a run ends first. */
async function autoPlayUntil(page: Page, say: (key: string) => string, done: Locator) {
  const studio = page.frameLocator('iframe');
  let advanced = 0;
  for (let run = 0; run < 5; run += 1) {
    await studio.getByRole('button', { name: say('studio:auto.open') }).click();
    const dialog = studio.getByRole('dialog', { name: say('studio:auto.title') });
    await dialog.getByRole('button', { name: '100', exact: true }).click();
    await dialog.getByRole('button', { name: say('studio:auto.start') }).click();
    const finished = studio.getByText(new RegExp(say('studio:auto.stopped.count').split('{{')[0] ?? ''));
    await expect
      .poll(
        async () => {
          if (advanced >= autoPlayBudgetMs) throw new Error('auto-play took more page time than its budget');
          await page.clock.runFor(500);
          advanced += 500;
          return (await done.isVisible()) || (await finished.isVisible());
        },
        { timeout: 180_000, intervals: [50] },
      )
      .toBe(true);
    if (await done.isVisible()) return;
  }
  throw new Error('the loss limit was never reached in five auto-play runs');
}

for (const locale of ['ja-JP', 'en-US'] as const satisfies readonly Locale[]) {
  test(`a player sets limits, is stopped at the loss limit, sees the reality check, excludes themselves and withdraws (${locale})`, async ({
    page,
    request,
    pageErrors,
  }) => {
    test.setTimeout(420_000);
    const say = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
    const coins = (amount: number) => new Intl.NumberFormat(locale).format(amount);
    const call = apiCaller(request, locale);
    const player = await withdrawingPlayer(request, locale, password, 'ready', payPassword, 5_000);

    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), player.token);
    await page.clock.install();

    // Play safely: a daily loss limit, applied at once, and a reality check every 30 minutes.
    await page.goto('/user/play-safely');
    const lossName = say('protection:limits.perPeriod', {
      kind: say('protection:limits.kinds.loss'),
      period: say('protection:limits.periods.day'),
    });
    await page.getByRole('button', { name: say('protection:limits.editNamed', { limit: lossName }) }).click();
    const form = page.getByRole('form', { name: say('protection:limitForm.title', { limit: lossName }) });
    await form.getByRole('textbox', { name: say('protection:limitForm.valueIn.coins') }).fill(String(lossLimit));
    await expect(form.getByText(say('protection:limitForm.appliesNow'))).toBeVisible();
    await form.getByRole('button', { name: say('protection:limitForm.submit') }).click();
    const lossCard = page.getByRole('article', { name: lossName });
    await expect(lossCard).toContainText(
      say('protection:limits.value', { value: say('protection:units.coins', { amount: coins(lossLimit) }) }),
    );
    await page.getByRole('button', { name: say('protection:realityCheck.every', { minutes: 30 }) }).click();
    await expect(
      page.getByRole('button', { name: say('protection:realityCheck.every', { minutes: 30 }) }),
    ).toHaveAttribute('aria-pressed', 'true');

    // The hall: auto-play until the wallet refuses a bet at the loss limit; the game page says why.
    const { game, machine } = await freeSlot(call, player.token, locale);
    await page.goto(`/amigo?game=${game.code}`);
    await page
      .getByRole('region', { name: game.name })
      .getByRole('link', {
        name: say('hall:machine.playName', { game: game.name, number: machine.number }),
      })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/amigo-springboard');
    const studio = page.frameLocator('iframe');
    await expect(studio.getByTestId('balance')).toHaveText(coins(5_000), { timeout: 20_000 });
    const refusal = studio.getByRole('alert').filter({ hasText: say('studio:api.protection.lossLimit') });
    await autoPlayUntil(page, say, refusal);
    await expect(studio.getByRole('heading', { name: say('studio:protection.title') })).toBeVisible();
    await takeExpectedRefusal(pageErrors);
    const totals = await call<{ totalBet: number; totalWin: number }>(
      '/v2/app/record/game/record/count',
      {},
      { token: player.token },
    );
    expect(totals.totalBet - totals.totalWin).toBeLessThanOrEqual(lossLimit);

    // Thirty minutes of the page's clock after the game opened, the springboard's reality check with the
    // session's figures (the clock moves a minute at a time, so a slow first read of the interval only delays it).
    const check = page.getByRole('dialog', { name: say('hall:springboard.realityCheck.title') });
    await expect
      .poll(
        async () => {
          await page.clock.runFor(60_000);
          return check.isVisible();
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toBe(true);
    await expect(check).toContainText(say('hall:springboard.realityCheck.bets'));
    await expect(check).toContainText(coins(totals.totalBet));
    await check.getByRole('button', { name: say('hall:springboard.realityCheck.leave') }).click();
    await expect.poll(() => pathOf(page)).toBe('/amigo');

    // Self-exclusion for six months, confirmed once the player ticks that it cannot be undone.
    await page.goto('/user/play-safely');
    await page.getByRole('button', { name: say('protection:selfExclusion.durations.6m') }).click();
    const confirm = page.getByRole('form', {
      name: say('protection:selfExclusion.confirmTitle', { duration: say('protection:selfExclusion.durations.6m') }),
    });
    await confirm.getByRole('checkbox', { name: say('protection:selfExclusion.understood') }).check();
    await confirm.getByRole('button', { name: say('protection:selfExclusion.confirm') }).click();
    await expect(page.getByText(say('protection:blocked.selfExclusion'))).toBeVisible();

    // Excluded: the springboard says why the machine will not open, but the balance can still be withdrawn.
    const balance = 5_000 - totals.totalBet + totals.totalWin;
    await page.goto(`/amigo?game=${game.code}`);
    await page
      .getByRole('region', { name: game.name })
      .getByRole('link', {
        name: say('hall:machine.playName', { game: game.name, number: machine.number }),
      })
      .click();
    await expect(page.getByRole('alert')).toContainText(say('server:protection.selfExclusion'));
    await takeExpectedRefusal(pageErrors);
    await page.goto('/user/play-safely');
    await page
      .getByRole('status')
      .filter({ hasText: say('protection:blocked.selfExclusion') })
      .getByRole('link', { name: say('protection:blocked.withdraw'), exact: true })
      .click();
    await expect.poll(() => pathOf(page)).toBe('/user/finance/withdraw');
    await page.getByRole('textbox', { name: say('finance:withdraw.fields.amount') }).fill(String(balance));
    await page.getByLabel(say('finance:withdraw.fields.payPassword')).fill(payPassword);
    await page.getByRole('button', { name: say('finance:withdraw.submit') }).click();
    await expect(page.getByText(say('finance:withdraw.outcome.withdrawalReview'))).toBeVisible();
  });
}
