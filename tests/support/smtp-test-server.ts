import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(source: string): MimePart {
  const split = source.search(/\r?\n\r?\n/);
  const head = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** The text/plain and text/html bodies of a message as nodemailer writes it (single or multipart). */
function bodiesOf(part: MimePart): { text: string; html: string } {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const result = { text: '', html: '' };
    for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const inner = bodiesOf(parsePart(chunk.replace(/^\r?\n/, '')));
      result.text ||= inner.text;
      result.html ||= inner.html;
    }
    return result;
  }
  const decoded = decodeBody(part).replace(/\r\n/g, '\n').trimEnd();
  return contentType.toLowerCase().startsWith('text/html') ? { text: '', html: decoded } : { text: decoded, html: '' };
}

/**
 * A real SMTP server on loopback for tests: receives what the product sends over SMTP and keeps it
 * readable. `refuseNext(n)` makes the next n messages fail with a temporary error (451).
 */
export async function startSmtpTestServer() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const message = parsePart(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          subject: decodeHeader(message.headers.get('subject') ?? ''),
          ...bodiesOf(message),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  // Mail goes out through the server's job queue: on a loaded machine that can take many seconds.
  async function waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs = 60_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no matching mail within ${timeoutMs} ms (received ${received.length})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    /** The newest mail to the address (any letter case), after the first `after` mails; waits for one. */
    async latestTo(address: string, after = 0): Promise<ReceivedMail> {
      const isTo = (mail: ReceivedMail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase());
      await waitFor((mail) => isTo(mail) && received.indexOf(mail) >= after);
      return received.filter(isTo).at(-1) as ReceivedMail;
    },
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;

/** The six-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}
