import { operatorRoleSchema } from '@contract/admin-roles';
import { isoDateTime } from '@contract/endpoint';
import type { OperatorSession } from '@machines/operator-sign-in.machine';
import { useMemo, useSyncExternalStore } from 'react';
import * as v from 'valibot';

/**
 * The operator's desk session in this browser, kept apart from the player's `token`: a player
 * signed in on the same browser stays signed in as themselves, and a refusal on the desk never ends
 * the player's session (nor the other way round).
 */
export const operatorSessionStorageKey = 'operatorSession';

const storedSession = v.object({
  token: v.string(),
  userId: v.number(),
  account: v.string(),
  expiresAt: isoDateTime,
  roles: v.array(operatorRoleSchema),
});

const listeners = new Set<() => void>();

function announce(): void {
  for (const listener of listeners) listener();
}

function sessionOf(raw: string | null, now: number): OperatorSession | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = v.safeParse(storedSession, parsed);
  if (!result.success || Date.parse(result.output.expiresAt) <= now) return null;
  return result.output;
}

/** The stored session, or null when there is none or it has expired. */
export function readOperatorSession(now = Date.now()): OperatorSession | null {
  return sessionOf(localStorage.getItem(operatorSessionStorageKey), now);
}

export function storeOperatorSession(session: OperatorSession): void {
  localStorage.setItem(operatorSessionStorageKey, JSON.stringify(session));
  announce();
}

export function clearOperatorSession(): void {
  localStorage.removeItem(operatorSessionStorageKey);
  announce();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Signing out in another tab signs this one out too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === operatorSessionStorageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The session as React state: null once it is cleared (sign-out, 401/402 on a desk call). */
export function useOperatorSession(): OperatorSession | null {
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(operatorSessionStorageKey));
  return useMemo(() => sessionOf(raw, Date.now()), [raw]);
}
