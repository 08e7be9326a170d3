import { readFileSync } from 'node:fs';
import { locales } from '@contract/locales';
import { balanceMovementKinds } from '@contract/record';
import { describe, expect, it } from 'vitest';
import { enumLabels, everyEnumLabelled, type UnlabelledValues } from '@/lib/enum-labels';
import type enRecord from '../../locales/en-US/record.json';

// Docs: docs/requirements.md §1.9 (a label for every value of every enumeration the server sends).

/** True when the check finds nothing missing, else the missing keys: what `everyEnumLabelled` is typed with. */
type Labelled<Missing> = [Missing] extends [never] ? true : Missing;

// The compile-time check itself: a value added to an enumeration without its label does not compile.
const withNewKind = { values: [...balanceMovementKinds, 'bonusGranted'], at: 'record:types.movements' } as const;
// @ts-expect-error "en-US record:types.movements.bonusGranted" has no text in en-US/record.json
const newKindLabelled: Labelled<UnlabelledValues<{ record: typeof enRecord }, 'en-US', typeof withNewKind>> = true;
// And so does a label object that is not where the registry says.
const misplaced = { values: balanceMovementKinds, at: 'record:types.movementKinds' } as const;
// @ts-expect-error every value of a misplaced label object is missing
const misplacedLabelled: Labelled<UnlabelledValues<{ record: typeof enRecord }, 'en-US', typeof misplaced>> = true;

function labelsAt(locale: string, at: string): Record<string, unknown> | undefined {
  const [namespace = '', path = ''] = at.split(':');
  let found: unknown = JSON.parse(readFileSync(`locales/${locale}/${namespace}.json`, 'utf8'));
  for (const part of path.split('.')) found = (found as Record<string, unknown> | undefined)?.[part];
  return found as Record<string, unknown> | undefined;
}

describe('enumeration labels', () => {
  it('compile only when every value has its label in every locale', () => {
    expect([everyEnumLabelled, newKindLabelled, misplacedLabelled]).toEqual([true, true, true]);
  });

  it.each(locales)('are texts, not empty, in %s', (locale) => {
    const missing = Object.values(enumLabels).flatMap((entry) => {
      const labels = labelsAt(locale, entry.at);
      return entry.values
        .filter((value) => typeof labels?.[value] !== 'string' || String(labels[value]).trim() === '')
        .map((value) => `${entry.at}.${value}`);
    });
    expect(missing).toEqual([]);
  });

  it('name the balance movements the game wallet and the account transfer write', () => {
    expect(balanceMovementKinds).toEqual(
      expect.arrayContaining(['gameBet', 'gameWin', 'gameRollback', 'accountTransfer']),
    );
  });
});
