import { pushStreamPath } from '@contract/push';

export interface ReceivedPushEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface PushStreamReader {
  status: number;
  /** The envelope of a refused stream. */
  refusal: { code: number; msg: string } | null;
  received: ReceivedPushEvent[];
  /** The first event from `from` on that matches, once it has arrived. */
  next(match: (event: ReceivedPushEvent) => boolean, from?: number): Promise<ReceivedPushEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Reads the push stream as the SPA does: fetch with the TOKEN header, server-sent events parsed by hand. */
export async function openPushStream(baseUrl: string, token?: string, lang = 'en-US'): Promise<PushStreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}${pushStreamPath}`, {
    headers: { 'accept-language': lang, accept: 'text/event-stream', ...(token ? { token } : {}) },
    signal: abort.signal,
  });
  const received: ReceivedPushEvent[] = [];
  const waiting = new Set<() => void>();
  const notify = () => {
    for (const wake of [...waiting]) wake();
  };
  if (!response.ok || !response.body) {
    const refusal = (await response.json()) as { code: number; msg: string };
    return {
      status: response.status,
      refusal,
      received,
      next: () => Promise.reject(new Error(`stream refused: ${refusal.msg}`)),
      ended: Promise.resolve(),
      close: () => {},
    };
  }
  const ended = readEvents(response.body, (event) => {
    received.push(event);
    notify();
  }).catch(() => undefined);
  return {
    status: response.status,
    refusal: null,
    received,
    next: (match, from = 0) =>
      new Promise((resolve) => {
        const check = () => {
          const found = received.slice(from).find(match);
          if (!found) return;
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
      }),
    ended,
    close: () => abort.abort(),
  };
}

async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ReceivedPushEvent) => void) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('\n');
      if (event) onEvent({ event, data: JSON.parse(data) as Record<string, unknown> });
      end = buffer.indexOf('\n\n');
    }
  }
}
