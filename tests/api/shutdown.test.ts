import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readEnv } from '@server/env';
import { startServer } from '@server/start';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function tempDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'game-hall-shutdown-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function xsrfPair(baseUrl: string) {
  const response = await fetch(`${baseUrl}/v2/xsrf`);
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return { cookie, token: cookie.slice(cookie.indexOf('=') + 1) };
}

/**
 * A request the server is working on but cannot finish: the headers are in (the server has
 * answered 100 Continue) and half the body is sent; the rest goes when `finish` is called.
 */
async function holdRequest(baseUrl: string) {
  const xsrf = await xsrfPair(baseUrl);
  const body = JSON.stringify({ pageNum: 1, pageSize: 3 });
  const request = http.request(`${baseUrl}/v2/app/notice/query`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'accept-language': 'en-US',
      expect: '100-continue',
      cookie: xsrf.cookie,
      'x-xsrf-token': xsrf.token,
    },
  });
  const response = new Promise<{ status: number; body: { code: number; data?: { list: unknown[] } } }>(
    (resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        res.on('error', reject);
      });
      request.on('error', reject);
    },
  );
  // A test that fails before awaiting the answer must report that failure, not this rejection.
  response.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    request.once('continue', () => resolve());
    request.once('error', reject);
    request.flushHeaders();
  });
  request.write(body.slice(0, 5));
  return {
    response,
    finish: () => request.end(body.slice(5)),
  };
}

/**
 * A kept-alive connection that has had one answer and is sending its next call: the request line
 * and some headers are in, the rest goes when `finish` is called. Resolves the raw answer once the
 * server closes the connection.
 */
async function keptAliveConnection(baseUrl: string, lang: string) {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await expect.poll(() => received.includes('{"status":"ok"}'), { timeout: 10_000, interval: 10 }).toBe(true);
  socket.write(`POST /v2/app/notice/query HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: ${lang}\r\n`);
  return {
    async finish() {
      const first = received.length;
      socket.write('Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
      const answer = (await closed).slice(first);
      const head = answer.slice(0, answer.indexOf('\r\n\r\n'));
      const body = answer.slice(answer.indexOf('{'), answer.lastIndexOf('}') + 1);
      return {
        status: Number(head.split(' ')[1]),
        head: head.toLowerCase(),
        body: JSON.parse(body) as { code: number; msg: string },
      };
    },
  };
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('graceful shutdown', () => {
  it('stop() refuses new connections, finishes the request in flight, then resolves', async () => {
    const env = readEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: await tempDataDir(), LOG_LEVEL: 'silent' });
    const running = await startServer(env, { serveSpa: false });
    let stopped = false;
    cleanups.push(() => (stopped ? Promise.resolve() : running.stop()));
    const port = Number(new URL(running.url).port);

    const inFlight = await holdRequest(running.url);
    const stopping = running.stop().then(() => {
      stopped = true;
    });

    expect(await connectionRefused(port)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stopped).toBe(false);

    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data?.list.length).toBe(3);

    await stopping;
    expect(stopped).toBe(true);
    expect(await connectionRefused(port)).toBe(true);
  }, 120_000);

  async function serverProcess(): Promise<ServerProcess> {
    const server = await startServerProcess({ DATA_DIR: await tempDataDir(), LOG_LEVEL: 'silent' });
    cleanups.push(async () => {
      if (server.alive()) server.child.kill('SIGKILL');
      await server.exited;
    });
    return server;
  }

  it('server/main.ts on SIGTERM finishes the call in flight, refuses a call on a kept-alive connection with 503, and exits 0', async () => {
    const server = await serverProcess();
    const inFlight = await holdRequest(server.url);
    const keptAlive = await keptAliveConnection(server.url, 'ko-KR');
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    // The signal is handled asynchronously, so the listener closes a moment later.
    const port = Number(new URL(server.url).port);
    await expect.poll(() => connectionRefused(port), { timeout: 30_000, interval: 50 }).toBe(true);
    expect(server.alive()).toBe(true);

    const refused = await keptAlive.finish();
    const korean = JSON.parse(readFileSync(new URL('../../locales/ko-KR/server.json', import.meta.url), 'utf8')) as {
      error: { shuttingDown: string };
    };
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 503, msg: korean.error.shuttingDown });
    expect(refused.head).toContain('connection: close');

    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    expect(answer.body.data?.list.length).toBe(3);
    expect(await server.exited).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
  }, 120_000);

  it('server/main.ts exits within 10 s of SIGTERM even when a call never finishes', async () => {
    const server = await serverProcess();
    const stuck = await holdRequest(server.url);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await server.exited;
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
    // Its connection was closed under it.
    await expect(stuck.response).rejects.toThrow();
  }, 120_000);
});
