/**
 * The game page's calls to the studio's own API (contract/studio.ts): a POST per call, the studio's
 * session token in its header, the answer's data checked against the contract. A call that got no
 * answer throws code 0, so the round machine can tell it from a refusal.
 */
import type { Locale } from '@contract/locales';
import { type StudioCall, studioSessionHeader } from '@contract/studio';
import * as v from 'valibot';

export class StudioCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

export async function callStudio<TBody extends v.GenericSchema, TData extends v.GenericSchema>(
  call: StudioCall<TBody, TData>,
  body: v.InferInput<TBody>,
  options: { lang: Locale; sessionToken?: string },
): Promise<v.InferOutput<TData>> {
  let response: Response;
  try {
    response = await fetch(call.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': options.lang,
        ...(options.sessionToken ? { [studioSessionHeader]: options.sessionToken } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new StudioCallError(0, error instanceof Error ? error.message : 'no answer');
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
  if (!response.ok || code !== 200) {
    throw new StudioCallError(code, typeof envelope?.msg === 'string' ? envelope.msg : response.statusText);
  }
  const parsed = v.safeParse(call.data, envelope?.data);
  // An answer we cannot read is the studio's fault, like a 500: the round is asked for again.
  if (!parsed.success) throw new StudioCallError(500, 'unexpected answer');
  return parsed.output;
}
