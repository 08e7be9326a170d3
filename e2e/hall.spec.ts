import type { HallGame } from '@contract/hall';
import type { Locale } from '@contract/locales';
import type { Browser, Page } from '@playwright/test';
import { apiCaller, expect, fundedPlayer, pathOf, test, text, useLanguage } from './fixtures';

/**
 * The game hall in the browser, in Japanese and in English (docs/requirements.md §10.8–§10.10): a
 * player with coins filters and searches the hall, takes a free machine, and the springboard frames
 * the provider's launch URL under its bar; the hall then shows the machine as theirs, another
 * player sees it occupied, and leaving frees it. Each language plays another kind of game, so the
 * two runs never contend for a machine.
 */

const password = 'Sakura-2024!x';
const hallText = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `hall:${key}`, values);

async function signedInPage(page: Page, locale: Locale, token: string): Promise<void> {
  await useLanguage(page, locale);
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** A second player in a browser of their own, on a phone's width. */
async function secondPlayerPage(browser: Browser, locale: Locale, token: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signedInPage(page, locale, token);
  return page;
}

function machineTile(page: Page, locale: Locale, game: HallGame, number: number) {
  return page
    .getByRole('region', { name: game.name })
    .getByRole('article', { name: hallText(locale, 'machine.label', { number }) });
}

const plays = [
  { locale: 'ja-JP', kind: 'slot' },
  { locale: 'en-US', kind: 'pachinko' },
] as const;

for (const { locale, kind } of plays) {
  test(`a player takes a machine in the hall, plays it in the springboard and leaves it (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const call = apiCaller(request, locale);
    const [player, rival] = [
      (await fundedPlayer(request, call, password)).token,
      (await fundedPlayer(request, call, password)).token,
    ];
    const hall = await call<HallGame[]>('/v2/app/game/machines', {}, { token: player });
    const game = hall.find((entry) => entry.kind === kind);
    const otherKind = hall.find((entry) => entry.kind !== kind);
    const machine = game?.machines.find((entry) => entry.state === 'free');
    if (!game || !otherKind || !machine) throw new Error(`the hall has no free ${kind} machine`);

    await signedInPage(page, locale, player);
    await page.goto('/amigo');
    const filters = page.getByRole('search', { name: hallText(locale, 'filters.label') });
    await expect(page.getByRole('heading', { level: 2, name: otherKind.name })).toBeVisible();
    // Both games number their machines from 1: each play button is named with its game and machine.
    const playNames = await page
      .locator('a[href^="/amigo-springboard"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
    // Machines other tests hold at the same time show no play link, so not every one is counted.
    expect(playNames.length).toBeGreaterThan(1);
    expect(new Set(playNames).size).toBe(playNames.length);
    await filters.getByText(hallText(locale, `kind.${kind}`), { exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: game.name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: otherKind.name })).toHaveCount(0);
    await filters.getByRole('searchbox', { name: hallText(locale, 'filters.search') }).fill(game.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBe(kind);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([game.name]);

    const tile = machineTile(page, locale, game, machine.number);
    await expect(tile.getByText(hallText(locale, 'machine.state.free')).first()).toBeVisible();
    await tile
      .getByRole('link', { name: hallText(locale, 'machine.playName', { game: game.name, number: machine.number }) })
      .click();

    // The springboard: the bar, and the launch URL framed (the provider's page itself is not asserted).
    await expect.poll(() => pathOf(page)).toBe('/amigo-springboard');
    await expect(page.getByTestId('springboard-game')).toHaveText(game.name);
    await expect(page.getByTestId('springboard-machine')).toHaveText(
      hallText(locale, 'machine.label', { number: machine.number }),
    );
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('title', game.name);
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.searchParams.get('game')).toBe(game.code);
    expect(src.searchParams.get('machine')).toBe(String(machine.number));
    expect(src.searchParams.get('lang')).toBe(locale);
    expect(src.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(hallText(locale, 'springboard.launching'))).toHaveCount(0);

    // The hall, in another tab, shows the machine as the player's; the rival sees it occupied.
    const hallTab = await page.context().newPage();
    await hallTab.goto(`/amigo?game=${game.code}`);
    await expect(
      machineTile(hallTab, locale, game, machine.number).getByText(hallText(locale, 'machine.state.yours')).first(),
    ).toBeVisible();
    const rivalPage = await secondPlayerPage(browser, locale, rival);
    await rivalPage.goto(`/amigo?game=${game.code}`);
    const rivalTile = machineTile(rivalPage, locale, game, machine.number);
    await expect(rivalTile.getByText(hallText(locale, 'machine.state.occupied')).first()).toBeVisible();
    await expect(rivalTile.getByRole('button', { name: hallText(locale, 'machine.occupied') })).toBeDisabled();
    // At 390 px the hall fits the screen: nothing scrolls sideways.
    expect(await rivalPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Leaving frees the seat and returns to the hall on the game.
    await page.getByRole('button', { name: hallText(locale, 'springboard.leave') }).click();
    await expect.poll(() => pathOf(page)).toBe('/amigo');
    expect(new URL(page.url()).searchParams.get('game')).toBe(game.code);
    await expect(
      machineTile(page, locale, game, machine.number).getByText(hallText(locale, 'machine.state.free')).first(),
    ).toBeVisible();
    await rivalPage.reload();
    await expect(rivalTile.getByText(hallText(locale, 'machine.state.free')).first()).toBeVisible();
    await rivalPage.context().close();
  });
}
