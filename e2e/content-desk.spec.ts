import type { DeskContentPage } from '@contract/content-desk';
import dayjs from 'dayjs';
import { apiCaller, expect, openSignedInDeskTab, operatorApiToken, test, text, useLanguage } from './fixtures';

/**
 * The desk edits what players read (docs/requirements.md §1.8): a banner written in Japanese and
 * English, scheduled and published, shows on the player's home page in both languages; the FAQ
 * rewritten on the desk reads so on the player's page. Public answers are kept a few seconds, so the
 * player's pages are loaded again until the edit shows.
 */

const desk = (key: string, values: Record<string, string> = {}) => text('en-US', `desk-content:${key}`, values);

test('a banner written, scheduled and published on the desk shows on the home page in Japanese and English', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const japanese = `冬祭${stamp}`;
  const english = `Winter fair ${stamp}`;
  const { desk: deskTab, deskErrors } = await openSignedInDeskTab(page, request, 'en-US');
  await deskTab.goto('/admin/banners');
  await deskTab.getByRole('button', { name: desk('banners.new') }).click();
  const dialog = deskTab.getByRole('dialog', { name: desk('banners.new') });
  await dialog.getByRole('textbox', { name: desk('banners.bannerTitle') }).fill(japanese);
  await dialog.getByRole('tab', { name: 'English' }).click();
  await dialog.getByRole('textbox', { name: desk('banners.bannerTitle') }).fill(english);
  await dialog.getByRole('textbox', { name: desk('banners.imageUrl') }).fill('/images/banners/banner-1.svg');
  await dialog.getByLabel(desk('banners.showsFrom')).fill(dayjs().subtract(1, 'hour').format('YYYY-MM-DDTHH:mm'));
  await dialog.getByLabel(desk('banners.showsUntil')).fill(dayjs().add(1, 'day').format('YYYY-MM-DDTHH:mm'));
  await dialog.getByRole('button', { name: desk('editor.save') }).click();
  await expect(dialog).toBeHidden();

  const row = deskTab.getByRole('row').filter({ hasText: japanese });
  await expect(row).toContainText(desk('banners.standings.withdrawn'));
  await row.getByRole('button', { name: desk('banners.publishOne', { title: japanese }) }).click();
  await expect(row).toContainText(desk('banners.standings.showing'));

  await useLanguage(page, 'en-US');
  const japaneseReader = await (await browser.newContext({ locale: 'ja-JP' })).newPage();
  for (const [reader, locale, title] of [
    [page, 'en-US', english],
    [japaneseReader, 'ja-JP', japanese],
  ] as const) {
    await expect(async () => {
      await reader.goto('/');
      await expect(
        reader.getByRole('region', { name: text(locale, 'home:banners') }).getByRole('img', { name: title }),
      ).toBeAttached({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
  await japaneseReader.context().close();
  expect(deskErrors).toEqual([]);
});

test('the FAQ rewritten on the desk reads so on the player’s page', async ({ page, request }) => {
  test.setTimeout(120_000);
  const call = apiCaller(request, 'en-US');
  const token = await operatorApiToken(request, 'en-US');
  const pages = await call<DeskContentPage[]>('/v2/admin/page/list', {}, { token });
  const faq = pages.find((listed) => listed.slug === 'faq');
  if (!faq) throw new Error('no FAQ page');
  const added = `Rewritten on the desk ${Date.now().toString(36)}.`;
  try {
    const { desk: deskTab, deskErrors } = await openSignedInDeskTab(page, request, 'en-US');
    await deskTab.goto('/admin/content-pages');
    await deskTab
      .getByRole('button', { name: desk('pages.editOne', { page: text('en-US', 'content:pageNames.faq') }) })
      .click();
    const dialog = deskTab.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'English' }).click();
    await dialog.getByRole('textbox', { name: desk('pages.text') }).fill(`${faq.body['en-US']}\n\n${added}`);
    await dialog.getByRole('button', { name: desk('editor.save') }).click();
    await expect(dialog).toBeHidden();
    expect(deskErrors).toEqual([]);

    await useLanguage(page, 'en-US');
    await expect(async () => {
      await page.goto('/game/guide/faq');
      await expect(page.getByText(added)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  } finally {
    // Other specs read the seeded FAQ.
    await call('/v2/admin/page/save', { slug: 'faq', title: faq.title, body: faq.body }, { token });
  }
});
