// The desk's letters: an operator writes one per language and sends it to one player, every player
// or every agent; the sending is audited like every desk change (docs/requirements.md §13.6).
import * as v from 'valibot';
import { endpoint, isoDateTime, pageQuery, rowId } from './endpoint';
import { letterTexts, stationLetterAudiences } from './station';

export const adminStationLetterSend = endpoint({
  path: '/v2/admin/station/send',
  access: 'admin',
  summary:
    'Send a letter written per language (ja-JP required, the others fall back to it) to one player, every player or every agent; a repeat with the same Idempotency-Key sends nothing more',
  body: v.variant('audience', [
    v.object({ audience: v.literal('player'), userId: rowId('validation.user'), texts: letterTexts }),
    v.object({ audience: v.picklist(['allPlayers', 'allAgents']), texts: letterTexts }),
  ]),
  data: v.object({ letterId: v.number() }),
  idempotent: true,
});

const sentLetter = v.object({
  id: v.number(),
  audience: v.picklist(stationLetterAudiences),
  /** The addressee of a letter to one player. */
  account: v.nullable(v.string()),
  title: v.string(),
  sentAt: isoDateTime,
  sentBy: v.nullable(v.string()),
});
export type SentLetter = v.InferOutput<typeof sentLetter>;

export const adminStationLetterList = endpoint({
  path: '/v2/admin/station/list',
  access: 'admin',
  summary: 'Letters operators have sent, newest first, with the title in the operator’s language',
  body: v.optional(pageQuery, {}),
  data: v.object({ list: v.array(sentLetter), total: v.pipe(v.number(), v.integer()) }),
});
