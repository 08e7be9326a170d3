import { createPublicKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client';
import { serverSecrets } from './db/schema/system';

const generateKeyPairAsync = promisify(generateKeyPair);

/** Returns the named deployment secret, creating it once; concurrent first starts agree on one value. */
export async function loadServerSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`Server secret ${name} could not be created`);
  return row.value;
}

/** A named RSA key pair (PEM), generated once for the deployment; concurrent first starts agree on one. */
export async function loadServerKeyPair(
  db: Database,
  name: string,
): Promise<{ privateKeyPem: string; publicKeyPem: string }> {
  const existing = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, name)))[0];
  let row = await existing();
  if (!row) {
    const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048 });
    await db
      .insert(serverSecrets)
      .values({ name, value: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })
      .onConflictDoNothing();
    row = await existing();
  }
  if (!row) throw new Error(`Server key pair ${name} could not be created`);
  const privateKeyPem = row.value;
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKeyPem, publicKeyPem };
}
