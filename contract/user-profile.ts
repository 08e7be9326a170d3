import type { Profile } from './auth';

/** The names currency exchange needs. */
type PersonalNames = Pick<Profile, 'firstName' | 'lastName' | 'pinyinName'>;

/**
 * Whether the names currency exchange needs are on record: first and last name and their reading.
 * Deposits, withdrawals, bank cards and identity verification ask for them before anything else
 * (docs/requirements.md §8.3: "please complete personal information for currency exchange"); the server
 * refuses them without, and the pages send the player to the account settings first.
 */
export function hasPersonalInformation(names: PersonalNames): boolean {
  return Boolean(names.firstName?.trim() && names.lastName?.trim() && names.pinyinName?.trim());
}
