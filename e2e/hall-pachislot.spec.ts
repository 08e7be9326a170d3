/**
 * A pachislot machine of the hall in Chromium against the real server, in Japanese and English: a
 * player takes a free pachislot machine (/v2/app/game/launch), pulls the lever and presses the three
 * stop buttons, by click and by key, sees the reels stop and the credit move, and opens the rules.
 */
import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCaller, type Call, expect, fundedPlayer, launchFreeMachine, test, text } from './fixtures';

const password = 'Studio-Slot-4ll7';

function studio(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return text(locale, `studio:${key}`, values);
}

/** A funded player and the launch URL of a free pachislot machine. */
async function launchedPlayer(request: APIRequestContext, call: Call): Promise<URL> {
  const { token } = await fundedPlayer(request, call, password);
  return launchFreeMachine(call, token, 'pachislot');
}

const reel = (page: Page, index: number) => page.locator(`[data-reel="${index}"]`);

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`a player plays a pachislot game by click and by key, and reads its rules (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const url = await launchedPlayer(request, apiCaller(request, locale));
    url.searchParams.set('lang', locale);
    await page.goto(`${url.pathname}${url.search}`);

    const lever = page.getByRole('button', { name: studio(locale, 'pachislot.lever') });
    await expect(lever).toBeEnabled({ timeout: 15_000 });
    await expect(page.getByText(studio(locale, 'pachislot.keys'))).toBeVisible();
    const before = (await page.getByTestId('balance').textContent()) ?? '';

    // The first game by click: the lever and each stop button.
    await lever.click();
    // The lever books the game's bet at once.
    await expect(page.getByTestId('balance')).not.toHaveText(before);
    for (const index of [0, 1, 2]) {
      const stop = page.getByRole('button', { name: studio(locale, 'pachislot.stop', { reel: index + 1 }) });
      await expect(stop).toBeEnabled();
      await expect(reel(page, index)).toHaveAttribute('data-turning', 'true');
      await stop.click();
      await expect(reel(page, index)).toHaveAttribute('data-turning', 'false');
      await expect(reel(page, index)).toHaveAttribute('data-stop', /^\d+$/);
    }
    await expect(page.getByTestId('game-win')).toBeVisible();
    await expect(page.getByTestId('since-bonus')).not.toHaveText('0');

    // The second game by key: Space for the lever, 1, 2, 3 for the stops.
    await expect(lever).toBeEnabled();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('Space');
    for (const [index, key] of ['1', '2', '3'].entries()) {
      await expect(
        page.getByRole('button', { name: studio(locale, 'pachislot.stop', { reel: index + 1 }) }),
      ).toBeEnabled();
      await page.keyboard.press(key);
      await expect(reel(page, index)).toHaveAttribute('data-turning', 'false');
    }
    await expect(lever).toBeEnabled();

    await page.getByRole('button', { name: studio(locale, 'paytable.open') }).click();
    const rules = page.getByRole('dialog', { name: studio(locale, 'paytable.title') });
    await expect(rules.getByTestId('settings').getByRole('row')).toHaveCount(7);
    await expect(rules.getByText(studio(locale, 'pachislot.settingNumber', { setting: 6 }))).toBeVisible();
  });
}
