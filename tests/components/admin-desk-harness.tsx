import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import * as OTPAuth from 'otpauth';
import { I18nextProvider } from 'react-i18next';
import sharp from 'sharp';
import { inject } from 'vitest';
import { createAppTheme } from '@/features/layout/theme';
import { createSessionStore } from '@/features/session/session-store';
import { api } from '@/lib/api-client';
import { routeTree } from '@/routeTree.gen';
import type { ClockAnswer, ClockMessage } from '../support/desk-server-main';
import { deskOperator } from './global-setup';

/*
 * The desk's views against the real product: a server process on its own embedded database, the
 * app composed as `npm start` composes it but on a clock the test can move (tests/support/
 * desk-server-main.ts), with an operator made by `npm run operator:create`. The page's origin is
 * the server's, so the desk's own client talks to it exactly as in the browser (XSRF cookie, TOKEN
 * header). Players and their money are set up through the public API, as players would.
 */

/** The text every captcha shows on the test server. */
export const captchaText = 'h4ll7';
const playerPassword = 'Maple leaf 2026!';
export const payPassword = '246801';

export interface ApiAnswer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A plain Node HTTP call: the test's own calls stay out of the page's cookie jar. */
function request(
  url: string,
  options: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method, headers: options.headers ?? {} }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    if (options.body !== undefined) outgoing.write(options.body);
    outgoing.end();
  });
}

export interface TestPlayer {
  account: string;
  email: string;
  token: string;
  userId: number;
}

export interface Operator {
  account: string;
  password: string;
  /** A code the server has not seen yet: codes work once, each newer than the last. */
  nextCode(): Promise<string>;
  /** A code of a step far from now, which the server refuses. */
  wrongCode(): string;
}

/** The server's clock: the system's time plus the offset the test has moved it by. */
interface ServerClock {
  now(): number;
  advance(ms: number): Promise<void>;
}

/** The template's operator, with the codes of its authenticator at the server's time. */
function templateOperator(otpauthUrl: string, clock: ServerClock): Operator {
  const totp = OTPAuth.URI.parse(otpauthUrl) as OTPAuth.TOTP;
  const periodMs = totp.period * 1000;
  const currentStep = () => Math.floor(clock.now() / periodMs);
  let lastStep = -1;
  return {
    ...deskOperator,
    wrongCode: () => totp.generate({ timestamp: (currentStep() + 1000) * periodMs }),
    async nextCode() {
      // The server accepts the step before and after its current one, each only once and in order.
      // A step that is not due yet is brought forward by moving the server's clock, never waited
      // for; the code given is accepted for at least the next 30 s of the server's time.
      const step = Math.max(lastStep + 1, currentStep());
      if (step > currentStep()) await clock.advance((step - currentStep()) * periodMs);
      lastStep = step;
      return totp.generate({ timestamp: step * periodMs });
    },
  };
}

/** `env` adds to the server's environment (GAME_PROVIDERS, for a test provider). */
export async function startDeskServer(options: { env?: Record<string, string> } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-desk-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const environment = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  const template = inject('deskTemplate');
  await cp(template.dataDir, dataDir, { recursive: true });

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/support/desk-server-main.ts'], {
    env: { ...environment, ...options.env, PORT: String(port), HOST: '127.0.0.1', TEST_CAPTCHA_TEXT: captchaText },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let clockOffsetMs = 0;
  const clock: ServerClock = {
    now: () => Date.now() + clockOffsetMs,
    advance: (ms) =>
      new Promise<void>((resolve, reject) => {
        server.once('message', (answer: ClockAnswer) => {
          clockOffsetMs = answer.offsetMs;
          resolve();
        });
        if (!server.send({ advanceMs: ms } satisfies ClockMessage)) reject(new Error('the desk test server is gone'));
      }),
  };
  const operator = templateOperator(template.otpauthUrl, clock);
  let serverOutput = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    serverOutput += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running at')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${serverOutput}`)));
  });

  const xsrf = await request(`${url}/v2/xsrf`, { method: 'GET' });
  const xsrfCookie = String(xsrf.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
  const xsrfToken = decodeURIComponent(xsrfCookie.slice(xsrfCookie.indexOf('=') + 1));

  async function call<T = unknown>(
    apiPath: string,
    body: unknown = {},
    options: { token?: string; idempotencyKey?: string; lang?: string } = {},
  ): Promise<ApiAnswer<T>> {
    const response = await request(`${url}${apiPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': options.lang ?? 'en-US',
        cookie: xsrfCookie,
        'x-xsrf-token': xsrfToken,
        ...(options.token ? { token: options.token } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
    const envelope = JSON.parse(response.text) as { code: number; msg: string; data: T };
    return { status: response.status, ...envelope };
  }

  /** A call that must succeed; the refusal's message fails the test. */
  async function ok<T = unknown>(
    apiPath: string,
    body: unknown = {},
    options: { token?: string; idempotencyKey?: string } = {},
  ) {
    const answer = await call<T>(apiPath, body, options);
    if (answer.code !== 200) throw new Error(`${apiPath} answered ${answer.code}: ${answer.msg}`);
    return answer.data;
  }

  async function operatorSession() {
    const { uuid } = await ok<{ uuid: string }>('/v2/app/auth/captcha', {});
    return ok<DeskSession>('/v2/admin/auth/login', {
      account: operator.account,
      password: operator.password,
      uuid,
      qrcode: captchaText,
      totpCode: await operator.nextCode(),
    });
  }

  async function mailedCode(email: string): Promise<string> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const page = await request(`${url}/dev/mailbox`, { method: 'GET' });
      const newest = page.text.split('<article>').find((part) => part.includes(`To: ${email}`));
      const code = newest ? /\b(\d{6})\b/.exec(newest.slice(newest.indexOf('<pre>')))?.[1] : undefined;
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  }

  let playerCount = 0;
  async function newPlayer(prefix: string): Promise<TestPlayer> {
    playerCount += 1;
    const account = `${prefix}${playerCount}${Math.random().toString(36).slice(2, 7)}`;
    const email = `${account}@example.test`;
    await ok('/v2/app/register/send/email/code', { email });
    await ok('/v2/app/register/valid', { email, code: await mailedCode(email), acceptTerms: true });
    const { token } = await ok<{ token: string }>('/v2/app/register/user', {
      account,
      email,
      password: playerPassword,
    });
    const { userId } = await ok<{ userId: number }>('/v2/app/user/info', {}, { token });
    return { account, email, token, userId };
  }

  async function photo(): Promise<string> {
    const bytes = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg()
      .toBuffer();
    return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  }

  /** Names, ID number and a bank card in the player's name, as the account pages send them. */
  async function withProfileAndCard(player: TestPlayer): Promise<number> {
    await ok(
      '/v2/app/user/update',
      { firstName: '花子', lastName: '佐藤', pinyinName: 'サトウ ハナコ' },
      { token: player.token },
    );
    await ok(
      '/v2/app/user/update/idNumber',
      { idNumber: `HN${player.userId}X${Date.now() % 100_000}` },
      { token: player.token },
    );
    const card = await ok<{ id: number }>(
      '/v2/app/user/bank/save',
      {
        bankCode: '0009',
        cardNumber: `${1_000_000 + Math.floor(Math.random() * 8_000_000) + 1}`,
        branchCode: '101',
        branchName: '本店営業部',
        holderFirstName: '花子',
        holderLastName: '佐藤',
        holderPinyinName: 'サトウ ハナコ',
      },
      { token: player.token },
    );
    return card.id;
  }

  async function submitKyc(player: TestPlayer): Promise<number> {
    const submission = await ok<{ id: number }>(
      '/v2/app/user/kyc/add',
      { front: await photo(), back: await photo(), handheld: await photo() },
      { token: player.token },
    );
    return submission.id;
  }

  /** Coins paid on the sandbox checkout page, as a player pays an online deposit. */
  async function deposit(player: TestPlayer, cardId: number, amount: number): Promise<void> {
    const order = await ok<{ instructions: { kind: string; url?: string } }>(
      '/v2/app/pay/order',
      { channelId: 'online-bank', amount, bankCardId: cardId },
      { token: player.token, idempotencyKey: randomUUID() },
    );
    if (order.instructions.kind !== 'redirect' || !order.instructions.url)
      throw new Error('the online deposit gave no checkout page');
    const paid = await request(`${url}${new URL(order.instructions.url).pathname}/pay`, { method: 'POST' });
    if (paid.status !== 303) throw new Error(`the sandbox checkout answered ${paid.status}`);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const profile = await ok<{ balance: number }>('/v2/app/user/info', {}, { token: player.token });
      if (profile.balance >= amount) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the deposit was never credited');
  }

  /** A verified player with a card, a payment password and `coins` deposited. */
  async function fundedPlayer(
    prefix: string,
    coins: number,
    operatorToken: string,
  ): Promise<TestPlayer & { cardId: number }> {
    const player = await newPlayer(prefix);
    const cardId = await withProfileAndCard(player);
    const submissionId = await submitKyc(player);
    await ok('/v2/admin/kyc/approve', { submissionId }, { token: operatorToken });
    await ok(
      '/v2/app/auth/password/update/payment',
      { newPayPassword: payPassword, password: playerPassword },
      { token: player.token },
    );
    await deposit(player, cardId, coins);
    return { ...player, cardId };
  }

  async function withdraw(player: TestPlayer & { cardId: number }, amount: number): Promise<string> {
    const withdrawal = await ok<{ orderSn: string }>(
      '/v2/app/draw/withdraw',
      { bankCardId: player.cardId, amount, payPassword },
      { token: player.token, idempotencyKey: randomUUID() },
    );
    return withdrawal.orderSn;
  }

  async function manualDeposit(player: TestPlayer, cardId: number, amount: number): Promise<string> {
    const order = await ok<{ order: { orderSn: string } }>(
      '/v2/app/pay/order',
      { channelId: 'bank-transfer', amount, bankCardId: cardId },
      { token: player.token, idempotencyKey: randomUUID() },
    );
    return order.order.orderSn;
  }

  /** The player's sign-in through the API (the browser-test captcha always shows the same text). */
  async function signIn(player: TestPlayer) {
    const captcha = await ok<{ uuid: string }>('/v2/app/auth/captcha');
    return call<{ token: string }>('/v2/app/auth/login', {
      account: player.account,
      password: playerPassword,
      uuid: captcha.uuid,
      qrcode: captchaText,
    });
  }

  return {
    url,
    operator,
    call,
    ok,
    operatorSession,
    newPlayer,
    withProfileAndCard,
    submitKyc,
    deposit,
    fundedPlayer,
    withdraw,
    manualDeposit,
    signIn,
    /** Fetches a photo link as an <img> would: with nothing but the link. */
    fetchPhoto: (link: string) => request(`${url}${link}`, { method: 'GET' }),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A desk session as the sign-in answers it. */
export interface DeskSession {
  token: string;
  expiresAt: string;
  userId: number;
  account: string;
  roles: string[];
}

export type DeskServer = Awaited<ReturnType<typeof startDeskServer>>;

/** The page's origin becomes the server's, so relative calls and the XSRF cookie work as in the browser. */
export function openPagesOn(server: DeskServer): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${server.url}/`);
}

/** Stores a desk session the way the sign-in page does. */
export function storeDeskSession(session: DeskSession): void {
  localStorage.setItem('operatorSession', JSON.stringify(session));
}

/** The whole app's route tree at `path`, with its own query cache and the player's session actor. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const session = createSessionStore({ api, navigate: () => {} }, { restoreStored: false });
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient, session, currentHref: () => router.state.resolvedLocation?.href ?? null },
  });
  const result = render(
    <I18nextProvider i18n={i18next}>
      <MantineProvider theme={createAppTheme(i18next.t)} env="test">
        <DatesProvider settings={{ locale: 'en' }}>
          <Notifications />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient, session };
}
