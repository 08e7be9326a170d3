import * as content from './content';
import type { Endpoint } from './endpoint';

function entriesOf(area: Record<string, unknown>): Endpoint[] {
  return Object.values(area).filter(
    (value): value is Endpoint =>
      typeof value === 'object' && value !== null && 'path' in value && 'access' in value && 'body' in value,
  );
}

/** Every call of the API, in one list: the server mounts it and the OpenAPI document is made from it. */
export const endpoints: readonly Endpoint[] = [...entriesOf(content)];
