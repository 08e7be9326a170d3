import { type PushEvent, pushEvent, pushStreamPath } from '@contract/push';
import * as v from 'valibot';

export type PushStreamEnd = 'closed' | 'refused';

/**
 * Reads the push stream once (contract/push.ts) with fetch, which sends the TOKEN header that
 * EventSource cannot, and parses its server-sent events. Resolves `refused` when the server
 * refuses the session, `closed` when the stream ends or breaks in any other way.
 */
export async function readPushStream(options: {
  token: string;
  language: string;
  signal: AbortSignal;
  onEvent(event: PushEvent): void;
}): Promise<PushStreamEnd> {
  let response: Response;
  try {
    response = await fetch(pushStreamPath, {
      headers: { token: options.token, 'accept-language': options.language, accept: 'text/event-stream' },
      signal: options.signal,
      cache: 'no-store',
    });
  } catch {
    return 'closed';
  }
  if (response.status === 401 || response.status === 402 || response.status === 403) return 'refused';
  if (!response.ok || !response.body) return 'closed';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'closed';
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = parsedEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) options.onEvent(event);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch {
    return 'closed';
  }
}

/** One event block's data as the contract's event; null for a comment (the heartbeat) or anything unknown. */
function parsedEvent(block: string): PushEvent | null {
  const data = block
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trimStart())
    .join('\n');
  if (!data) return null;
  try {
    const parsed = v.safeParse(pushEvent, JSON.parse(data));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
