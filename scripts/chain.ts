// npm run chain -- send <network> <coin> <address> <amount in base units>
// npm run chain -- mine [blocks] [network]
// npm run chain -- drop <transaction hash>
// npm run chain -- status
// Talks to the chain simulator's sandbox of a running server (development only) over HTTP at
// CHAIN_URL, by default PUBLIC_URL or http://HOST:PORT: the embedded database has one owner, the server.
import { chainSandboxPath } from '@contract/crypto';
import { InvalidEnvironmentError, publicUrlOf, readEnv } from '@server/env';

const usage = `usage:
  npm run chain -- send <network> <coin> <address> <amount in base units>   e.g. send TRC20 USDT T… 25000000
  npm run chain -- mine [blocks] [network]                                   blocks on one network, or all
  npm run chain -- drop <transaction hash>                                   as if a reorganisation took it
  npm run chain -- status                                                    heights and the latest transactions
`;

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  const base = `${process.env.CHAIN_URL ?? publicUrlOf(readEnv())}${chainSandboxPath}`;
  const post = (action: string, body: unknown) =>
    fetch(`${base}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let response: Response;
  if (command === 'send' && args.length === 4) {
    const [network, coin, address, amount] = args;
    response = await post('send', { network, coin, address, amount });
  } else if (command === 'mine' && args.length <= 2) {
    const [blocks = '1', network] = args;
    response = await post('mine', { blocks: Number(blocks), ...(network ? { network } : {}) });
  } else if (command === 'drop' && args.length === 1) {
    response = await post('drop', { txHash: args[0] });
  } else if (command === 'status' && args.length === 0) {
    response = await fetch(base);
  } else {
    process.stderr.write(usage);
    return 2;
  }
  const text = await response.text();
  (response.ok ? process.stdout : process.stderr).write(`${text}\n`);
  return response.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof InvalidEnvironmentError
        ? `${error.message}\n`
        : `The chain sandbox did not answer (is the server running outside production?): ${String(error)}\n`,
    );
    process.exit(1);
  },
);
