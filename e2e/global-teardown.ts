import { rmSync } from 'node:fs';

/** After the run: the operator session the workers shared (see `operatorSession` in fixtures.ts) goes. */
export default function globalTeardown() {
  const file = process.env.E2E_OPERATOR_SESSION_FILE;
  if (file) rmSync(file, { force: true });
}
