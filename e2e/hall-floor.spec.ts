import type { HallGame } from '@contract/hall';
import type { DeskGameEntry } from '@contract/hall-desk';
import type { Locale } from '@contract/locales';
import {
  apiCaller,
  expect,
  fundedPlayer,
  openSignedInDeskTab,
  operatorApiToken,
  test,
  text,
  useLanguage,
} from './fixtures';

/**
 * The hall floor (docs/requirements.md §10.8, §10.11): every kind and volatility is a filter, each
 * game shows its stated volatility, the floor has at least 40 machines, every play button is named
 * with its game and machine in the player's words ("桜セブンズ 3番台で遊ぶ"), and the desk lists each
 * game's volatility; no player's page or answer says a machine's 設定.
 */

const password = 'Floor-2026!kq';
const hallText = (locale: Locale, key: string, values: Record<string, string | number> = {}) =>
  text(locale, `hall:${key}`, values);

for (const locale of ['ja-JP', 'en-US'] as const) {
  test(`the hall filters by kind and volatility and names each machine’s button (${locale})`, async ({
    page,
    request,
  }) => {
    const call = apiCaller(request, locale);
    const { token } = await fundedPlayer(request, call, password);
    const hall = await call<HallGame[]>('/v2/app/game/machines', {}, { token });
    expect(hall.reduce((total, game) => total + game.machines.length, 0)).toBeGreaterThanOrEqual(40);
    expect(JSON.stringify(hall)).not.toMatch(/setting/i);
    const stated = hall.filter((game) => game.volatility !== null);
    const [first] = stated;
    if (!first?.volatility) throw new Error('the hall has no game with a stated volatility');
    const volatility = first.volatility;

    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto('/amigo');
    const filters = page.getByRole('search', { name: hallText(locale, 'filters.label') });
    // Pachislot is a kind to choose, whether or not the floor has one yet.
    await expect(filters.getByText(hallText(locale, 'kind.pachislot'), { exact: true })).toBeVisible();
    const section = page.getByRole('region', { name: first.name });
    await expect(
      section.getByText(hallText(locale, 'game.volatility', { value: hallText(locale, `volatility.${volatility}`) })),
    ).toBeVisible();

    await filters.getByText(hallText(locale, `volatility.${volatility}`), { exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('volatility')).toBe(volatility);
    const shown = hall.filter((game) => game.volatility === volatility).map((game) => game.name);
    // The hall's own order is its business: the titles shown are those of the volatility chosen.
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 2 }).allInnerTexts()).sort())
      .toEqual([...shown].sort());

    // Each free machine's button is named with its game and its number, in the player's words.
    const machine = first.machines.find((entry) => entry.state === 'free');
    if (!machine) throw new Error(`no free machine of ${first.code}`);
    const name = hallText(locale, 'machine.playName', { game: first.name, number: machine.number });
    if (locale === 'ja-JP') expect(name).toBe(`${first.name} ${machine.number}番台で遊ぶ`);
    await expect(section.getByRole('link', { name, exact: true })).toBeVisible();
  });
}

test('the desk lists each game’s kind and stated volatility', async ({ page, request }) => {
  const locale = 'ja-JP';
  const token = await operatorApiToken(request, locale);
  const games = await apiCaller(request, locale)<DeskGameEntry[]>('/v2/admin/game/list', {}, { token });
  const game = games.find((entry) => entry.volatility !== null && entry.enabled);
  if (!game?.volatility) throw new Error('the desk has no game with a stated volatility');
  const { desk } = await openSignedInDeskTab(page, request, locale);
  await desk.goto('/admin/games');
  const card = desk.getByRole('region', { name: `${game.name} (${game.providerId})` });
  await expect(
    card.getByText(
      text(locale, 'admin:games.volatility', { value: text(locale, `admin:games.volatilities.${game.volatility}`) }),
      { exact: false },
    ),
  ).toBeVisible();
  await expect(card.getByText(text(locale, `admin:games.kinds.${game.kind}`), { exact: false })).toBeVisible();
});
