/**
 * A launch URL opens the studio's game once (docs/requirements.md §10.6, §11.5): the page that
 * opened it plays; the same URL in another browser, or the page reloaded, only says that the link
 * was used and leads back to the hall, where a new launch opens the machine again.
 */
import { apiCaller, expect, fundedPlayer, test, text } from './fixtures';

const locale = 'en-US';
const usedLink = text(locale, 'studio:ended.launchRefused');

test('a launch URL opens the game once: another browser and a reload are told the link was used', async ({
  page,
  browser,
  baseURL,
  request,
  pageErrors,
}) => {
  const call = apiCaller(request, locale);
  const { token } = await fundedPlayer(request, call, 'Studio-Once-4ll7', 1_000);
  const hall = await call<{ kind: string; machines: { id: number; state: string }[] }[]>(
    '/v2/app/game/machines',
    {},
    { token },
  );
  const free = hall.find((game) => game.kind === 'slot')?.machines.filter((machine) => machine.state === 'free');
  let launchUrl: string | null = null;
  for (const machine of (free ?? []).sort(() => Math.random() - 0.5)) {
    // Other workers' players take machines too: one taken since the list was read is passed over.
    launchUrl = await call<{ url: string }>('/v2/app/game/launch', { machineId: machine.id }, { token }).then(
      (launched) => launched.url,
      () => null,
    );
    if (launchUrl) break;
  }
  if (!launchUrl) throw new Error('no free slot machine could be taken');
  const url = new URL(launchUrl);
  url.searchParams.set('lang', locale);
  const address = `${url.pathname}${url.search}`;

  await page.goto(address);
  await expect(page.getByTestId('balance')).toHaveText('1,000');

  const elsewhere = await browser.newContext({ baseURL });
  const stranger = await elsewhere.newPage();
  await stranger.goto(address);
  await expect(stranger.getByRole('status')).toHaveText(usedLink);
  await expect(stranger.getByTestId('balance')).toHaveCount(0);
  await elsewhere.close();

  await page.reload();
  await expect(page.getByRole('status')).toHaveText(usedLink);
  await expect(page.getByRole('button', { name: text(locale, 'studio:backToHall') })).toBeVisible();
  // Chromium logs the refused opening as a failed load: the one this test provoked.
  const refused = (entry: string) => entry.includes('the server responded with a status of 401');
  await expect.poll(() => pageErrors.filter(refused).length).toBe(1);
  pageErrors.splice(pageErrors.findIndex(refused), 1);
});
