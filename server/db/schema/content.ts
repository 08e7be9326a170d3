import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Text an operator writes once per locale; readers fall back to ja-JP. */
export type LocalisedText = Partial<Record<string, string>>;

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  dialCode: text('dial_code').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  position: text('position', { enum: ['home', 'promotion'] })
    .notNull()
    .default('home'),
  title: jsonb('title').$type<LocalisedText>().notNull(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The desk's schedule: an active banner shows from `showsFrom` until before `showsUntil`; null is open. */
  showsFrom: timestamp('shows_from', { withTimezone: true }),
  showsUntil: timestamp('shows_until', { withTimezone: true }),
});

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    content: jsonb('content').$type<LocalisedText>().notNull(),
    pinned: boolean('pinned').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_published_idx').on(table.pinned, table.publishedAt)],
);

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    title: jsonb('title').$type<LocalisedText>().notNull(),
    summary: jsonb('summary').$type<LocalisedText>().notNull(),
    content: jsonb('content').$type<LocalisedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (table) => [index('promotions_window_idx').on(table.endsAt, table.startsAt)],
);

export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<LocalisedText>().notNull(),
  body: jsonb('body').$type<LocalisedText>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
