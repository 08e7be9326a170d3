import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { startServer } from '../../server/start';

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

  it('server/main.ts on SIGTERM finishes the request in flight and exits 0', async () => {
    // Node itself with tsx as a loader, so the signal reaches the server process directly: the tsx
    // CLI relays signals through a parent that SIGKILLs a child slow (60 ms) to acknowledge them.
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: await tempDataDir(),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /running at (http:\/\/\S+)/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then((code) => reject(new Error(`server exited with ${code} before listening: ${stderr}`)));
    });

    const inFlight = await holdRequest(url);
    child.kill('SIGTERM');
    // The signal is handled asynchronously, so the listener closes a moment later.
    const port = Number(new URL(url).port);
    await expect.poll(() => connectionRefused(port), { timeout: 30_000, interval: 50 }).toBe(true);
    expect(child.exitCode).toBeNull();
    inFlight.finish();
    expect((await inFlight.response).status).toBe(200);
    expect(await exited).toBe(0);
  }, 120_000);
});
