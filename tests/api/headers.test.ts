import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testProvider } from '../support/game-provider';
import { createTestServer, type TestServer } from './harness';

/** A stand-in for dist/: what `vite build` writes, with a hashed asset and a file at the root. */
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-B4x9Qz1k.js"></script></head><body><div id="root"></div></body></html>';
const assetJs = 'console.log("game hall");';

let staticDir: string;
let server: TestServer;
let production: TestServer;
beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-dist-'));
  await mkdir(path.join(staticDir, 'assets'));
  await writeFile(path.join(staticDir, 'index.html'), indexHtml);
  await writeFile(path.join(staticDir, 'assets', 'index-B4x9Qz1k.js'), assetJs);
  // As the build writes them: a brotli and a gzip copy beside each text file.
  for (const file of ['index.html', 'assets/index-B4x9Qz1k.js']) {
    const content = file.endsWith('.html') ? indexHtml : assetJs;
    await writeFile(path.join(staticDir, `${file}.br`), brotliCompressSync(content));
    await writeFile(path.join(staticDir, `${file}.gz`), gzipSync(content));
  }
  await writeFile(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(staticDir, 'manifest.webmanifest'), '{"name":"ゲームホール","start_url":"/?source=app"}');
  await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  [server, production] = await Promise.all([
    createTestServer({ staticDir }),
    createTestServer({ staticDir, production: true }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), production.close()]);
  await rm(staticDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values] as const;
      }),
  );
  expect(directives.get('script-src')).toEqual(["'self'"]);
  // The springboard frames the studio's game page, on this same origin; no other site may frame ours.
  expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
}

describe('security headers', () => {
  it('are on API answers, successful or not', async () => {
    const ok = await server.call('/v2/app/banner/query');
    const notFound = await server.call('/v2/app/nothing');
    const refused = await server.call('/v2/app/banner/query', {}, { withoutXsrf: true });
    const health = await fetch(`${server.url}/healthz`);
    for (const headers of [ok.headers, notFound.headers, refused.headers, health.headers]) {
      expectSecurityHeaders(headers);
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('are on the SPA, its assets and client routes', async () => {
    for (const pathname of ['/', '/assets/index-B4x9Qz1k.js', '/user/user-center', '/favicon.svg']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expectSecurityHeaders(response.headers);
    }
  });

  it("serve the installable app's manifest and service worker as such, and let the policy allow them", async () => {
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    // A new build's worker must be seen at once, not after a cached copy runs out.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    for (const headers of [manifest.headers, worker.headers]) {
      expectSecurityHeaders(headers);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/(^|; )manifest-src 'self'(;|$)/);
      expect(csp).toMatch(/(^|; )worker-src 'self'(;|$)/);
    }
  });

  it('include HSTS only in production', async () => {
    for (const pathname of ['/healthz', '/', '/v2/xsrf']) {
      const response = await fetch(`${production.url}${pathname}`);
      expect(response.headers.get('strict-transport-security'), pathname).toMatch(/^max-age=\d{8,}; includeSubDomains/);
      expectSecurityHeaders(response.headers);
    }
    expect((await fetch(`${server.url}/`)).headers.get('strict-transport-security')).toBeNull();
  });

  it("let Google's sign-in script and frame in only when Google sign-in is configured", async () => {
    const without = (await fetch(`${server.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(without).not.toContain('accounts.google.com');
    expect(without).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:\d+(;|$)/);
    const withGoogle = await createTestServer({
      identityProviders: {
        google: {
          clientId: 'client.apps.example',
          issuers: ['https://accounts.google.com'],
          jwksUrl: 'http://127.0.0.1:9/jwks',
        },
        line: null,
      },
    });
    try {
      const policy = (await fetch(`${withGoogle.url}/healthz`)).headers.get('content-security-policy') ?? '';
      for (const directive of ['script-src', 'frame-src', 'connect-src', 'style-src']) {
        expect(policy, directive).toMatch(new RegExp(`${directive} [^;]*https://accounts\\.google\\.com`));
      }
    } finally {
      await withGoogle.close();
    }
  });
});

describe('the game hall in the security policy', () => {
  it("lets the springboard frame the configured providers' game pages and show their pictures", async () => {
    const acme = testProvider('acme', 1);
    const [game] = acme.config.games;
    const withAcme = await createTestServer({
      games: {
        providers: [
          {
            ...acme.config,
            games: [{ ...(game as NonNullable<typeof game>), imageUrl: 'https://cdn.acme.example/a.png' }],
          },
          { ...testProvider('idle', 1).config, baseUrl: 'https://idle.example/play', enabled: false },
        ],
      },
    });
    try {
      const policy = (await fetch(`${withAcme.url}/healthz`)).headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:\d+ https:\/\/acme\.example(;|$)/);
      expect(policy).toMatch(/img-src [^;]*https:\/\/cdn\.acme\.example/);
      expect(policy).not.toContain('idle.example');
    } finally {
      await withAcme.close();
    }
  });
});

describe('the built SPA', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const response = await fetch(`${server.url}/assets/index-B4x9Qz1k.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe(assetJs);
  });

  it('serves index.html with no-cache, at / and at /index.html', async () => {
    for (const pathname of ['/', '/index.html']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('answers client routes with index.html, no-cache', async () => {
    for (const pathname of ['/user/user-center', '/game/promotion', '/agent/team-report/42', '/no/such/page']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('sends the compressed copy the browser accepts, brotli first', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip, deflate', encoding: 'gzip' },
      { accept: 'identity', encoding: null },
    ];
    for (const pathname of ['/assets/index-B4x9Qz1k.js', '/', '/user/user-center']) {
      const expected = pathname.startsWith('/assets/') ? assetJs : indexHtml;
      for (const { accept, encoding } of cases) {
        const response = await fetch(`${server.url}${pathname}`, { headers: { 'Accept-Encoding': accept } });
        expect(response.status, `${pathname} ${accept}`).toBe(200);
        expect(response.headers.get('content-encoding'), `${pathname} ${accept}`).toBe(encoding);
        if (encoding) expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(await response.text()).toBe(expected);
      }
    }
  });

  it('answers 404 for a hashed asset that does not exist, never index.html', async () => {
    const response = await fetch(`${server.url}/assets/index-OldBuild1.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/html/);
    expect(response.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  it('serves other root files without long caching', async () => {
    const response = await fetch(`${server.url}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the API answering JSON under /v2 beside the SPA', async () => {
    const get = await fetch(`${server.url}/v2/app/banner/query`);
    expect(get.status).toBe(404);
    expect(get.headers.get('content-type')).toMatch(/^application\/json/);
    const post = await server.call('/v2/app/banner/query');
    expect(post.status).toBe(200);
  });
});
