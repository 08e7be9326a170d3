import { readdirSync, readFileSync } from 'node:fs';
import { type Locale, locales } from '@contract/locales';
import { promotionContent, seedBanners, seedNotices, seedPromotions } from '@server/db/seed-content';
import { seedPages } from '@server/db/seed-pages';
import { describe, expect, it } from 'vitest';

// Docs: docs/requirements.md §1.11, docs/glossary.md (one word per meaning, per language).

interface GlossaryEntry {
  meaning: string;
  term: string;
  /** Regular expressions (case-insensitive) of the synonyms the locale's texts must not use. */
  forbidden: string[];
}

const glossary = JSON.parse(readFileSync('docs/glossary.json', 'utf8')) as Record<Locale, GlossaryEntry[]>;

/** Every text of a locale's message files, with the key it is at, and of the content the server seeds. */
function textsOf(locale: Locale): { where: string; text: string }[] {
  const found: { where: string; text: string }[] = [];
  const collect = (node: unknown, where: string): void => {
    if (typeof node === 'string') found.push({ where, text: node });
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) collect(child, `${where}.${key}`);
  };
  for (const file of readdirSync(`locales/${locale}`))
    collect(JSON.parse(readFileSync(`locales/${locale}/${file}`, 'utf8')), file.replace(/\.json$/, ':'));
  for (const page of seedPages) {
    found.push({ where: `page ${page.slug} title`, text: page.title[locale] });
    found.push({ where: `page ${page.slug} body`, text: page.body[locale] });
  }
  for (const banner of seedBanners) found.push({ where: 'banner', text: banner.title[locale] });
  for (const notice of seedNotices) {
    found.push({ where: `notice ${notice.title['ja-JP']} title`, text: notice.title[locale] });
    found.push({ where: `notice ${notice.title['ja-JP']} content`, text: notice.content[locale] });
  }
  for (const promotion of seedPromotions) {
    const where = `promotion ${promotion.index}`;
    found.push({ where: `${where} title`, text: promotion.title[locale] });
    found.push({ where: `${where} summary`, text: promotion.summary[locale] });
    found.push({ where: `${where} content`, text: promotionContent(promotion)[locale] });
  }
  return found;
}

/** The places a locale's texts use a forbidden synonym, each with the term to use instead. */
function synonymsIn(texts: { where: string; text: string }[], entries: GlossaryEntry[]): string[] {
  return entries.flatMap((entry) =>
    entry.forbidden.flatMap((synonym) => {
      const pattern = new RegExp(synonym, 'iu');
      return texts
        .filter(({ text }) => pattern.test(text))
        .map(({ where, text }) => `${where}: "${pattern.exec(text)?.[0]}" for ${entry.meaning}; write "${entry.term}"`);
    }),
  );
}

describe('glossary', () => {
  it('has terms for every locale, each used by its texts', () => {
    expect(Object.keys(glossary).sort()).toEqual([...locales].sort());
    for (const locale of locales) {
      const texts = textsOf(locale);
      for (const entry of glossary[locale])
        expect(
          texts.some(({ text }) => text.toLowerCase().includes(entry.term.toLowerCase())),
          `${locale} ${entry.term}`,
        ).toBe(true);
    }
  });

  it('finds a forbidden synonym where it is written', () => {
    const entries = [{ meaning: 'agent', term: 'エージェント', forbidden: ['代理'] }];
    expect(synonymsIn([{ where: 'agent:title', text: '代理店センター' }], entries)).toEqual([
      'agent:title: "代理" for agent; write "エージェント"',
    ]);
    expect(synonymsIn([{ where: 'agent:title', text: 'エージェントセンター' }], entries)).toEqual([]);
  });

  it.each(locales)('no text of %s uses a forbidden synonym', (locale) => {
    expect(synonymsIn(textsOf(locale), glossary[locale])).toEqual([]);
  });
});
