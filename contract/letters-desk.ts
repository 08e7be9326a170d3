// The desk's letters: an operator writes one per language and sends it to one player, every player
// or every agent; the sending is audited like every desk change (docs/requirements.md §13.6).
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { endpoint, isoDateTime, pageQuery, rowId } from './endpoint';
import { type LetterTexts, letterTexts, stationLetterAudiences } from './letters';
import { locales } from './locales';

export const adminStationLetterSend = endpoint({
  path: '/v2/admin/station/send',
  access: 'admin',
  roles: deskRoles.letters,
  summary:
    'Send a letter written per language (ja-JP required, the others fall back to it) to one player, every player or every agent; a repeat with the same Idempotency-Key sends nothing more',
  body: v.variant('audience', [
    v.object({ audience: v.literal('player'), userId: rowId('validation.user'), texts: letterTexts }),
    v.object({ audience: v.picklist(['allPlayers', 'allAgents']), texts: letterTexts }),
  ]),
  data: v.object({ letterId: v.number() }),
  idempotent: true,
});

export type LetterSend = v.InferOutput<typeof adminStationLetterSend.body>;

/** The languages written; both parts empty leaves a language out, so its readers get the Japanese text. */
function writtenTexts(texts: LetterTexts): LetterTexts {
  return Object.fromEntries(
    Object.entries(texts).filter(([, text]) => text !== undefined && (text.title !== '' || text.body !== '')),
  ) as LetterTexts;
}

/**
 * The compose form as the operator fills it: the recipients, a player's ID typed as text when the
 * letter is for one player, and a title and body per language, each language with both or neither
 * and Japanese required (the send call's own rules). It parses to what the send call takes.
 */
export const letterComposeForm = v.pipe(
  v.object({
    audience: v.picklist(stationLetterAudiences),
    userId: v.string(),
    texts: letterTexts,
  }),
  v.forward(
    v.partialCheck(
      [['audience'], ['userId']],
      ({ audience, userId }) => audience !== 'player' || /^[1-9]\d{0,9}$/.test(userId.trim()),
      'validation.userId',
    ),
    ['userId'],
  ),
  v.transform(
    ({ audience, userId, texts }): LetterSend =>
      audience === 'player'
        ? { audience, userId: Number(userId.trim()), texts: writtenTexts(texts) }
        : { audience, texts: writtenTexts(texts) },
  ),
);
export type LetterComposeValues = v.InferInput<typeof letterComposeForm>;

/** An empty letter to one player, every language blank. */
export const emptyLetter = (): LetterComposeValues => ({
  audience: 'player',
  userId: '',
  texts: Object.fromEntries(locales.map((locale) => [locale, { title: '', body: '' }])),
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
  roles: deskRoles.lettersRead,
  summary: 'Letters operators have sent, newest first, with the title in the operator’s language',
  body: v.optional(pageQuery, {}),
  data: v.object({ list: v.array(sentLetter), total: v.pipe(v.number(), v.integer()) }),
});
