import type { Game, Notice, Promotion } from '@contract/content';
import type { DeskNotice } from '@contract/content-desk';
import { locales } from '@contract/locales';
import { banners, contentPages, notices, promotions } from '@server/db/schema/content';
import { seedDatabase } from '@server/db/seed';
import { seedBanners, seedNotices, seedPromotions } from '@server/db/seed-content';
import { seedPages } from '@server/db/seed-pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperator, refusal, type TestPlayer } from '../support/players';
import { createTestServer, type TestServer } from './harness';

// Docs: docs/requirements.md §1.8 (content in every language, Japanese fallback marked).
interface Page<T> {
  list: T[];
  total: number;
}
interface Banner {
  title: string;
  lang: string;
}
interface ContentPage {
  slug: string;
  title: string;
  body: string;
  lang: string;
}

const kana = /[\u3040-\u30ff]/;
const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
let server: TestServer;
let operator: TestPlayer;

beforeAll(async () => {
  server = await createTestServer();
  operator = await newOperator(server);
}, 60_000);
afterAll(() => server.close());

async function publicList<T>(path: string, lang: string, body: Record<string, unknown> = {}): Promise<T> {
  const answer = await server.call<T>(path, body, { lang });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as T;
}

const deskSave = (body: Record<string, unknown>, lang = 'ja-JP') =>
  server.call<{ id: number }>('/v2/admin/notice/save', body, { token: operator.token, lang });

describe('seeded content in every language', () => {
  for (const locale of locales) {
    it(`serves the seeded banners, notices and promotions wholly in ${locale}`, async () => {
      const shownBanners = await publicList<Banner[]>('/v2/app/banner/query', locale);
      expect(shownBanners.map((banner) => banner.title)).toEqual(seedBanners.map((banner) => banner.title[locale]));
      expect(shownBanners.every((banner) => banner.lang === locale)).toBe(true);

      const shownNotices = await publicList<Page<Notice>>('/v2/app/notice/query', locale, { pageSize: 100 });
      const seededTitles = seedNotices.map((notice) => notice.title[locale]);
      expect(shownNotices.list.map((notice) => notice.title)).toEqual(seededTitles);
      expect(shownNotices.list.every((notice) => notice.lang === locale)).toBe(true);

      const shownPromotions = await publicList<Page<Promotion>>('/v2/app/favorable/query', locale, { pageSize: 100 });
      expect(shownPromotions.list.length).toBeGreaterThan(0);
      for (const promotion of shownPromotions.list) {
        expect(promotion.lang).toBe(locale);
        const seed = seedPromotions.find((candidate) => candidate.title[locale] === promotion.title);
        expect(seed, promotion.title).toBeDefined();
        expect(promotion.summary).toBe(seed?.summary[locale]);
        expect(promotion.content.startsWith(promotion.summary)).toBe(true);
      }
      // Only the Japanese reading carries kana: nothing is left in Japanese in another language.
      const texts = [
        ...shownBanners.map((banner) => banner.title),
        ...shownNotices.list.flatMap((notice) => [notice.title, notice.content]),
        ...shownPromotions.list.flatMap((promotion) => [promotion.title, promotion.summary, promotion.content]),
      ];
      if (locale === 'ja-JP') expect(texts.filter((text) => !japanese.test(text))).toEqual([]);
      else expect(texts.filter((text) => kana.test(text))).toEqual([]);
    });
  }

  for (const locale of locales) {
    it(`serves every seeded page wholly in ${locale}`, async () => {
      for (const page of seedPages) {
        const shown = await publicList<ContentPage>('/v2/app/page/query', locale, { slug: page.slug });
        expect(shown, page.slug).toMatchObject({ title: page.title[locale], body: page.body[locale], lang: locale });
        // Every language keeps the Japanese page's paragraphs.
        expect(shown.body.split('\n\n').length, page.slug).toBe(page.body['ja-JP'].split('\n\n').length);
        if (locale !== 'ja-JP') expect(kana.test(`${shown.title}${shown.body}`), page.slug).toBe(false);
      }
    });
  }

  it('gives a page seeded in Japanese and English only the languages it lacks, never a page an operator rewrote', async () => {
    const [seeded, rewritten, partlyWritten] = seedPages;
    if (!seeded || !rewritten || !partlyWritten) throw new Error('too few seeded pages');
    const twoLanguages = (text: Readonly<Record<string, string>>) => ({
      'ja-JP': text['ja-JP'],
      'en-US': text['en-US'],
    });
    const setPage = (
      slug: string,
      title: Record<string, string | undefined>,
      body: Record<string, string | undefined>,
    ) => server.db.update(contentPages).set({ title, body }).where(eq(contentPages.slug, slug));
    const pageRow = async (slug: string) => {
      const [row] = await server.db.select().from(contentPages).where(eq(contentPages.slug, slug));
      return { title: row?.title, body: row?.body, updatedAt: row?.updatedAt };
    };

    await setPage(seeded.slug, twoLanguages(seeded.title), twoLanguages(seeded.body));
    const operatorBody = { 'ja-JP': '運営が書き直した本文です。', 'en-US': 'Text the operator rewrote.' };
    await setPage(rewritten.slug, twoLanguages(rewritten.title), operatorBody);
    await setPage(
      partlyWritten.slug,
      { ...twoLanguages(partlyWritten.title), 'ko-KR': '운영자가 쓴 제목' },
      { ...twoLanguages(partlyWritten.body), 'ko-KR': '운영자가 쓴 본문' },
    );
    const rewrittenBefore = await pageRow(rewritten.slug);

    await seedDatabase(server.db);

    const filled = await pageRow(seeded.slug);
    expect({ title: filled.title, body: filled.body }).toEqual({ title: seeded.title, body: seeded.body });
    expect(await pageRow(rewritten.slug)).toEqual(rewrittenBefore);
    const kept = await pageRow(partlyWritten.slug);
    expect({ title: kept.title, body: kept.body }).toEqual({
      title: { ...partlyWritten.title, 'ko-KR': '운영자가 쓴 제목' },
      body: { ...partlyWritten.body, 'ko-KR': '운영자가 쓴 본문' },
    });
    await setPage(rewritten.slug, rewritten.title, rewritten.body);
    await setPage(partlyWritten.slug, partlyWritten.title, partlyWritten.body);
    expect(await server.db.$count(contentPages)).toBe(seedPages.length);
  });

  it('rewrites a page still holding a retired seed, language by language, keeping what an operator wrote', async () => {
    // The responsible-gaming page as the release before the player-protection tools seeded it.
    const retired = {
      title: { 'ja-JP': '責任あるゲーミング', 'en-US': 'Responsible gaming' },
      body: {
        'ja-JP': [
          '運営者は、ライセンスの条件として、プレイヤーの保護とギャンブル依存の防止に取り組んでいます。',
          '年齢確認:20歳未満の方の利用を防ぐため、出金前の本人確認で生年月日を確認します。未成年者の利用が判明した場合、アカウントを閉鎖し、入金額を返金します。勝ち金はお支払いしません。',
          '利用制限:プレイヤーは入金上限の設定、一定期間の休止、無期限の自己排除を選べます。自己排除中のアカウントには、キャンペーンのご案内も送りません。',
          '見守り:運営者は、急激な入金の増加や長時間の連続プレイなど、リスクのある利用の兆候を確認し、必要に応じてプレイヤーに連絡します。',
          '支援:ギャンブルの問題でお困りの方は、各地域の精神保健福祉センターや専門の支援団体にご相談ください。相談は無料で、秘密は守られます。',
        ].join('\n\n'),
        'en-US': [
          'As a condition of its licence, the operator works to protect players and to prevent problem gambling.',
          'Age checks: to keep out anyone under 20, the date of birth is checked during identity verification before any withdrawal. If an account turns out to belong to a minor, it is closed and deposits are refunded; winnings are not paid.',
          'Limits: players can set deposit limits, take a break for a fixed period or exclude themselves indefinitely. Self-excluded accounts receive no promotional messages.',
          'Monitoring: the operator watches for signs of risky play, such as a sudden rise in deposits or very long sessions, and contacts the player when needed.',
          'Help: if gambling is causing you problems, public mental health services and specialist support organisations in your area can help, free of charge and in confidence.',
        ].join('\n\n'),
      },
    };
    const current = seedPages.find((page) => page.slug === 'responsible-gaming');
    if (!current) throw new Error('no responsible-gaming page');
    const row = () => server.db.select().from(contentPages).where(eq(contentPages.slug, 'responsible-gaming'));
    await server.db
      .update(contentPages)
      .set({
        title: { ...retired.title, 'ko-KR': '운영자가 쓴 제목' },
        body: { ...retired.body, 'ko-KR': '운영자가 쓴 본문' },
      })
      .where(eq(contentPages.slug, 'responsible-gaming'));

    await seedDatabase(server.db);

    const [page] = await row();
    expect(page?.title).toEqual({ ...current.title, 'ko-KR': '운영자가 쓴 제목' });
    expect(page?.body).toEqual({ ...current.body, 'ko-KR': '운영자가 쓴 본문' });
    expect(page?.body['ja-JP']).toContain('/user/play-safely');
    await server.db
      .update(contentPages)
      .set({ title: current.title, body: current.body })
      .where(eq(contentPages.slug, 'responsible-gaming'));
  });

  it('rewrites a Filipino page seeded before it wrote one word per meaning', async () => {
    // The download page as it was seeded when the Filipino texts still wrote "log in" beside "sign in".
    const retiredBody = [
      'Sa app ng game hall, puwede kang maglaro ng Slot at pachinko sa iyong smartphone anumang oras. Pareho ang iyong account at balanse sa website.',
      'Kung iPhone ang gamit mo, kunin ang app sa App Store; kung Android, kunin ito sa Google Play o gamit ang download button sa pahinang ito.',
      'Puwede kang mag-log in sa app gamit ang user name at Password, o gamit ang QR code: habang naka-log in sa website, buksan ang "Pag-log in sa app" sa Sentro ng manlalaro at i-scan gamit ang app ang QR code na lalabas.',
      'Mawawalan ng bisa ang QR code pagkalipas ng maikling oras. Kung hindi ito ma-scan, i-reload ang pahina para lumabas ang bagong QR code.',
      'Palaging gamitin ang pinakabagong bersyon ng app. Maaaring hindi gumana ang ilang feature sa mga lumang bersyon.',
    ].join('\n\n');
    const current = seedPages.find((page) => page.slug === 'download');
    if (!current) throw new Error('no download page');
    await server.db
      .update(contentPages)
      .set({ body: { ...current.body, 'fil-PH': retiredBody } })
      .where(eq(contentPages.slug, 'download'));

    await seedDatabase(server.db);

    const [page] = await server.db.select().from(contentPages).where(eq(contentPages.slug, 'download'));
    expect(page?.body).toEqual(current.body);
    expect(page?.body['fil-PH']).toContain('mag-sign in sa app');
  });

  it('names the hall’s games in the reader’s language', async () => {
    for (const [lang, name] of [
      ['ko-KR', '사쿠라 세븐즈'],
      ['zh-TW', '櫻花七星'],
    ] as const) {
      const games = await publicList<Game[]>('/v2/app/game/query/latest/new', lang);
      expect(games.find((game) => game.code === 'sakura-sevens')).toMatchObject({ name, lang });
    }
  });

  it('gives a row seeded in Japanese and English only the languages it lacks, keeping an operator’s', async () => {
    const [seed] = seedNotices;
    if (!seed) throw new Error('no seeded notice');
    const [row] = await server.db
      .insert(notices)
      .values({
        title: { 'ja-JP': seed.title['ja-JP'], 'en-US': seed.title['en-US'], 'ko-KR': '운영자가 쓴 제목' },
        content: { 'ja-JP': seed.content['ja-JP'], 'en-US': seed.content['en-US'], 'ko-KR': '운영자가 쓴 본문' },
        publishedAt: new Date(0),
      })
      .returning();
    const [stranger] = await server.db
      .insert(notices)
      .values({ title: { 'ja-JP': '運営が書いたお知らせ' }, content: { 'ja-JP': '本文' }, publishedAt: new Date(0) })
      .returning();
    if (!row || !stranger) throw new Error('no rows');

    await seedDatabase(server.db);

    const [filled] = await server.db.select().from(notices).where(eq(notices.id, row.id));
    expect(filled?.title).toEqual({ ...seed.title, 'ko-KR': '운영자가 쓴 제목' });
    expect(filled?.content).toEqual({ ...seed.content, 'ko-KR': '운영자가 쓴 본문' });
    const [untouched] = await server.db.select().from(notices).where(eq(notices.id, stranger.id));
    expect(untouched?.title).toEqual({ 'ja-JP': '運営が書いたお知らせ' });
    await server.db.delete(notices).where(eq(notices.id, row.id));
    await server.db.delete(notices).where(eq(notices.id, stranger.id));
    // The seeded tables were not filled twice.
    expect(await server.db.$count(banners)).toBe(seedBanners.length);
    expect(await server.db.$count(promotions)).toBe(seedPromotions.length);
  });
});

describe('Japanese fallback', () => {
  it('shows an item missing a text in the reader’s language wholly in Japanese, and says so', async () => {
    const saved = await deskSave({
      title: { 'ja-JP': '日本語だけのお知らせ', 'en-US': 'Also in English' },
      content: { 'ja-JP': '日本語の本文です。', 'en-US': 'The English text.' },
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data?.id;

    const english = await publicList<Page<Notice>>('/v2/app/notice/query', 'en-US', { pageSize: 100 });
    expect(english.list.find((notice) => notice.id === id)).toMatchObject({
      title: 'Also in English',
      content: 'The English text.',
      lang: 'en-US',
    });
    const korean = await publicList<Page<Notice>>('/v2/app/notice/query', 'ko-KR', { pageSize: 100 });
    expect(korean.list.find((notice) => notice.id === id)).toMatchObject({
      title: '日本語だけのお知らせ',
      content: '日本語の本文です。',
      lang: 'ja-JP',
    });
    // The seeded notices around it stay in Korean.
    expect(korean.list.filter((notice) => notice.lang === 'ko-KR').length).toBe(seedNotices.length);

    // A row written straight into the database with a title but no text in Korean is not mixed either.
    const [halfKorean] = await server.db
      .insert(notices)
      .values({
        title: { 'ja-JP': '半分だけ', 'ko-KR': '절반만' },
        content: { 'ja-JP': '本文は日本語だけ' },
        publishedAt: new Date(0),
      })
      .returning();
    const again = await publicList<Page<Notice>>('/v2/app/notice/query', 'ko-KR', { pageSize: 100 });
    expect(again.list.find((notice) => notice.id === halfKorean?.id)).toMatchObject({
      title: '半分だけ',
      content: '本文は日本語だけ',
      lang: 'ja-JP',
    });
  });
});

describe('desk notices per language', () => {
  const written = Object.fromEntries(locales.map((locale) => [locale, `title ${locale}`]));
  const bodies = Object.fromEntries(locales.map((locale) => [locale, `text ${locale}`]));

  it('writes and rewrites a notice in every language, listing each language with empty ones as ""', async () => {
    const created = await deskSave({ title: written, content: bodies, pinned: true });
    const id = created.body.data?.id;
    expect(id).toBeTypeOf('number');
    const rewritten = await deskSave({
      id,
      title: { ...written, 'vi-VN': '' },
      content: { ...bodies, 'vi-VN': '  ' },
      pinned: false,
    });
    expect(rewritten.body.code, JSON.stringify(rewritten.body)).toBe(200);

    const list = await server.call<Page<DeskNotice>>(
      '/v2/admin/notice/list',
      { pageSize: 100 },
      { token: operator.token },
    );
    const notice = list.body.data?.list.find((row) => row.id === id);
    expect(notice).toMatchObject({ pinned: false, title: { ...written, 'vi-VN': '' } });
    expect(notice?.content['vi-VN']).toBe('');

    const vietnamese = await publicList<Page<Notice>>('/v2/app/notice/query', 'vi-VN', { pageSize: 100 });
    expect(vietnamese.list.find((row) => row.id === id)).toMatchObject({ title: 'title ja-JP', lang: 'ja-JP' });
    const filipino = await publicList<Page<Notice>>('/v2/app/notice/query', 'fil-PH', { pageSize: 100 });
    expect(filipino.list.find((row) => row.id === id)).toMatchObject({ title: 'title fil-PH', lang: 'fil-PH' });

    const audit = await server.call<Page<{ action: string; subjectId: string }>>(
      '/v2/admin/audit/list',
      { subjectType: 'notice' },
      { token: operator.token },
    );
    expect(audit.body.data?.list.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['notice.create', 'notice.update']),
    );
  });

  it('refuses a notice without its Japanese title or text, in the operator’s language, changing nothing', async () => {
    const before = await server.db.$count(notices);
    const english = await deskSave({ title: { 'en-US': 'English only' }, content: { 'en-US': 'Text' } }, 'en-US');
    refusal(english, 400, 'The Japanese title and text are required');
    expect(english.body.fields).toEqual({
      'title.ja-JP': 'The Japanese title and text are required',
      'content.ja-JP': 'The Japanese title and text are required',
    });
    const japanese = await deskSave({ title: { 'ja-JP': 'タイトル' }, content: { 'ja-JP': '   ' } });
    refusal(japanese, 400, '日本語のタイトルと本文は必須です');
    expect(Object.keys(japanese.body.fields ?? {})).toEqual(['content.ja-JP']);
    expect(await server.db.$count(notices)).toBe(before);
  });

  it('refuses a language written in part, naming the language in the operator’s', async () => {
    const before = await server.db.$count(notices);
    const half = { title: { 'ja-JP': 'タイトル', 'ko-KR': '제목' }, content: { 'ja-JP': '本文' } };
    const japanese = await deskSave(half);
    refusal(japanese, 400, '韓国語はタイトルと本文の両方を入力するか、両方とも空にしてください');
    expect(Object.keys(japanese.body.fields ?? {})).toEqual(['content.ko-KR']);
    refusal(await deskSave(half, 'en-US'), 400, 'Write both the title and the text in Korean, or leave both empty');
    expect(await server.db.$count(notices)).toBe(before);
  });

  it('refuses an unknown notice and answers only operator sessions', async () => {
    refusal(
      await deskSave({ id: 1_999_999, title: { 'ja-JP': 'a' }, content: { 'ja-JP': 'b' } }, 'en-US'),
      404,
      'Notice not found',
    );
    const signedOut = await server.call('/v2/admin/notice/save', {
      title: { 'ja-JP': 'a' },
      content: { 'ja-JP': 'b' },
    });
    expect(signedOut.status).toBe(401);
    expect((await server.call('/v2/admin/notice/list', {})).status).toBe(401);
  });
});
