import type { LoginPreference } from '@machines/login.machine';
import * as v from 'valibot';

/**
 * The "remember me" choice and, when it is ticked, the account name (docs/requirements.md §3: stored login
 * preference). A stored password is left out on purpose: a password in localStorage is
 * readable by any script on the page and outlives the session.
 */
const loginPreferenceKey = 'loginPreference';

const storedPreference = v.object({ remember: v.boolean(), account: v.string() });

const defaultPreference: LoginPreference = { remember: true, account: '' };

export function readLoginPreference(): LoginPreference {
  const raw = localStorage.getItem(loginPreferenceKey);
  if (raw === null) return defaultPreference;
  try {
    const parsed = v.safeParse(storedPreference, JSON.parse(raw));
    return parsed.success ? parsed.output : defaultPreference;
  } catch {
    return defaultPreference;
  }
}

export function storeLoginPreference(preference: LoginPreference): void {
  const stored: LoginPreference = {
    remember: preference.remember,
    account: preference.remember ? preference.account : '',
  };
  localStorage.setItem(loginPreferenceKey, JSON.stringify(stored));
}
