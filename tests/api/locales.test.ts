import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { locales } from '@contract/locales';
import { describe, expect, it } from 'vitest';

/**
 * Every namespace file under locales/<lng>/ must exist in all seven locales with the same keys.
 * i18next plural keys (`name_one`, `name_other`, ...) are compared by their base name, and each
 * locale must carry the plural forms its own language needs (Japanese only `_other`, English
 * `_one` and `_other`).
 */
const localesDir = path.resolve('locales');
const pluralSuffix = /_(?:ordinal_)?(?:zero|one|two|few|many|other)$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function namespaces(): string[] {
  const names = new Set<string>();
  for (const locale of readdirSync(localesDir)) {
    const dir = path.join(localesDir, locale);
    for (const file of readdirSync(dir)) if (file.endsWith('.json')) names.add(file);
  }
  return [...names].sort();
}

/** Leaves of a resource file as dotted paths; a problem for every leaf that is not a non-empty string. */
function leaves(value: Json, prefix: string, out: Map<string, string>, problems: string[], where: string) {
  if (typeof value === 'string') {
    if (value.trim() === '') problems.push(`${where}: ${prefix} is empty`);
    out.set(prefix, value);
    return;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [key, child] of entries) leaves(child, prefix ? `${prefix}.${key}` : key, out, problems, where);
    return;
  }
  problems.push(`${where}: ${prefix} is ${JSON.stringify(value)}, not text`);
}

function pluralFormsOf(locale: string, ordinal: boolean): string[] {
  return new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions().pluralCategories;
}

function interpolations(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locale files', () => {
  it('exist for all seven locales and nothing else', () => {
    const present = readdirSync(localesDir)
      .filter((name) => !name.startsWith('.'))
      .sort();
    expect(present).toEqual([...locales].sort());
  });

  it.each(namespaces())('%s has the same keys, with text, in every locale', (namespace) => {
    const problems: string[] = [];
    const keysByLocale = new Map<string, Map<string, string>>();
    for (const locale of locales) {
      const file = path.join(localesDir, locale, namespace);
      if (!existsSync(file)) {
        problems.push(`${locale}/${namespace} is missing`);
        continue;
      }
      let parsed: Json;
      try {
        parsed = JSON.parse(readFileSync(file, 'utf8')) as Json;
      } catch (error) {
        problems.push(`${locale}/${namespace} is not valid JSON: ${(error as Error).message}`);
        continue;
      }
      const keys = new Map<string, string>();
      leaves(parsed, '', keys, problems, `${locale}/${namespace}`);
      keysByLocale.set(locale, keys);
    }

    // Plain keys: the union over all locales, so a key added to any one language is asked of all.
    const plainKeys = new Set<string>();
    const pluralBases = new Map<string, boolean>();
    for (const keys of keysByLocale.values()) {
      for (const key of keys.keys()) {
        if (pluralSuffix.test(key)) pluralBases.set(key.replace(pluralSuffix, ''), key.includes('_ordinal_'));
        else plainKeys.add(key);
      }
    }
    for (const [locale, keys] of keysByLocale) {
      const lacking = [...plainKeys].filter((key) => !keys.has(key) && !pluralBases.has(key));
      if (lacking.length) problems.push(`${locale}/${namespace} lacks: ${lacking.sort().join(', ')}`);
      for (const [base, ordinal] of pluralBases) {
        const forms = pluralFormsOf(locale, ordinal).map((form) => `${base}_${ordinal ? 'ordinal_' : ''}${form}`);
        const missingForms = forms.filter((key) => !keys.has(key));
        if (missingForms.length) problems.push(`${locale}/${namespace} lacks plural forms: ${missingForms.join(', ')}`);
      }
    }

    // A translation must keep the placeholders the code fills in ({{field}}, {{requestId}}, ...).
    const reference = keysByLocale.get('en-US') ?? keysByLocale.get('ja-JP');
    if (reference) {
      for (const [key, text] of reference) {
        if (pluralSuffix.test(key)) continue;
        const expected = interpolations(text).join(',');
        for (const [locale, keys] of keysByLocale) {
          const translated = keys.get(key);
          if (translated !== undefined && interpolations(translated).join(',') !== expected) {
            problems.push(
              `${locale}/${namespace}: ${key} has placeholders {${interpolations(translated).join(',')}}, expected {${expected}}`,
            );
          }
        }
      }
    }

    expect(problems, problems.join('\n')).toEqual([]);
  });
});
