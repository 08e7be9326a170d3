// Download and support (docs/requirements.md §15): the companion app's links and the support
// channels the operator sets on the desk, the contact form, and the desk's inbox with its reply.
import * as v from 'valibot';
import { deskRoles } from './admin-roles';
import { emptyBody, endpoint, isoDateTime, noData, pageOf, pageQuery, rowId } from './endpoint';
import { locales } from './locales';
import { multiLine, singleLine } from './plain-text';

/** An https address, or empty for "not set". */
const optionalLink = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(500, 'validation.invalid'),
  v.check((text) => text === '' || (URL.canParse(text) && new URL(text).protocol === 'https:'), 'validation.invalid'),
);
const optionalEmail = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254, 'validation.invalid'),
  v.check((text) => text === '' || v.is(v.pipe(v.string(), v.email()), text), 'validation.invalid'),
);
const optionalLine = v.pipe(v.string(), v.trim(), v.maxLength(100, 'validation.invalid'), singleLine);

export const supportHoursMaxLength = 200;
const hoursText = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(supportHoursMaxLength, 'validation.invalid'), singleLine),
  '',
);

/** The operator's settings as the desk edits them: an empty text means "not set" and is not shown. */
export const supportSettings = v.object({
  appStoreUrl: optionalLink,
  googlePlayUrl: optionalLink,
  directDownloadUrl: optionalLink,
  email: optionalEmail,
  lineId: optionalLine,
  lineUrl: optionalLink,
  /** Opening hours per language; ja-JP is shown where a language is left empty. */
  hours: v.object({
    'ja-JP': hoursText,
    'en-US': hoursText,
    'ko-KR': hoursText,
    'zh-CN': hoursText,
    'zh-TW': hoursText,
    'fil-PH': hoursText,
    'vi-VN': hoursText,
  }),
});
export type SupportSettings = v.InferOutput<typeof supportSettings>;

export const adminSupportSettingsQuery = endpoint({
  path: '/v2/admin/support/settings',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'The app links and support channels as set, empty where unset',
  body: emptyBody,
  data: supportSettings,
});

export const adminSupportSettingsSet = endpoint({
  path: '/v2/admin/support/settings/set',
  access: 'admin',
  roles: deskRoles.players,
  summary: 'Set the app links and support channels (links must be https); audited',
  body: supportSettings,
  data: noData,
});

/** What /download and /support show: only what is set, hours in the reader's language. */
export const supportInfoQuery = endpoint({
  path: '/v2/app/support/info',
  access: 'public',
  summary: 'The companion app links and support channels the operator has set (unset ones are null)',
  body: emptyBody,
  data: v.object({
    appStoreUrl: v.nullable(v.string()),
    googlePlayUrl: v.nullable(v.string()),
    directDownloadUrl: v.nullable(v.string()),
    email: v.nullable(v.string()),
    lineId: v.nullable(v.string()),
    lineUrl: v.nullable(v.string()),
    hours: v.nullable(v.string()),
  }),
});
export type SupportInfo = v.InferOutput<typeof supportInfoQuery.data>;

export const supportSubjectMaxLength = 80;
export const supportMessageMaxLength = 2000;

export const supportNameMaxLength = 50;

// Messages are keys, so a form checking these in the browser says what the server would.
const subject = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(supportSubjectMaxLength, 'validation.invalid'),
  singleLine,
);
const message = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(supportMessageMaxLength, 'validation.invalid'),
  multiLine,
);
const name = v.pipe(v.string(), v.trim(), v.maxLength(supportNameMaxLength, 'validation.invalid'), singleLine);
const email = v.pipe(v.string(), v.trim(), v.maxLength(254, 'validation.invalid'));

/** The contact form as a signed-in player fills it. */
export const supportPlayerForm = v.object({ subject, message });

/** The contact form as a visitor fills it: a name and an address to reply to as well. */
export const supportVisitorForm = v.object({
  name: v.pipe(name, v.nonEmpty('validation.required')),
  email: v.pipe(email, v.nonEmpty('validation.required'), v.email('validation.invalid')),
  subject,
  message,
});

/**
 * A contact message. A signed-in player is known by the account, so name and e-mail are ignored;
 * a visitor must give both (the server refuses a visitor's message without them).
 */
export const supportMessageSend = endpoint({
  path: '/v2/app/support/message',
  access: 'public',
  summary:
    'Send a message to the operators: signed-in players by account, visitors with a name and e-mail address (rate limited)',
  body: v.object({
    name: v.optional(name, ''),
    email: v.optional(email, ''),
    subject,
    message,
  }),
  data: v.object({ messageId: v.number() }),
});

const deskSupportMessage = v.object({
  id: v.number(),
  /** The player's account, null for a visitor. */
  account: v.nullable(v.string()),
  name: v.string(),
  email: v.nullable(v.string()),
  subject: v.string(),
  sentAt: isoDateTime,
  read: v.boolean(),
  repliedAt: v.nullable(isoDateTime),
});
export type DeskSupportMessage = v.InferOutput<typeof deskSupportMessage>;

export const adminSupportMessageList = endpoint({
  path: '/v2/admin/support/messages',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'Contact messages, newest first',
  body: v.optional(pageQuery, {}),
  data: pageOf(deskSupportMessage),
});

const messageId = rowId('validation.invalid');

export const adminSupportMessageOpen = endpoint({
  path: '/v2/admin/support/message',
  access: 'admin',
  roles: deskRoles.playersRead,
  summary: 'One contact message in full, with its reply; marks it read',
  body: v.object({ messageId }),
  data: v.object({
    ...deskSupportMessage.entries,
    message: v.string(),
    locale: v.picklist(locales),
    reply: v.nullable(v.string()),
    repliedBy: v.nullable(v.string()),
  }),
});
export type DeskSupportMessageDetail = v.InferOutput<typeof adminSupportMessageOpen.data>;

/** The desk's reply as the operator types it. */
export const supportReplyForm = v.object({ reply: message });

export const adminSupportMessageReply = endpoint({
  path: '/v2/admin/support/message/reply',
  access: 'admin',
  roles: deskRoles.players,
  summary:
    'Reply once: a station letter to a registered player, an e-mail to a visitor; a second reply is refused; audited',
  body: v.object({ messageId, ...supportReplyForm.entries }),
  data: noData,
});
