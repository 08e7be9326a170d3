/**
 * What the machines read from a refused call: its code, the fields it names (the server's own
 * sentences, already in the request's language, which the forms put back on those fields), and
 * whether it was answered at all.
 */

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
