import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, StartConfig } from '../config';
import type { Executor } from '../db/client';
import { appSecrets } from '../db/schema';

/** The name of the stored key that stands in for TOTP_ENCRYPTION_KEY. */
export const TOTP_KEY_NAME = 'totp-encryption-key';

/**
 * The secret kept under this name, made on first use. Instances starting at once on one database
 * each offer a random value; the primary key lets exactly one in and every instance then reads
 * that one, so they all agree.
 */
export async function storedSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`the stored secret ${name} is missing right after it was made`);
  return row.value;
}

/**
 * The configuration with its TOTP key settled: TOTP_ENCRYPTION_KEY when set (nothing is stored),
 * otherwise (never in production: loadConfig refuses that) a key kept in the database, so that
 * authenticator apps keep working after a restart and on every instance. Such a key is in every
 * copy of the database, which is why the warning asks for the variable.
 */
export async function withTotpKey(
  config: StartConfig,
  db: Executor,
  log: FastifyBaseLogger,
): Promise<Config> {
  if (config.totpEncryptionKey) return { ...config, totpEncryptionKey: config.totpEncryptionKey };
  const totpEncryptionKey = await storedSecret(db, TOTP_KEY_NAME);
  log.warn(
    'TOTP_ENCRYPTION_KEY is not set: authenticator secrets are encrypted under a key kept in the database. ' +
      'Set TOTP_ENCRYPTION_KEY to keep authenticator secrets unreadable from a database copy.',
  );
  return { ...config, totpEncryptionKey };
}
