import type { Locale } from '@contract/locales';
import type { Database } from '@server/db/client';
import { mailOutbox } from '@server/db/schema/auth';
import type { Translate } from '@server/i18n';
import { html, raw } from 'hono/html';

export const mailKinds = [
  'registerCode',
  'registerExisting',
  'resetCode',
  'passwordChanged',
  'supportReply',
  'transferCode',
] as const;
export type MailKind = (typeof mailKinds)[number];

export interface MailRequest {
  kind: MailKind;
  recipient: string;
  locale: Locale;
  /** Values the message text interpolates (code, minutes, username; a support reply's text). */
  params: Record<string, string | number>;
}

/** Subject, plain text and HTML of a message in the reader's language; the HTML is the escaped text. */
export async function renderMail(t: Translate, kind: MailKind, params: Record<string, string | number>) {
  const subject = t(`mail.${kind}.subject`, params);
  const paragraphs = [t(`mail.${kind}.body`, params), t('mail.footer')];
  const text = paragraphs.join('\n\n');
  const lines = (paragraph: string) => paragraph.split('\n').map((line, index) => (index ? [raw('<br>'), line] : line));
  const body =
    await html`<!doctype html><html><body>${paragraphs.map((paragraph) => html`<p>${lines(paragraph)}</p>`)}</body></html>`;
  return { subject, text, html: String(body) };
}

/**
 * Writes the message to the outbox, inside the caller's transaction, so it exists exactly when the
 * change that caused it does, and answers its id. Delivery happens afterwards (delivery.ts); without
 * an SMTP server the message is held in the outbox, readable on /dev/mailbox outside production.
 */
export async function enqueueMail(
  db: Database,
  t: Translate,
  mail: MailRequest,
  options: { now: Date; deliverable: boolean },
): Promise<number> {
  const { subject, text, html: htmlBody } = await renderMail(t, mail.kind, mail.params);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: mail.recipient,
      locale: mail.locale,
      kind: mail.kind,
      subject,
      textBody: text,
      htmlBody,
      status: options.deliverable ? 'pending' : 'held',
      createdAt: options.now,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('mail insert returned no row');
  return row.id;
}
