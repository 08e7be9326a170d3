// npm run operator:create -- <user name> <e-mail>
// Creates an operator account, or resets an existing operator's: a new authenticator secret, which ends
// the operator's sessions. A player's account is never made an operator's.
// The password comes from OPERATOR_PASSWORD; without it a new account gets a generated one, printed once.
// On the embedded database (no DATABASE_URL) stop the server first: the command refuses while another
// process holds DATA_DIR.
import path from 'node:path';
import { systemClock } from '@server/clock';
import { openDatabase } from '@server/db/client';
import { DataDirBusyError } from '@server/db/data-dir-lock';
import { InvalidEnvironmentError, readEnv } from '@server/env';
import { OperatorSetupError, setUpOperator } from '@server/modules/admin/operator-accounts';

async function main(): Promise<number> {
  const [username, email, ...rest] = process.argv.slice(2);
  if (!username || !email || rest.length > 0) {
    process.stderr.write(
      'usage: npm run operator:create -- <user name> <e-mail>   (password from OPERATOR_PASSWORD, else generated)\n',
    );
    return 2;
  }
  const env = readEnv();
  const database = env.DATABASE_URL
    ? await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
  try {
    await database.migrate();
    const password = process.env.OPERATOR_PASSWORD ?? null;
    const setup = await setUpOperator(database.db, systemClock, { username, email, password });
    const lines = [
      `${setup.created ? 'Created' : 'Reset'} operator ${setup.username} (user id ${setup.userId}).`,
      setup.generatedPassword ? `Password (shown once): ${setup.generatedPassword}` : null,
      setup.created || password ? null : 'The password is unchanged.',
      'Add this to the authenticator app (any earlier secret of this operator no longer works):',
      setup.totpUrl,
    ];
    process.stdout.write(`${lines.filter((line) => line !== null).join('\n')}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof OperatorSetupError ||
      error instanceof InvalidEnvironmentError ||
      error instanceof DataDirBusyError
    ) {
      process.stderr.write(`operator:create: ${error.message}\n`);
    } else {
      process.stderr.write(
        `operator:create failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
