import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@contract/locales';

/*
 * What the word crawl (no-raw-keys.spec.ts) counts as a defect in a page's visible text: a message
 * key or placeholder shown instead of its text, English left in another language, Japanese left in
 * a language other than Japanese. Text inside `[data-user-content]` (what an operator or a player
 * wrote: notices, names, letters) is not the product's wording and is not judged here.
 */

/** `notice.title`, `games.kind.slot`: a key shown instead of its text. */
const dottedKey = /\b[a-z][a-zA-Z0-9]+(?:\.[a-zA-Z][a-zA-Z0-9_]+)+\b/g;
/** `content:notice.title`: a key with its namespace. */
const namespacedKey = /\b[a-z]+:[a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+/g;
/** `gameBet`, `accountTransfer`: an enumeration value or a key without its namespace. */
const camelCaseWord = /\b[a-z]+[A-Z][a-zA-Z0-9]*\b/g;
/** Domain names and file names look like keys; their last part tells them apart. */
const notAKey = /\.(?:com|net|org|jp|io|dev|test|svg|png|jpg|html)$/;
/** Names written in camel case that are not keys. */
const camelCaseNames = new Set(['iOS', 'iPhone', 'iPad', 'macOS']);

export function rawKeys(text: string): string[] {
  const dotted = [...text.matchAll(dottedKey), ...text.matchAll(namespacedKey)].map((match) => match[0]);
  const camel = [...text.matchAll(camelCaseWord)].map((match) => match[0]).filter((word) => !camelCaseNames.has(word));
  const interpolations = text.match(/\{\{[^}]*\}\}/g) ?? [];
  return [...dotted.filter((token) => !notAKey.test(token)), ...camel, ...interpolations];
}

/** Hiragana or katakana: Japanese, whatever the kanji around it could also be. */
const kana = /[\u3040-\u30ff]/;

export function japaneseLeft(locale: Locale, texts: readonly string[]): string[] {
  return locale === 'ja-JP' ? [] : texts.filter((text) => kana.test(text));
}

const messageValuesOf = new Map<Locale, Set<string>>();

function messageValues(locale: Locale): Set<string> {
  const known = messageValuesOf.get(locale);
  if (known) return known;
  const values = new Set<string>();
  messageValuesOf.set(locale, values);
  const directory = path.resolve('locales', locale);
  const collect = (node: unknown): void => {
    if (typeof node === 'string') values.add(node.trim());
    else if (node && typeof node === 'object') for (const child of Object.values(node)) collect(child);
  };
  for (const file of readdirSync(directory)) collect(JSON.parse(readFileSync(path.join(directory, file), 'utf8')));
  return values;
}

let english: Set<string> | undefined;

/**
 * Texts that are an English message of the product and no message of this locale: English left in
 * the page (a text both share, a coin's symbol or a brand, is not). In Japanese, Korean and Chinese
 * pages, words of English in a text are left too.
 */
export function englishLeft(locale: Locale, texts: readonly string[]): string[] {
  if (locale === 'en-US') return [];
  english ??= new Set([...messageValues('en-US')].filter((value) => /[a-z]{3}/.test(value) && !value.includes('{{')));
  const own = messageValues(locale);
  const latinScript = locale === 'fil-PH' || locale === 'vi-VN';
  return texts.filter(
    (text) =>
      (english?.has(text) && !own.has(text)) || (!latinScript && /\b[A-Za-z][a-z]+(?: [a-z]{2,})+\b/.test(text)),
  );
}
