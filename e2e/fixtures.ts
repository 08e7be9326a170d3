import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Locale } from '../contract/locales';

export { expect };

type Messages = Record<string, unknown>;
const messageCache = new Map<string, Messages>();

/** A text of the product's locale files, so specs follow the real wording in every language. */
export function text(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const [namespace = 'common', ...rest] = key.includes(':') ? key.split(':') : ['common', key];
  const file = path.resolve('locales', locale, `${namespace}.json`);
  let messages = messageCache.get(file);
  if (!messages) {
    messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    messageCache.set(file, messages);
  }
  let value: unknown = messages;
  for (const part of rest.join(':').split('.')) value = (value as Messages | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`No text ${locale}/${namespace}:${rest.join(':')}`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

/**
 * The text every captcha shows on the browser-test server (scripts/e2e-server.sh passes it on as
 * TEST_CAPTCHA_TEXT), so a test can give the right answer as well as a wrong one.
 */
export const captchaText = process.env.E2E_CAPTCHA_TEXT ?? 'h4ll7';

/** Starts every page of the test in the given language, as a visitor who chose it earlier would. */
export async function useLanguage(page: Page, locale: Locale): Promise<void> {
  await page.addInitScript((lng) => {
    // Only on the first load: a test that switches language must see its own choice survive reloads.
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('lang', lng);
      sessionStorage.setItem('e2e-language-set', '1');
    }
  }, locale);
}

/** Calls the product's API the way the SPA does: the XSRF cookie echoed in the header. */
export async function callApi<T>(request: APIRequestContext, apiPath: string, body: unknown, locale: Locale): Promise<T> {
  await request.get('/v2/xsrf');
  const { cookies } = await request.storageState();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post(apiPath, {
    data: body,
    headers: { 'x-xsrf-token': xsrf, 'accept-language': locale },
  });
  expect(response.status(), `${apiPath} answered ${response.status()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Every test fails when the page logged an error to the console or threw: a page that renders
 * but breaks underneath is not a passing page.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, `errors in the page:\n${errors.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});
