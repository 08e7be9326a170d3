import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { InvalidEnvironmentError, publicUrlOf, readEnv } from '@server/env';
import { describe, expect, it } from 'vitest';

describe('readEnv', () => {
  it('gives every setting its default when nothing is set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(publicUrlOf(env)).toBe('http://127.0.0.1:8080');
  });

  it('reads GAME_PROVIDERS as JSON with defaults, and refuses a bad key, bad JSON or the studio’s id', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const provider = {
      id: 'hub88',
      name: 'Hub88',
      baseUrl: 'https://games.example/launch',
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      games: [{ code: 'clt_dragonrising', kind: 'slot', name: { 'en-US': 'Dragon Rising' } }],
    };
    const env = readEnv({ GAME_PROVIDERS: JSON.stringify([provider]) });
    expect(env.GAME_PROVIDERS?.[0]).toMatchObject({ currency: 'COIN', amountUnit: 1, enabled: true });
    expect(env.GAME_PROVIDERS?.[0]?.games[0]).toMatchObject({ machines: 1, enabled: true });
    expect(() => readEnv({ GAME_PROVIDERS: '[{' })).toThrow(/GAME_PROVIDERS/);
    expect(() => readEnv({ GAME_PROVIDERS: JSON.stringify([{ ...provider, publicKey: 'abc' }]) })).toThrow(
      /GAME_PROVIDERS/,
    );
    expect(() => readEnv({ GAME_PROVIDERS: JSON.stringify([{ ...provider, id: 'studio' }]) })).toThrow(
      /GAME_PROVIDERS/,
    );
    // A game's picture is an http(s) URL or a path on this site.
    const withImage = (imageUrl: string) =>
      JSON.stringify([{ ...provider, games: [{ ...provider.games[0], imageUrl }] }]);
    for (const imageUrl of ['https://cdn.games.example/dragon.png', '/images/games/dragon.svg']) {
      expect(readEnv({ GAME_PROVIDERS: withImage(imageUrl) }).GAME_PROVIDERS?.[0]?.games[0]?.imageUrl).toBe(imageUrl);
    }
    for (const imageUrl of ['javascript:alert(1)', '//evil.example/x.png', 'dragon.png']) {
      expect(() => readEnv({ GAME_PROVIDERS: withImage(imageUrl) }), imageUrl).toThrow(/GAME_PROVIDERS/);
    }
  });

  it('treats an empty value as unset and ignores variables it does not know', () => {
    const env = readEnv({ PORT: '', HOST: '', NODE_ENV: '', UNRELATED: 'x' });
    expect(env.PORT).toBe(8080);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.NODE_ENV).toBe('development');
    expect(env).not.toHaveProperty('UNRELATED');
  });

  it('accepts good values and converts the port to a number', () => {
    const env = readEnv({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/game-hall',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/hall',
      SMTP_URL: 'smtps://mailer:pw@mail.internal:465',
      PUBLIC_URL: 'https://hall.example',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    });
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/game-hall',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/hall',
      SMTP_URL: 'smtps://mailer:pw@mail.internal:465',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    });
    expect(publicUrlOf(env)).toBe('https://hall.example');
    expect(readEnv({ DATABASE_URL: 'postgresql://localhost/hall', SMTP_URL: 'smtp://localhost:25' })).toMatchObject({
      DATABASE_URL: 'postgresql://localhost/hall',
      SMTP_URL: 'smtp://localhost:25',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'http://x'],
    ['DATABASE_URL', 'not a url'],
    ['SMTP_URL', 'ftp://x'],
    ['PUBLIC_URL', 'ftp://hall.example'],
    ['PUBLIC_URL', 'hall.example'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    let thrown: unknown;
    try {
      readEnv({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidEnvironmentError);
    expect((thrown as Error).message).toContain(`${name}:`);
  });

  it('names every bad variable at once', () => {
    expect(() => readEnv({ PORT: 'abc', NODE_ENV: 'staging', SMTP_URL: 'ftp://x' })).toThrow(
      /PORT:.*NODE_ENV:.*SMTP_URL:|PORT:.*SMTP_URL:.*NODE_ENV:/,
    );
  });

  it('accepts a fixed captcha text only for browser tests', () => {
    expect(readEnv({ NODE_ENV: 'test', TEST_CAPTCHA_TEXT: 'h4ll7' }).TEST_CAPTCHA_TEXT).toBe('h4ll7');
    expect(() => readEnv({ TEST_CAPTCHA_TEXT: 'h4ll7' })).toThrow(
      /TEST_CAPTCHA_TEXT: is only allowed with NODE_ENV=test/,
    );
    expect(() => readEnv({ NODE_ENV: 'production', TEST_CAPTCHA_TEXT: 'h4ll7' })).toThrow(/TEST_CAPTCHA_TEXT/);
  });
});

function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server/main.ts kept running with a bad environment; output: ${stdout}${stderr}`));
    }, 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('server/main.ts with a bad environment', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'http://x'],
    ['NODE_ENV', 'staging'],
  ])('exits non-zero naming %s=%s and never starts listening', async (name, value) => {
    // Everything else is valid, so a refusal can only come from the bad variable.
    const dataDir = path.join(os.tmpdir(), `game-hall-env-${process.pid}`);
    const result = await runMain({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', [name]: value });
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain(name);
    expect(result.stdout).not.toMatch(/running at/);
  });
});
