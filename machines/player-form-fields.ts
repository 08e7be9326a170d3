import * as v from 'valibot';

/**
 * Field messages and refusals for the player's money and identity forms (account settings, pay
 * password, bank cards, KYC, deposit, withdrawal).
 *
 * A message is either a key that the form's view translates in its own namespace (the machines never
 * hold sentences), or the server's own sentence for a field it refused (already in the request's
 * language). Schemas come from the contract where it has one, so the browser refuses what the server
 * would, with the same message keys.
 */

export type FieldMessage = { key: string; values?: Record<string, string | number> } | { text: string };

export type FieldMessages<TField extends string> = Partial<Record<TField, FieldMessage>>;

/** The first message of each failing field of `values` under `schema`; empty when the form may be sent. */
export function checkFields<TField extends string>(
  schema: v.GenericSchema,
  values: Record<string, unknown>,
): FieldMessages<TField> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const nested = v.flatten(result.issues).nested ?? {};
  const messages: FieldMessages<TField> = {};
  for (const [field, keys] of Object.entries(nested) as [TField, string[] | undefined][]) {
    const key = keys?.[0];
    if (key) messages[field] = { key };
  }
  return messages;
}

export function hasMessages(messages: FieldMessages<string>): boolean {
  return Object.keys(messages).length > 0;
}

/** The envelope code of a refused call (the api client's ApiCallError), or null for anything else. */
export function refusalCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return typeof code === 'number' ? code : null;
}

/** The server's per-field sentences of a refused call (400/409/422 name the field they are about). */
export function refusedFields(error: unknown): Record<string, string> {
  if (typeof error !== 'object' || error === null || !('fields' in error)) return {};
  const fields = (error as { fields: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * A money call that got no answer (network failure, timeout) or failed on the server's side may or
 * may not have moved money: it is retried with the same Idempotency-Key, so it moves money once.
 * Any other refusal is an answer: nothing moved, and the next attempt is a new action with a new key.
 */
export function answerMissing(error: unknown): boolean {
  const code = refusalCode(error);
  return code === null || code === 0 || code >= 500;
}

/** A field's new value: the server's sentence about that field no longer applies to it. */
export function withChangedField<TValues extends object>(
  form: { values: TValues; refusals: Record<string, string> },
  change: { field: keyof TValues & string; value: TValues[keyof TValues] },
): { values: TValues; refusals: Record<string, string> } {
  const { [change.field]: _refused, ...refusals } = form.refusals;
  return { values: { ...form.values, [change.field]: change.value }, refusals };
}

/**
 * The server's sentence for a field it refused, until that field changes (the machines drop it
 * then); elsewhere the client's own message.
 */
export function withRefusals<TField extends string>(
  messages: FieldMessages<TField>,
  refusals: Record<string, string>,
  fields: readonly TField[],
): FieldMessages<TField> {
  const merged: FieldMessages<TField> = { ...messages };
  for (const field of fields) {
    const text = refusals[field];
    if (text) merged[field] = { text };
  }
  return merged;
}

/** Whole yen or coins typed by the player: digits only (grouping commas and spaces allowed). */
export function parseWholeAmount(text: string): number | null {
  const digits = text.normalize('NFKC').replace(/[,\s]/g, '');
  if (!/^\d{1,15}$/.test(digits)) return null;
  return Number(digits);
}
