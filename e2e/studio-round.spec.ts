/**
 * The studio's game page in Chromium against the real server, in Japanese and English: a player
 * launched from the hall (/v2/app/game/launch) opens the launch URL, plays rounds, auto-spins a count
 * and verifies a round of the visit (docs/requirements.md §11). The two rounds played by hand run in
 * real time, as a player sees them; during the auto-spin the page's clock is moved on, so the reels'
 * animation and the pause between rounds take no real time (the machine paths replay those timers
 * one by one). On a pachinko machine the rounds are fired by hand until a ball has spun the display,
 * whose digits and mode then show in the player's language.
 */
import type { Locale } from '@contract/locales';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCaller, type Call, expect, fundedPlayer, runClockUntilVisible, test, text } from './fixtures';

const password = 'Studio-Play-4ll7';

function studio(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return text(locale, `studio:${key}`, values);
}

/** A player with 5,000 coins from a sandbox deposit, and the launch URL of a free machine of the kind. */
async function launchedPlayer(request: APIRequestContext, call: Call, kind = 'slot'): Promise<string> {
  const { token } = await fundedPlayer(request, call, password);
  const hall = await call<{ code: string; kind: string; machines: { id: number; state: string }[] }[]>(
    '/v2/app/game/machines',
    {},
    { token },
  );
  const free = hall.find((game) => game.kind === kind)?.machines.filter((candidate) => candidate.state === 'free');
  for (const machine of (free ?? []).sort(() => Math.random() - 0.5)) {
    try {
      return (await call<{ url: string }>('/v2/app/game/launch', { machineId: machine.id }, { token })).url;
    } catch {
      // The other worker's players take machines too: one taken since the list was read is passed over.
    }
  }
  throw new Error(`no free ${kind} machine could be taken`);
}

async function spinOnce(page: Page, locale: Locale) {
  await page.getByRole('button', { name: studio(locale, 'spin') }).click();
  // The reels' window has landed and shows the round once it says so.
  await expect(page.locator('[data-motion]')).toHaveAttribute('data-motion', 'shown', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: studio(locale, 'spin') })).toBeEnabled({ timeout: 10_000 });
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`a launched player spins, auto-spins ten rounds and verifies a round (${locale})`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const launchUrl = await launchedPlayer(request, apiCaller(request, locale));
    const url = new URL(launchUrl);
    expect(url.pathname).toBe('/studio/play');
    url.searchParams.set('lang', locale);
    // The clock runs as a real one until the auto-spin moves it on.
    await page.clock.install();
    await page.goto(`${url.pathname}${url.search}`);

    await expect(page.getByTestId('balance')).toHaveText('5,000');
    await spinOnce(page, locale);
    await spinOnce(page, locale);
    const balanceAfterTwo = await page.getByTestId('balance').textContent();
    expect(balanceAfterTwo).not.toBeNull();

    await page.getByRole('button', { name: studio(locale, 'auto.open') }).click();
    const dialog = page.getByRole('dialog', { name: studio(locale, 'auto.title') });
    await dialog.getByRole('button', { name: '10', exact: true }).click();
    await dialog.getByRole('button', { name: studio(locale, 'auto.start') }).click();
    await runClockUntilVisible(
      page,
      page.getByText(studio(locale, 'auto.stopped.count', { played: studio(locale, 'auto.played', { count: 10 }) })),
      100_000,
    );

    await page.getByText(studio(locale, 'fairness.title')).click();
    const rounds = page.getByRole('list', { name: studio(locale, 'fairness.history') }).getByRole('listitem');
    await expect(rounds).toHaveCount(12);
    // The rotation moves to the next server seed whose commitment was shown before.
    const nextCommitment = (await page.getByTestId('next-server-seed-hash').textContent()) ?? '';
    expect(nextCommitment).toMatch(/^[0-9a-f]{64}$/);
    await page.getByRole('button', { name: studio(locale, 'fairness.rotate') }).click();
    await expect(page.getByTestId('revealed-seed')).toContainText(studio(locale, 'fairness.revealed', { rounds: 12 }));
    await expect(page.getByTestId('server-seed-hash')).toHaveText(nextCommitment);

    const verifyOpens = page.waitForEvent('popup');
    await rounds
      .last()
      .getByRole('link', { name: studio(locale, 'fairness.verify') })
      .click();
    const verify = await verifyOpens;
    await expect(verify.getByTestId('commitmentCheck')).toHaveText(
      `✓ ${studio(locale, 'verify.commitmentCheck.pass')}`,
    );
    await expect(verify.getByTestId('outcomeCheck')).toHaveText(`✓ ${studio(locale, 'verify.outcomeCheck.pass')}`);
  });
}

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`a launched player fires rounds of balls and the display shows its digits and mode (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const url = new URL(await launchedPlayer(request, apiCaller(request, locale), 'pachinko'));
    url.searchParams.set('lang', locale);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByTestId('balance')).toHaveText('5,000');
    await page.getByRole('button', { name: '100', exact: true }).click();

    const display = page.getByRole('region', { name: studio(locale, 'pachinko.display') });
    const digits = display.getByTestId('lottery-digits');
    const board = page.getByRole('img', { name: studio(locale, 'pachinko.board') });
    // A round of 100 balls almost always sends one into the start pocket; a round that did not is fired again.
    for (let round = 0; round < 10 && !/^[1-9]{3}$/.test((await digits.textContent()) ?? ''); round += 1) {
      await page.getByRole('button', { name: studio(locale, 'launch') }).click();
      await expect(board).toHaveAttribute('data-motion', 'still', { timeout: 10_000 });
      await expect(page.getByRole('button', { name: studio(locale, 'launch') })).toBeEnabled({ timeout: 10_000 });
    }
    await expect(digits).toHaveText(/^[1-9]{3}$/);
    const modes = ['normal', 'kakuhen', 'jitan', 'st'].map((kind) => studio(locale, `pachinko.mode.${kind}`));
    await expect(display.getByTestId('lottery-mode')).toHaveText(new RegExp(`^(${modes.join('|')})`));
  });
}
