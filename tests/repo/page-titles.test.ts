import { readFile } from 'node:fs/promises';
import { locales } from '@contract/locales';
import { seedPages } from '@server/db/seed-pages';
import { describe, expect, it } from 'vitest';

/** A page a new installation starts with is headed by the name of the link the reader followed to it. */
describe('seeded page titles', () => {
  it.each(locales)('match the page names of the menus (%s)', async (locale) => {
    const { pageNames } = JSON.parse(await readFile(`locales/${locale}/content.json`, 'utf8')) as {
      pageNames: Record<string, string>;
    };
    const mismatched = seedPages
      .filter((page) => page.title[locale] !== pageNames[page.slug])
      .map((page) => `${page.slug}: "${page.title[locale]}" is linked as "${pageNames[page.slug]}"`);
    expect(mismatched).toEqual([]);
  });
});
