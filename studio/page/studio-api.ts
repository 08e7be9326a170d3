/**
 * The game page's calls to the studio's own API (contract/studio.ts): a POST per call, the studio's
 * session token in its header, the answer's data checked against the contract. A call that got no
 * answer throws code 0, so the round machine can tell it from a refusal.
 */
import type { Locale } from '@contract/locales';
import { type ProtectionRefusal, protectionRefusals } from '@contract/protection';
import { type StudioCall, studioSessionHeader } from '@contract/studio';
import * as v from 'valibot';

export class StudioCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The player protection's reason, when the studio refused a bet for it. */
    readonly reason: ProtectionRefusal | null = null,
  ) {
    super(message);
  }
}

const refusalData = v.object({ reason: v.picklist(protectionRefusals) });

interface Envelope {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

export async function callStudio<TBody extends v.GenericSchema, TData extends v.GenericSchema>(
  call: StudioCall<TBody, TData>,
  body: v.InferInput<TBody>,
  /** keepalive: the call outlives the page (leaving the machine as the page closes). */
  options: { lang: Locale; sessionToken?: string; keepalive?: boolean },
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
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    throw new StudioCallError(0, error instanceof Error ? error.message : 'no answer');
  }
  const envelope = (await response.json().catch(() => null)) as Envelope | null;
  const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
  if (!response.ok || code !== 200) {
    const refusal = v.safeParse(refusalData, envelope?.data);
    throw new StudioCallError(
      code,
      typeof envelope?.msg === 'string' ? envelope.msg : response.statusText,
      refusal.success ? refusal.output.reason : null,
    );
  }
  const parsed = v.safeParse(call.data, envelope?.data);
  // An answer we cannot read is the studio's fault, like a 500: the round is asked for again.
  if (!parsed.success) throw new StudioCallError(500, 'unexpected answer');
  return parsed.output;
}
