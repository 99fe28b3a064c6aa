import { parseArgs } from 'node:util';
import { emailField, newPasswordField } from '@carepoint/contract';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { openDatabase } from '../db/open';
import { silentLogger, systemContext } from '../lib/context';
import { AppError } from '../lib/errors';
import { withTotpKey } from '../lib/stored-secrets';
import { createAdmin } from '../modules/auth';
import { StartupError } from '../startup-error';

const usage = `Usage: npm run create-admin -- --email admin@example.org --first-name Ada --last-name Lovelace
  The password is read from ADMIN_PASSWORD; without it a one-time password is printed
  and must be changed at first sign-in. Uses the same DATABASE_URL / DATA_DIR as the server.`;

const argsSchema = z.object({
  email: emailField,
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  password: newPasswordField.optional(),
});

/** Creates an administrator on any database: the first admin of a real installation. */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  const parsed = argsSchema.safeParse({
    email: values.email,
    firstName: values['first-name'],
    lastName: values['last-name'],
    password: process.env.ADMIN_PASSWORD || undefined,
  });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    console.error(usage);
    process.exit(2);
  }
  const settings = loadConfig({ ...process.env, DEMO_DATA: 'false' });
  const database = await openDatabase(settings);
  try {
    const config = await withTotpKey(settings, database.db, silentLogger);
    const created = await createAdmin(systemContext({ db: database.db, config }), parsed.data);
    console.log(`Created admin ${created.user.email}.`);
    if (created.oneTimePassword)
      console.log(`One-time password (shown once, change it at first sign-in): ${created.oneTimePassword}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A taken e-mail, or an ADMIN_PASSWORD on the list of common breached passwords.
    console.error(
      error.code === 'EMAIL_TAKEN'
        ? `An account with the email ${parsed.data.email} already exists.`
        : `ADMIN_PASSWORD: ${error.message}`,
    );
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const explained =
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StartupError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
