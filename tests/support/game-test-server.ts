import { type createTestClock, createTestServer, type TestServer } from '../api/harness';
import { createCaptchaTexts } from './accounts';
import { type testProvider, walletClient } from './game-provider';
import { manyPlayersLimits } from './players';
import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server';

/** A test server whose wallet knows `provider`, its outbox, and the provider's signed client. */
export async function startGameTestServer(
  provider: ReturnType<typeof testProvider>,
  clock: ReturnType<typeof createTestClock>,
): Promise<{
  server: TestServer;
  smtp: SmtpTestServer;
  wallet: ReturnType<typeof walletClient>;
  close(): Promise<void>;
}> {
  const smtp = await startSmtpTestServer();
  const server = await createTestServer({
    smtpUrl: smtp.url,
    captchaText: createCaptchaTexts().next,
    authLimits: manyPlayersLimits,
    clock,
    games: { providers: [provider.config] },
  });
  return {
    server,
    smtp,
    wallet: walletClient(server, provider.config.id, provider.privateKey),
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}
