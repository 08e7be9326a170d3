import { randomCaptchaText } from '@server/modules/auth/captcha';
import type { TestServer } from '../api/harness';
import { codeIn, type SmtpTestServer } from './smtp-test-server';

/**
 * Captcha texts for a test server: real random texts, remembered so a test can answer the captcha
 * it just fetched (the server keeps only a hash of the answer).
 */
export function createCaptchaTexts() {
  const issued: string[] = [];
  return {
    next: () => {
      const text = randomCaptchaText();
      issued.push(text);
      return text;
    },
    last: () => issued.at(-1) ?? '',
  };
}
export type CaptchaTexts = ReturnType<typeof createCaptchaTexts>;

/** Fetches a captcha through the API and returns its id with the right answer. */
export async function solvedCaptcha(
  server: TestServer,
  texts: CaptchaTexts,
): Promise<{ uuid: string; qrcode: string }> {
  const response = await server.call<{ img: string; uuid: string }>('/v2/app/auth/captcha');
  if (response.status !== 200 || !response.body.data)
    throw new Error(`captcha failed: ${JSON.stringify(response.body)}`);
  return { uuid: response.body.data.uuid, qrcode: texts.last() };
}

/** The whole registration through the API, reading the code from the mail that arrived over SMTP. */
export async function registerThroughMail(
  server: TestServer,
  smtp: SmtpTestServer,
  account: { account: string; email: string; password: string; agentCode?: string },
  lang = 'en-US',
): Promise<string> {
  const before = smtp.received.length;
  const sent = await server.call('/v2/app/register/send/email/code', { email: account.email }, { lang });
  if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
  const code = codeIn(await smtp.latestTo(account.email, before));
  const valid = await server.call(
    '/v2/app/register/valid',
    { email: account.email, code, acceptTerms: true },
    { lang },
  );
  if (valid.status !== 200) throw new Error(`valid failed: ${JSON.stringify(valid.body)}`);
  const registered = await server.call<{ token: string }>('/v2/app/register/user', account, { lang });
  if (registered.status !== 200 || !registered.body.data)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  return registered.body.data.token;
}
