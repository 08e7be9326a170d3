import { desc } from 'drizzle-orm';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { Database } from './db/client';
import { mailOutbox } from './db/schema/auth';

const shownMessages = 50;

const styles = `
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1b1f24; }
h1 { font-size: 1.4rem; }
article { border: 1px solid #d0d7de; border-radius: 6px; margin: 1rem 0; padding: 0.75rem 1rem; }
header { display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; font-size: 0.9rem; color: #57606a; }
h2 { font-size: 1.05rem; margin: 0.5rem 0; }
pre { white-space: pre-wrap; font: inherit; margin: 0; }
.status { font-weight: 600; }
`;

/**
 * Development mailbox: the newest outbox messages as one plain page, so a newcomer without an SMTP
 * server can read registration and reset codes. Mounted only outside production; the page has no
 * script and every value is escaped.
 */
export function devMailboxPage(db: Database) {
  return async (c: Context) => {
    const messages = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(shownMessages);
    const items = messages.map(
      (message) => html`<article>
<header><span>${message.createdAt.toISOString()}</span><span>To: ${message.recipient}</span><span class="status">${message.status}</span><span>${message.locale}</span></header>
<h2>${message.subject}</h2>
<pre>${message.textBody}</pre>
</article>
`,
    );
    c.header('Cache-Control', 'no-store');
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><style>${raw(styles)}</style></head>
<body><h1>Dev mailbox: the ${shownMessages} newest messages</h1>
${items.length > 0 ? items : html`<p>No messages yet.</p>`}
</body></html>`);
  };
}
