import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locale, locales } from '@contract/locales';
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

/**
 * Texts that may stay identical to the English text, or to their own key, in a translated locale.
 * Anything else identical is a string nobody translated (docs/requirements.md §1.7). Entries are
 * `namespace:key`; an entry whose
 * text was since translated fails too, so the lists only hold what is really kept.
 */
const keptInEveryLocale = [
  // Brand names of the sign-in providers.
  'auth:thirdParty.providers.google',
  'auth:thirdParty.providers.line',
  'server:auth.providers.google',
  'server:auth.providers.line',
  // RTP is the industry abbreviation players look for in every market.
  'admin:games.rtp',
  'hall:game.rtp',
  // An example address, not prose.
  'auth:placeholders.email',
  // Placeholders and a sign only.
  'admin:agentTeam.percent',
  // BIG and REG are what pachislot machines and hall data counters print in every market.
  'hall:machine.events.bigReg',
  'hall:machine.events.bonusKinds.big',
  'hall:machine.events.bonusKinds.reg',
  // ST is what pachinko machines print for their special time in every market.
  'studio:pachinko.mode.st',
  'studio:pachislot.modes.big',
  'studio:pachislot.modes.reg',
  // ART and RT name the assist and replay-time modes on the machine's own display.
  'studio:pachislot.modes.art',
  'studio:pachislot.modes.rt',
];

/** Loanwords a player in that market really uses, kept as English. */
const keptSlotTerms = [
  // Pachinko is a Japanese game with no other name; wild, scatter and bar are printed on the reels.
  'admin:games.kinds.pachinko',
  'hall:kind.pachinko',
  'home:games.kind.pachinko',
  'admin:games.kinds.pachislot',
  'hall:kind.pachislot',
  'home:games.kind.pachislot',
  'studio:symbol.bar',
  'studio:symbol.wild',
  'studio:symbol.scatter',
  // The provably-fair term, as the surrounding sentences in these languages already use it.
  'studio:verify.clientSeed',
];

const keptAsIs: Record<Exclude<Locale, 'en-US'>, readonly string[]> = {
  'ja-JP': keptInEveryLocale,
  'ko-KR': keptInEveryLocale,
  'zh-CN': keptInEveryLocale,
  'zh-TW': keptInEveryLocale,
  'vi-VN': [
    ...keptInEveryLocale,
    ...keptSlotTerms,
    // The bonus counts as the machine prints them.
    'studio:pachislot.bigCount',
    'studio:pachislot.regCount',
    // Placeholders and a dash only.
    'content:promotion.period',
  ],
  'fil-PH': [
    ...keptInEveryLocale,
    ...keptSlotTerms,
    'content:promotion.period',
    // The date pattern is tokens; Filipino writes dates in the English order.
    'common:layout.dayFormat',
    // Filipino apps say Slot, Jackpot, Auto-spin, Rebate and Round as they are.
    'admin:games.kinds.slot',
    // "Password" is the word Filipino sign-in pages use, as the site's own sign-in does.
    'admin:operators.password',
    'hall:kind.slot',
    'home:games.kind.slot',
    'hall:machine.jackpot',
    'studio:auto.open',
    'studio:auto.title',
    'admin:ledger.kinds.rebate',
    'agent-reports:columns.rebate',
    'admin:round.title',
    'admin:round.titleOf',
    'server:fields.round',
    // Account, Password, Home, Agent code and Bank card are the words Filipino apps use.
    'admin:signIn.password',
    'auth:labels.account',
    'auth:labels.password',
    'agent-members:search.account',
    'agent-members:columns.account',
    'agent-members:create.account',
    'server:fields.account',
    'server:fields.password',
    'common:menu.home',
    // Agent, Deposit, Team, Limit, Customer support and Bank transfer are the words the glossary chooses.
    'record:types.deposits.manual',
    'admin:players.agent',
    'admin:reports.dimension.agent',
    'admin:reconciliation.account',
    'user:center.agent',
    'admin:ledger.kinds.deposit',
    'record:types.movements.deposit',
    'admin:players.team',
    'agent-reports:report.openTeam',
    'admin:protection.columns.limit',
    'common:menu.support',
    'content:pageNames.support',
    // Every Filipino message already calls the lobby the game hall.
    'common:layout.siteName',
    'support:app.name',
    'support:app.shortName',
    'common:menu.gameHall',
    'hall:title',
    'admin:agentTeam.agentCode',
    'agent:invitation.code',
    'server:fields.agentCode',
    'finance:orders.bankCard',
    'server:fields.bankCardId',
    // The currency is called yen in Filipino too; "id" names a record number.
    'finance:units.yen',
    'finance:units.yenAmount',
    'server:protectionUnits.yen',
    'server:fields.id',
    // Filipino adds no plural -s, so one coin reads as in English.
    'home:exchange.ratioOf_one',
    // Fruit names that are the same word in Filipino.
    'studio:symbol.melon',
    'studio:symbol.plum',
    'studio:pachislot.bigCount',
    'studio:pachislot.regCount',
    // "Reel" is the word Filipino players use, as the studio's own messages do.
    'studio:pachislot.reel',
  ],
};

function textsOf(locale: string, namespace: string): Map<string, string> {
  const texts = new Map<string, string>();
  leaves(JSON.parse(readFileSync(path.join(localesDir, locale, namespace), 'utf8')) as Json, '', texts, [], locale);
  return texts;
}

describe('translations', () => {
  it.each(Object.entries(keptAsIs))('%s has no text left as its key or as the English text', (locale, kept) => {
    const allowed = new Set(kept);
    const untranslated: string[] = [];
    const sameKept = new Set<string>();
    for (const file of namespaces()) {
      const namespace = file.replace(/\.json$/, '');
      const english = textsOf('en-US', file);
      for (const [key, text] of textsOf(locale, file)) {
        // A plural form English lacks (e.g. Japanese has only `_other`) is compared with English `_other`.
        const englishText = english.get(key) ?? english.get(`${key.replace(pluralSuffix, '')}_other`);
        const same = text === englishText || text === key || text === key.split('.').at(-1);
        if (!same) continue;
        const entry = `${namespace}:${key}`;
        if (allowed.has(entry)) sameKept.add(entry);
        else untranslated.push(`${locale}/${file}: ${key} = ${JSON.stringify(text)}`);
      }
    }
    const stale = kept
      .filter((entry) => !sameKept.has(entry))
      .map((entry) => `${entry} is translated; drop it from the list`);
    const problems = [...untranslated, ...stale];
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
