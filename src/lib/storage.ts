import { defaultLocale, isLocale, type Locale } from '@contract/locales';
import { studioPlayPath } from '@contract/studio-play-path';

/** Browser storage keys fixed by the requirements (docs/requirements.md §9). */
export const tokenStorageKey = 'token';
export const languageStorageKey = 'lang';

export function readStoredToken(): string | null {
  return localStorage.getItem(tokenStorageKey);
}

export function storeToken(token: string): void {
  localStorage.setItem(tokenStorageKey, token);
}

export function clearStoredToken(): void {
  localStorage.removeItem(tokenStorageKey);
}

export function readStoredLanguage(): Locale {
  const stored = localStorage.getItem(languageStorageKey);
  return isLocale(stored) ? stored : defaultLocale;
}

export function storeLanguage(locale: Locale): void {
  localStorage.setItem(languageStorageKey, locale);
}

const cryptoPairStorageKey = 'cryptoDepositPair';

/** The coin and network last chosen on the crypto deposit page (`coin:network`), offered first on the next visit. */
export function readStoredCryptoPair(): string | null {
  return localStorage.getItem(cryptoPairStorageKey);
}

export function storeCryptoPair(pair: string): void {
  localStorage.setItem(cryptoPairStorageKey, pair);
}

/** A token handed over in the page URL (?token=...) becomes the stored token, and leaves the URL. */
export function adoptTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  // The studio's game page, framed by the springboard, carries a launch token under the same name.
  if (token === null || url.pathname.startsWith(studioPlayPath)) return;
  storeToken(token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
