import { banners } from '@server/db/schema/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestServer, type TestServer } from './harness';

const clock = createTestClock(new Date('2026-05-01T00:00:00Z'));
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ clock, contentCacheTtlMs: 5000 });
});
afterAll(() => server.close());

const titles = async (lang: string) =>
  ((await server.call<{ id: number; title: string }[]>('/v2/app/banner/query', {}, { lang })).body.data ?? []).map(
    (banner) => banner.title,
  );

describe('public content cache', () => {
  it('serves an operator edit once the few seconds of reuse have passed, per language', async () => {
    expect(await titles('en-US')).toContain('First deposit bonus');
    await server.db
      .update(banners)
      .set({ title: { 'ja-JP': '新春ボーナス', 'en-US': 'Spring bonus' } })
      .where(eq(banners.imageUrl, '/images/banners/banner-2.svg'));
    expect(await titles('en-US')).toContain('First deposit bonus');
    expect(await titles('ja-JP')).toContain('新春ボーナス');
    clock.advance(5001);
    expect(await titles('en-US')).toContain('Spring bonus');
  });
});
