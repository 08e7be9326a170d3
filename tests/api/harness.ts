import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Envelope } from '@contract/endpoint';
import { serve } from '@hono/node-server';
import type { Clock } from '@server/clock';
import { type ComposeOptions, composeApp } from '@server/compose';
import { randomCaptchaText } from '@server/modules/auth/captcha';
import pino from 'pino';
import { inject } from 'vitest';
import { openDatabaseFromTemplate } from './database-template';

export interface CallOptions {
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** Skip the XSRF header to test the refusal. */
  withoutXsrf?: boolean;
  /** Sent as the body instead of `body` as JSON: text JSON.stringify cannot write (nesting thousands deep). */
  rawBody?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope & { data?: T };
  headers: Headers;
}

/** A settable clock for tests that move time (code expiry, countdowns, promotion windows). */
export function createTestClock(start = new Date()): Clock & { set(date: Date): void; advance(ms: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (date) => {
      now = date.getTime();
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * The real app on a real database copied from the run's template, listening on a loopback port.
 * Each test file (or test) gets its own database, so tests never see each other's rows.
 */
export async function createTestServer(
  options: {
    clock?: Clock;
    production?: boolean;
    staticDir?: string | null;
  } & Pick<
    ComposeOptions,
    | 'smtpUrl'
    | 'identityProviders'
    | 'authLimits'
    | 'captchaText'
    | 'contentCacheTtlMs'
    | 'payments'
    | 'moneySettings'
    | 'crypto'
    | 'games'
    | 'gameHallTimes'
    | 'studioTimes'
  > = {},
) {
  const database = await openDatabaseFromTemplate(inject('databaseTemplate'));
  const { clock, production, staticDir, captchaText, ...edges } = options;
  // Whatever draws the captchas' texts, the last one drawn is kept, so a test can answer a captcha.
  const drawCaptchaText = captchaText ?? randomCaptchaText;
  let lastCaptchaText = '';
  // Listen first: the payment sandbox calls this server back over HTTP, so its public URL must be real.
  let handle: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    new Response(null, { status: 503 });
  const server = serve({ fetch: (request, env) => handle(request, env), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fileStorageDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-files-'));
  const { app, deps, studio, stopBackgroundWork } = await composeApp(database, {
    logger: pino({ level: 'silent' }),
    production: production ?? false,
    publicUrl: url,
    staticDir: staticDir ?? null,
    fileStorageDir,
    ...(clock ? { clock } : {}),
    // Tests that edit content read it back at once; the cache has its own test.
    contentCacheTtlMs: 0,
    captchaText: () => (lastCaptchaText = drawCaptchaText()),
    ...edges,
  });
  handle = (request, env) => app.fetch(request, env);

  const xsrfResponse = await fetch(`${url}/v2/xsrf`);
  const xsrfCookie = (xsrfResponse.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const xsrfToken = xsrfCookie.slice(xsrfCookie.indexOf('=') + 1);

  async function call<T = unknown>(
    path: string,
    body?: unknown,
    callOptions: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': callOptions.lang ?? 'en-US',
      ...(callOptions.withoutXsrf ? {} : { cookie: xsrfCookie, 'x-xsrf-token': xsrfToken }),
      ...(callOptions.token ? { token: callOptions.token } : {}),
      ...callOptions.headers,
    };
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers,
      body: callOptions.rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    return {
      status: response.status,
      body: (await response.json()) as CallResult<T>['body'],
      headers: response.headers,
    };
  }

  return {
    url,
    app,
    deps,
    /** The embedded studio's deps, to build another studio on the same tables (as another process would). */
    studio,
    db: database.db,
    databaseKind: database.kind,
    /** Listens on the test database, as another process on it would. */
    listen: database.listen,
    /** Another handle on the test database, with connections of its own (PGlite has only the one). */
    anotherDatabase: database.another,
    xsrf: { cookie: xsrfCookie, token: xsrfToken },
    call,
    /** Draws a captcha through the API and answers it, as a person reading the image would. */
    async solvedCaptcha(): Promise<{ uuid: string; qrcode: string }> {
      const drawn = await call<{ img: string; uuid: string }>('/v2/app/auth/captcha');
      if (!drawn.body.data) throw new Error(`captcha failed: ${JSON.stringify(drawn.body)}`);
      return { uuid: drawn.body.data.uuid, qrcode: lastCaptchaText };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopBackgroundWork();
      await database.drop();
      await rm(fileStorageDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
