import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stationLetterAudiences, stationLetterKinds } from '../../../contract/letters';
import { users } from './auth';
import type { LocalisedText } from './content';

const instant = (name: string) => timestamp(name, { withTimezone: true });

/**
 * In-site letters. An event letter keeps its kind and parameters, not its text, so it is rendered
 * in whichever language the reader has at the time; an operator's letter keeps its text per
 * language. `event_key` names what caused the letter (an event, or an operator's send with its
 * idempotency key) and is unique, so a job run twice or a send repeated writes one letter.
 */
export const stationLetters = pgTable(
  'station_letters',
  {
    id: serial('id').primaryKey(),
    audience: text('audience', { enum: stationLetterAudiences }).notNull(),
    /** The addressee of a letter to one player; null for broadcasts. */
    userId: integer('user_id').references(() => users.id),
    kind: text('kind', { enum: stationLetterKinds }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    title: jsonb('title').$type<LocalisedText>(),
    body: jsonb('body').$type<LocalisedText>(),
    eventKey: text('event_key').notNull().unique('station_letters_event_key_unique'),
    sentBy: integer('sent_by').references(() => users.id),
    sentAt: instant('sent_at').notNull(),
  },
  (table) => [
    index('station_letters_user_idx').on(table.userId, table.sentAt),
    index('station_letters_broadcast_idx').on(table.audience, table.sentAt).where(sql`${table.userId} is null`),
    check('station_letters_addressee', sql`(${table.audience} = 'player') = (${table.userId} is not null)`),
  ],
);

/** Which player has read which letter (broadcasts included): one row per reader and letter. */
export const stationLetterReads = pgTable(
  'station_letter_reads',
  {
    letterId: integer('letter_id')
      .notNull()
      .references(() => stationLetters.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: instant('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.letterId, table.userId] })],
);
