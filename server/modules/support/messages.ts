import type { DataOf, ParsedBodyOf } from '@contract/endpoint';
import { defaultLocale, type Locale } from '@contract/locales';
import type {
  adminSupportMessageList,
  adminSupportMessageOpen,
  adminSupportMessageReply,
  DeskSupportMessage,
  supportMessageSend,
} from '@contract/support';
import type { Principal } from '@server/contract-router';
import { users } from '@server/db/schema/auth';
import { supportMessages } from '@server/db/schema/support';
import { ApiError } from '@server/errors';
import type { Translate } from '@server/i18n';
import { actorOfUser, writeAudit } from '@server/shared/audit-rows';
import { onePage } from '@server/shared/paging';
import type { PlayerDeps, PlayerRequest } from '@server/shared/player-deps';
import { countAttempt, type RateLimitRule } from '@server/shared/rate-limit';
import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { sendDeskLetter } from '../letters/public';
import type { MailDelivery } from '../mail/public';

const hour = 60 * 60 * 1000;
/** Contact messages per client address from visitors, and per account from players (docs/requirements.md §15.3). */
export const supportMessageLimits: { perAddress: RateLimitRule; perAccount: RateLimitRule } = {
  perAddress: { limit: 5, windowMs: hour },
  perAccount: { limit: 10, windowMs: hour },
};

export interface SupportDeps extends PlayerDeps {
  mail: MailDelivery;
  /** The server's messages in a given language: a visitor's reply is mailed in the language they wrote in. */
  translator: (locale: Locale) => Translate;
}

const visitorEmail = v.pipe(v.string(), v.nonEmpty(), v.email());

/** A visitor must give a name and an address to reply to; a player is known by the account. */
function visitorFieldErrors(request: PlayerRequest, body: ParsedBodyOf<typeof supportMessageSend>) {
  const fields: Record<string, string> = {};
  const field = (name: string) => request.t(`fields.${name}`);
  if (body.name === '') fields.name = request.t('validation.required', { field: field('name') });
  if (body.email === '') fields.email = request.t('validation.required', { field: field('email') });
  else if (!v.is(visitorEmail, body.email)) fields.email = request.t('validation.invalid', { field: field('email') });
  return fields;
}

export async function sendSupportMessage(
  deps: SupportDeps,
  request: PlayerRequest,
  principal: Principal | null,
  body: ParsedBodyOf<typeof supportMessageSend>,
): Promise<DataOf<typeof supportMessageSend>> {
  const player = principal && !principal.isOperator ? principal : null;
  if (!player) {
    const fields = visitorFieldErrors(request, body);
    if (Object.keys(fields).length > 0) throw new ApiError(400, 'error.invalidInput', {}, { fields });
  }
  const now = deps.clock.now();
  // Counted before the message is stored, so that a flood is refused whatever it contains.
  if (player) await countAttempt(deps.db, `support:account:${player.userId}`, supportMessageLimits.perAccount, now);
  else await countAttempt(deps.db, `support:address:${request.clientAddress}`, supportMessageLimits.perAddress, now);
  const account = player
    ? await deps.db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(eq(users.id, player.userId))
    : [];
  const [stored] = await deps.db
    .insert(supportMessages)
    .values({
      userId: player?.userId ?? null,
      name: account[0]?.username ?? body.name,
      email: player ? (account[0]?.email ?? null) : body.email,
      subject: body.subject,
      body: body.message,
      locale: request.locale,
      sentAt: now,
    })
    .returning({ id: supportMessages.id });
  if (!stored) throw new Error('support message insert returned no row');
  return { messageId: stored.id };
}

export async function supportMessagePage(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminSupportMessageList>,
): Promise<DataOf<typeof adminSupportMessageList>> {
  const page = await onePage(
    body,
    deps.db
      .select({ message: supportMessages, account: users.username })
      .from(supportMessages)
      .leftJoin(users, eq(users.id, supportMessages.userId))
      .orderBy(desc(supportMessages.sentAt), desc(supportMessages.id)),
    deps.db.select({ total: count() }).from(supportMessages),
  );
  return {
    total: page.total,
    list: page.list.map(
      ({ message, account }): DeskSupportMessage => ({
        id: message.id,
        account,
        name: message.name,
        email: message.email,
        subject: message.subject,
        sentAt: message.sentAt.toISOString(),
        read: message.readAt !== null,
        repliedAt: message.repliedAt?.toISOString() ?? null,
      }),
    ),
  };
}

async function findMessage(deps: PlayerDeps, messageId: number) {
  const replier = alias(users, 'replier');
  const [found] = await deps.db
    .select({ message: supportMessages, account: users.username, repliedBy: replier.username })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .leftJoin(replier, eq(replier.id, supportMessages.repliedBy))
    .where(eq(supportMessages.id, messageId));
  if (!found) throw new ApiError(404, 'support.messageNotFound');
  return found;
}

/** Opening a message marks it read for every operator. */
export async function openSupportMessage(
  deps: PlayerDeps,
  body: ParsedBodyOf<typeof adminSupportMessageOpen>,
): Promise<DataOf<typeof adminSupportMessageOpen>> {
  const { message, account, repliedBy } = await findMessage(deps, body.messageId);
  const readAt = message.readAt ?? deps.clock.now();
  if (!message.readAt) await deps.db.update(supportMessages).set({ readAt }).where(eq(supportMessages.id, message.id));
  return {
    id: message.id,
    account,
    name: message.name,
    email: message.email,
    subject: message.subject,
    sentAt: message.sentAt.toISOString(),
    read: true,
    repliedAt: message.repliedAt?.toISOString() ?? null,
    message: message.body,
    locale: message.locale,
    reply: message.reply,
    repliedBy,
  };
}

/**
 * Replies to a message once (docs/requirements.md §15.4): to a registered player as a station letter,
 * to a visitor by e-mail in the language they wrote in. The row is locked and a replied message
 * refuses another reply, so a double click sends one; letter, e-mail and audit row commit together.
 */
export async function replyToSupportMessage(
  deps: SupportDeps,
  request: PlayerRequest,
  operator: Principal,
  body: ParsedBodyOf<typeof adminSupportMessageReply>,
): Promise<null> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [message] = await tx
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, body.messageId))
      .for('update');
    if (!message) throw new ApiError(404, 'support.messageNotFound');
    if (message.repliedAt) throw new ApiError(409, 'support.alreadyReplied');
    const t = deps.translator(message.locale);
    if (message.userId !== null) {
      // The operator writes in one language: it is kept as the ja-JP text, which every reader falls back to.
      await sendDeskLetter({ ...deps, db: tx }, request, operator, `support-reply-${message.id}`, {
        audience: 'player',
        userId: message.userId,
        texts: { [defaultLocale]: { title: t('support.replyTitle', { subject: message.subject }), body: body.reply } },
      });
    } else if (message.email) {
      await deps.mail.enqueue(
        tx,
        t,
        {
          kind: 'supportReply',
          recipient: message.email,
          locale: message.locale,
          params: { name: message.name, subject: message.subject, reply: body.reply },
        },
        now,
      );
    }
    await tx
      .update(supportMessages)
      .set({ reply: body.reply, repliedAt: now, repliedBy: operator.userId, readAt: message.readAt ?? now })
      .where(eq(supportMessages.id, message.id));
    await writeAudit(tx, request, {
      at: now,
      actor: actorOfUser(operator.userId),
      action: 'support.reply',
      subject: `supportMessage:${message.id}`,
      reason: message.userId !== null ? `letter to ${actorOfUser(message.userId)}` : 'e-mail to visitor',
    });
  });
  if (deps.mail.deliverable) deps.mail.kick();
  return null;
}
