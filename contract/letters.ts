import * as v from 'valibot';
import { endpoint, isoDateTime, pageQuery, rowId } from './endpoint';
import { defaultLocale, type Locale, locales } from './locales';
import { multiLine, singleLine } from './plain-text';

/**
 * What a letter is about. Event letters are written by the product when the event happens; their
 * text is rendered in the reader's language each time they are read (docs/requirements.md §13.3).
 * `operator` letters carry the text an operator wrote per language.
 */
export const stationLetterKinds = [
  'kycApproved',
  'kycRejected',
  'depositCredited',
  'depositFailed',
  'withdrawalPaid',
  'cryptoWithdrawalPaid',
  'withdrawalFailed',
  'withdrawalCancelled',
  'agentApproved',
  'agentRejected',
  'agentGaveCoins',
  'agentTookCoins',
  'protectionLimit',
  'protectionLimitRemoved',
  'protectionRealityCheck',
  'protectionRealityCheckOff',
  'protectionTimeOut',
  'protectionExcluded',
  'protectionExcludedForGood',
  'protectionReopen',
  'protectionFamily',
  'depositRefusedByProtection',
  'operator',
] as const;
export type StationLetterKind = (typeof stationLetterKinds)[number];

/** Who a letter is addressed to: one player, every player (visitors too), or every agent. */
export const stationLetterAudiences = ['player', 'allPlayers', 'allAgents'] as const;
export type StationLetterAudience = (typeof stationLetterAudiences)[number];

const stationLetter = v.object({
  id: v.number(),
  kind: v.picklist(stationLetterKinds),
  audience: v.picklist(stationLetterAudiences),
  title: v.string(),
  content: v.string(),
  /** Always false for visitors, who see only letters addressed to everyone. */
  read: v.boolean(),
  sentAt: isoDateTime,
});
export type StationLetter = v.InferOutput<typeof stationLetter>;

/**
 * The station-letter page does not require sign-in (docs/requirements.md §2.1, §13.4): visitors get
 * the letters sent to everyone, signed-in players also their own (and agents the agents'), newest first.
 */
export const stationLetterQuery = endpoint({
  path: '/v2/app/station/query',
  access: 'public',
  summary: 'Station letters: broadcasts for everyone plus, when signed in, the player’s own, with the unread count',
  body: v.optional(v.object({ ...pageQuery.entries, unreadOnly: v.optional(v.boolean(), false) }), {}),
  data: v.object({
    list: v.array(stationLetter),
    total: v.pipe(v.number(), v.integer()),
    unreadCount: v.pipe(v.number(), v.integer()),
  }),
});

const unreadCount = v.object({ unreadCount: v.pipe(v.number(), v.integer()) });

export const stationLetterRead = endpoint({
  path: '/v2/app/station/read',
  access: 'user',
  summary: 'Mark one letter the player can see as read; answers the unread count left',
  body: v.object({ letterId: rowId('validation.letter') }),
  data: unreadCount,
});

export const stationLetterReadAll = endpoint({
  path: '/v2/app/station/read/all',
  access: 'user',
  summary: 'Mark every letter the player can see as read',
  body: v.optional(v.strictObject({}), {}),
  data: unreadCount,
});

export const letterTitleMaxLength = 100;
export const letterBodyMaxLength = 2000;

const letterTitle = v.pipe(
  v.string('validation.letterTitle'),
  v.trim(),
  v.maxLength(letterTitleMaxLength, 'validation.letterTitle'),
  singleLine,
);
const letterBody = v.pipe(
  v.string('validation.letterBody'),
  v.trim(),
  v.maxLength(letterBodyMaxLength, 'validation.letterBody'),
  multiLine,
);

/** One language's title and body; both empty means the language is left out (readers get ja-JP). */
const letterText = v.pipe(
  v.object({ title: letterTitle, body: letterBody }),
  v.forward(
    v.check((text) => (text.title === '') === (text.body === ''), 'validation.bothOrNeither'),
    ['title'],
  ),
);

/** The Japanese text is required: every other language falls back to it (docs/requirements.md §13.6). */
const japaneseLetterText = v.object({
  title: v.pipe(letterTitle, v.nonEmpty('validation.japaneseRequired')),
  body: v.pipe(letterBody, v.nonEmpty('validation.japaneseRequired')),
});

/**
 * The operator's text per language. A missing Japanese text reads as an empty one, so the refusal
 * names its title field.
 */
export const letterTexts = v.object({
  ...(Object.fromEntries(locales.map((locale) => [locale, v.optional(letterText)])) as Record<
    Locale,
    v.OptionalSchema<typeof letterText, undefined>
  >),
  [defaultLocale]: v.optional(japaneseLetterText, { title: '', body: '' }),
});
export type LetterTexts = v.InferOutput<typeof letterTexts>;
