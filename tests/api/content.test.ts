import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe('public content calls', () => {
  it('lists the seeded banners in every language', async () => {
    const english = await server.call<{ title: string }[]>('/v2/app/banner/query', {}, { lang: 'en-US' });
    expect(english.status).toBe(200);
    expect(english.body.code).toBe(200);
    expect(english.body.data?.map((b) => b.title)).toContain('First deposit bonus');
    const korean = await server.call<{ title: string }[]>('/v2/app/banner/query', {}, { lang: 'ko-KR' });
    expect(korean.body.data?.map((b) => b.title)).toContain('첫 입금 보너스');
  });
});
