import * as v from 'valibot';

/**
 * Free text a person types is stored as PostgreSQL text, which cannot hold NUL, and control
 * characters have no place in names: one-line fields refuse them all, multi-line ones keep only
 * line breaks and tabs.
 */
export const singleLine = v.regex<string, string>(/^[^\x00-\x1f\x7f-\x9f]*$/, 'validation.controlCharacters');
export const multiLine = v.regex<string, string>(
  /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/,
  'validation.controlCharacters',
);
