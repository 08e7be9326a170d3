import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let otherServer: TestServer;
beforeAll(async () => {
  [server, otherServer] = await Promise.all([createTestServer(), createTestServer({ production: true })]);
});
afterAll(() => Promise.all([server.close(), otherServer.close()]));

function xsrfCookieOf(response: Response): { value: string; attributes: string[] } | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('XSRF-TOKEN='));
  if (!header) return null;
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair.slice('XSRF-TOKEN='.length), attributes: attributes.map((a) => a.toLowerCase()) };
}

async function post(base: string, headers: Record<string, string>) {
  return fetch(`${base}/v2/app/notice/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...headers },
    body: '{}',
  });
}

describe('XSRF protection', () => {
  it('GET /v2/xsrf issues a signed cookie the page can read', async () => {
    const response = await fetch(`${server.url}/v2/xsrf`);
    expect(response.status).toBe(204);
    const cookie = xsrfCookieOf(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toContain('path=/');
    expect(cookie?.attributes).toContain('samesite=lax');
    expect(cookie?.attributes).not.toContain('httponly');
    expect(cookie?.attributes).not.toContain('secure');
    const again = xsrfCookieOf(await fetch(`${server.url}/v2/xsrf`));
    expect(again?.value).not.toBe(cookie?.value);
  });

  it('marks the cookie Secure in production', async () => {
    const cookie = xsrfCookieOf(await fetch(`${otherServer.url}/v2/xsrf`));
    expect(cookie?.attributes).toContain('secure');
  });

  it('does not reissue the cookie to a client that already holds a genuine one', async () => {
    const response = await fetch(`${server.url}/v2/xsrf`, { headers: { cookie: server.xsrf.cookie } });
    expect(xsrfCookieOf(response)).toBeNull();
    const call = await post(server.url, { cookie: server.xsrf.cookie, 'x-xsrf-token': server.xsrf.token });
    expect(call.status).toBe(200);
    expect(xsrfCookieOf(call)).toBeNull();
  });

  it('accepts a POST whose header echoes the cookie', async () => {
    const response = await post(server.url, { cookie: server.xsrf.cookie, 'x-xsrf-token': server.xsrf.token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { code: number }).code).toBe(200);
  });

  it('refuses a POST without cookie or header with 403 and hands out a cookie to retry with', async () => {
    const refused = await post(server.url, {});
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 403, msg: 'The page has expired; please try again' });
    const fresh = xsrfCookieOf(refused);
    expect(fresh).not.toBeNull();
    const retried = await post(server.url, {
      cookie: `XSRF-TOKEN=${fresh?.value}`,
      'x-xsrf-token': fresh?.value ?? '',
    });
    expect(retried.status).toBe(200);
  });

  it('refuses a POST with the cookie but without the header, or with a different header', async () => {
    const withoutHeader = await post(server.url, { cookie: server.xsrf.cookie });
    expect(withoutHeader.status).toBe(403);
    const other = xsrfCookieOf(await fetch(`${server.url}/v2/xsrf`))?.value ?? '';
    const wrongHeader = await post(server.url, { cookie: server.xsrf.cookie, 'x-xsrf-token': other });
    expect(wrongHeader.status).toBe(403);
  });

  it.each([
    ['an unsigned value', 'attacker-chosen-value'],
    ['a forged signature', 'bm9uY2Vub25jZW5vbmNlbm9u.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a nonce without signature', 'bm9uY2Vub25jZW5vbmNlbm9u.'],
  ])(
    'refuses a planted cookie with %s even when the header matches, and issues a fresh cookie',
    async (_label, planted) => {
      const response = await post(server.url, { cookie: `XSRF-TOKEN=${planted}`, 'x-xsrf-token': planted });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: number }).code).toBe(403);
      const fresh = xsrfCookieOf(response);
      expect(fresh?.value).toBeTruthy();
      expect(fresh?.value).not.toBe(planted);
    },
  );

  it("refuses a genuine cookie of another installation (another server's key)", async () => {
    const foreign = xsrfCookieOf(await fetch(`${otherServer.url}/v2/xsrf`))?.value ?? '';
    expect(foreign).not.toBe('');
    const response = await post(server.url, { cookie: `XSRF-TOKEN=${foreign}`, 'x-xsrf-token': foreign });
    expect(response.status).toBe(403);
    expect(xsrfCookieOf(response)).not.toBeNull();
  });

  it('guards every state-changing method, and an unknown path is refused before it is looked up', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(`${server.url}/v2/app/notice/query`, { method });
      expect(response.status, method).toBe(403);
    }
    const unknown = await fetch(`${server.url}/v2/app/nothing`, { method: 'POST' });
    expect(unknown.status).toBe(403);
  });
});
