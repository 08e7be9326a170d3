/**
 * The sign-in baseline: raw argon2id verifications of a correct password, nothing else, with
 * @node-rs/argon2 `verify` on a hash the product's own `hashSecret` made (so the parameters are the
 * product's). Runs in its own process, like the app, with the same default libuv thread pool.
 */
import { verify } from '@node-rs/argon2';
import { serveSlices } from './load-worker';

const passwordHash = process.env.BENCH_PASSWORD_HASH;
const password = process.env.BENCH_PASSWORD;
if (!passwordHash || !password) throw new Error('BENCH_PASSWORD_HASH and BENCH_PASSWORD are required');

serveSlices(
  async () => {
    if (!(await verify(passwordHash, password))) throw new Error('argon2 verify refused the correct password');
  },
  async () => {},
);
