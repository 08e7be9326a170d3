import { ApiError, type ErrorCode } from '@server/errors';
import type { Translate } from '@server/i18n';

/** A refusal whose message also sits on the form field it is about. */
export function fieldRefusal(
  t: Translate,
  code: ErrorCode,
  field: string,
  messageKey: string,
  params: Record<string, string | number> = {},
): ApiError {
  return new ApiError(code, messageKey, params, { fields: { [field]: t(messageKey, params) } });
}

export function requiredFieldRefusal(t: Translate, field: string): ApiError {
  const message = t('validation.required', { field: t(`fields.${field}`, { defaultValue: field }) });
  return new ApiError(400, 'error.invalidInput', {}, { fields: { [field]: message } });
}

/** The constraint a unique violation hit (the driver's error may be wrapped by Drizzle), else null. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  while (current instanceof Error || (typeof current === 'object' && current !== null)) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
