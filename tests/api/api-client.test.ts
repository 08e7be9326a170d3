import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendRegisterCode } from '@contract/auth';
import { bannerQuery, favorableQuery } from '@contract/content';
import { endpoints } from '@contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiCallError, type ApiClientOptions, createApiClient } from '@/lib/api-client';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

function clientFor(baseURL: string, overrides: Partial<ApiClientOptions> = {}) {
  const shown: string[] = [];
  const ended: number[] = [];
  const client = createApiClient({
    baseURL,
    getToken: () => null,
    getLanguage: () => 'en-US',
    getXsrfToken: () => server.xsrf.token,
    extraHeaders: () => ({ cookie: server.xsrf.cookie }),
    showError: (message) => void shown.push(message),
    onSessionEnded: (code) => void ended.push(code),
    fallbackMessages: () => ({ error: 'Error', network: 'Request Error' }),
    ...overrides,
  });
  return { client, shown, ended };
}

/** A real HTTP server that answers badly: it never answers, or answers with a proxy's HTML page. */
async function misbehavingServer(mode: 'hang' | 'html'): Promise<{ url: string; close(): Promise<void> }> {
  const http: Server = createServer((_request, response) => {
    if (mode === 'html') {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body>Bad gateway</body></html>');
    }
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

describe('api client against the real server', () => {
  it('returns the schema-checked data of a successful call', async () => {
    const { client, shown } = clientFor(server.url);
    const banners = await client.call(bannerQuery, {});
    expect(banners.map((b) => b.title)).toContain('First deposit bonus');
    expect(shown).toEqual([]);
  });

  it('sends Accept-Language from the stored language', async () => {
    const { client } = clientFor(server.url, { getLanguage: () => 'ja-JP' });
    const banners = await client.call(bannerQuery, {});
    expect(banners.map((b) => b.title)).toContain('初回入金ボーナス');
  });

  it('shows the envelope message as a toast and rejects with its code and field messages', async () => {
    const { client, shown } = clientFor(server.url);
    const failure = await client.call(favorableQuery, { category: 'bogus' as never }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiCallError);
    expect((failure as ApiCallError).code).toBe(400);
    expect(Object.keys((failure as ApiCallError).fields)).toContain('category');
    expect(shown).toEqual([(failure as ApiCallError).message]);
    expect(shown[0]).toBe('Some fields are not valid');
  });

  it('keeps quiet when the caller shows the message itself', async () => {
    const { client, shown } = clientFor(server.url);
    await expect(client.call(favorableQuery, { category: 'bogus' as never }, { silent: true })).rejects.toThrow();
    expect(shown).toEqual([]);
  });

  it('leaves a refusal of a field the form shows to the form, and toasts any other', async () => {
    const { client, shown } = clientFor(server.url);
    const refused = await client
      .call(favorableQuery, { category: 'bogus' as never }, { fieldsShown: ['category'] })
      .catch((e: unknown) => e);
    expect(Object.keys((refused as ApiCallError).fields)).toContain('category');
    expect(shown).toEqual([]);
    await expect(
      client.call(favorableQuery, { category: 'bogus' as never }, { fieldsShown: ['elsewhere'] }),
    ).rejects.toThrow();
    expect(shown).toEqual(['Some fields are not valid']);
    const closed = await misbehavingServer('html');
    await closed.close();
    const offline = clientFor(closed.url);
    await expect(offline.client.call(bannerQuery, {}, { fieldsShown: ['category'] })).rejects.toMatchObject({
      code: 0,
    });
    expect(offline.shown).toHaveLength(1);
  });

  it('hands over the wait a 429 asks for', async () => {
    const { client } = clientFor(server.url);
    await client.call(sendRegisterCode, { email: 'wait@example.test' });
    const refused = await client.call(sendRegisterCode, { email: 'wait@example.test' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 429 });
    const seconds = (refused as ApiCallError).retryAfterSeconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('ends the session on 401', async () => {
    const userOnly = endpoints.find((e) => e.access === 'user');
    expect(userOnly).toBeDefined();
    const { client, ended, shown } = clientFor(server.url);
    await expect(client.call(userOnly!, {} as never)).rejects.toMatchObject({ code: 401 });
    expect(ended).toEqual([401]);
    expect(shown).toEqual(['Please sign in first']);
  });

  it('refuses a money call without an idempotency key before sending anything', async () => {
    const money = endpoints.find((e) => e.idempotent);
    expect(money).toBeDefined();
    const { client } = clientFor(server.url);
    await expect(client.call(money!, {} as never)).rejects.toThrow(/idempotency key/);
  });

  it('reports a network failure with its message', async () => {
    const closed = await misbehavingServer('html');
    await closed.close();
    const { client, shown } = clientFor(closed.url);
    await expect(client.call(bannerQuery, {})).rejects.toMatchObject({ code: 0 });
    expect(shown).toHaveLength(1);
    expect(shown[0]).not.toBe('');
  });

  it('gives up after the timeout', async () => {
    const hanging = await misbehavingServer('hang');
    const { client, shown } = clientFor(hanging.url, { timeoutMs: 300 });
    await expect(client.call(bannerQuery, {})).rejects.toMatchObject({ code: 0 });
    expect(shown).toHaveLength(1);
    await hanging.close();
  });

  it("shows 'Error' when the answer is not an envelope", async () => {
    const proxy = await misbehavingServer('html');
    const { client, shown } = clientFor(proxy.url);
    await expect(client.call(bannerQuery, {})).rejects.toMatchObject({ code: 502 });
    expect(shown).toEqual(['Error']);
    await proxy.close();
  });
});
