import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { COUNT_CAP, ROLES, type Role } from '@carepoint/contract';
import { z } from 'zod';
import { serverDir } from './server-dir';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      error: 'must be true or false',
    })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

/** A flag left unset keeps a default that depends on other settings. */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes', 'on'].includes(v)));

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range or one of proxy-addr's named ranges. */
const isProxyAddress = (entry: string) => {
  if (PROXY_KEYWORDS.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies may tell the client's address in X-Forwarded-For: off, a hop count or a list of
 * proxy addresses. "Everyone" is refused: any client could then choose the address it is counted under.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || ['false', 'off', 'no', '0'].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be a hop count (1) or proxy addresses (10.0.0.0/8, 192.168.1.1), not every address',
    });
    return z.NEVER;
  });

/** A comma-separated list of roles, or "none"; unset: admin in production, no role otherwise. */
const mfaRequiredRoles = z
  .string()
  .optional()
  .transform((value, ctx): Role[] | undefined => {
    if (value === undefined) return undefined;
    if (value.trim() === 'none') return [];
    const entries = value.split(',').map((entry) => entry.trim());
    const roles = ROLES.filter((role) => entries.includes(role));
    if (roles.length === entries.length) return roles;
    ctx.addIssue({ code: 'custom', message: `must be "none" or roles among ${ROLES.join(', ')}` });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  // Backups of the embedded database (modules/backups): where, how often (0: only on demand), how many.
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(0)
    .max(168, 'must be at most 168 (a week)')
    .default(24),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000).default(7),
  // The audit trail's retention (modules/audit/chain.ts): rows older than this many years are purged
  // daily. HIPAA asks for six; the database itself refuses to purge anything younger.
  AUDIT_KEEP_YEARS: z.coerce
    .number({ error: 'must be a number of years' })
    .int('must be a whole number of years')
    .min(6, 'must be at least 6 (HIPAA keeps audit records six years)')
    .max(100)
    .default(7),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('CarePoint <no-reply@carepoint.example>'),
  // Appointment e-mails (modules/notifications): the reminder's hour (facility time) the day before,
  // and how often the message worker looks for due messages.
  REMINDER_HOUR: z.coerce
    .number({ error: 'must be an hour from 0 to 23' })
    .int('must be a whole hour from 0 to 23')
    .min(0, 'must be an hour from 0 to 23')
    .max(23, 'must be an hour from 0 to 23')
    .default(18),
  MESSAGE_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1)
    .max(3600, 'must be at most 3600 (an hour)')
    .default(15),
  // FHIR Bulk Data export (modules/fhir/bulk): patients a worker reads and writes at once.
  BULK_EXPORT_BATCH: z.coerce
    .number({ error: 'must be a number of patients' })
    .int('must be a whole number of patients')
    .min(1, 'must be at least 1')
    .max(5000, 'must be at most 5000')
    .default(200),
  // The MLLP listener analysers send HL7 v2 results to (modules/lab-hl7): off unless a port is set.
  HL7_MLLP_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  HL7_MLLP_HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url('must be a URL such as https://care.example.org').optional(),
  TIME_ZONE: z
    .string()
    .default('Africa/Lagos')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Africa/Lagos'),
  // How long before its start a patient may still cancel or move an appointment online.
  PATIENT_CHANGE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .int('must be a whole number of hours')
    .min(0)
    .max(24 * 30, 'must be at most 720 (30 days)')
    .default(24),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy,
  COOKIE_SECURE: flag(false),
  API_DOCS: optionalFlag,
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(24),
  REMEMBER_ME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  // Failures per account from browsers it has never signed in from, whatever their address.
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  // Signs the device cookies of browsers that signed in before; unset: a random key per start.
  DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters (a random secret)').optional(),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // Encrypts the two-factor (TOTP) secrets at rest (AES-256-GCM); required in production.
  TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters (a random secret)').optional(),
  // Roles that must set up a second factor before they reach their area ("none" for no role).
  MFA_REQUIRED_ROLES: mfaRequiredRoles,
  // The facility's details until an admin first saves the Facility page (modules/facility).
  FACILITY_NAME: z.string().trim().min(1).max(120).default('CarePoint Clinic'),
  FACILITY_ADDRESS: z.string().trim().max(200).optional(),
  FACILITY_PHONE: z.string().trim().max(40).optional(),
  FACILITY_EMAIL: z.email().max(254).optional(),
  // How far past a page lists count matching rows (lib/list.ts countUpTo); tests lower it.
  LIST_COUNT_CAP: z.coerce.number().int().min(1).default(COUNT_CAP),
  // Operations (docs/operations.md "Watching it"): how long a stop drains and waits for requests in flight,
  // and who may read the Prometheus metrics (a bearer token, or a port of their own on loopback).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  // Behind a load balancer: how long a stopping instance keeps serving with readiness at 503, so
  // the balancer's health check takes it out of rotation before it stops accepting connections.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters (a random secret)').optional(),
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).optional(),
  // Defaults to info, and to silent under NODE_ENV=test (the test runner's output stays readable).
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'DEMO_DATA' | 'COOKIE_SECURE' | 'API_DOCS' | 'LOG_LEVEL' | 'TOTP_ENCRYPTION_KEY' | 'MFA_REQUIRED_ROLES'
> & {
  LOG_LEVEL: NonNullable<z.infer<typeof envSchema>['LOG_LEVEL']>;
  demoData: boolean;
  cookieSecure: boolean;
  /** Serve the API documentation at /api/docs. */
  apiDocs: boolean;
  webDist: string;
  publicUrl: string;
  /** DEVICE_COOKIE_SECRET, or a random key made at start (device cookies then last until a restart). */
  deviceCookieSecret: string;
  /**
   * TOTP_ENCRYPTION_KEY, or outside production a key made once and kept in the database
   * (lib/stored-secrets.ts, settled by buildApp before the app serves); lib/secret-box.ts uses it.
   */
  totpEncryptionKey: string;
  /** MFA_REQUIRED_ROLES: these roles reach their area only once they have a second factor. */
  mfaRequiredRoles: readonly Role[];
};

/** The configuration as the environment gives it: TOTP_ENCRYPTION_KEY may still be unset. */
export type StartConfig = Omit<Config, 'totpEncryptionKey'> & { totpEncryptionKey: string | undefined };

export class ConfigError extends Error {}

/** Parses the environment once at start; every problem is listed in one readable error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): StartConfig {
  // An empty variable (`DATABASE_URL=` in a unit file) means "not set", not "invalid".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { DEMO_DATA, COOKIE_SECURE, API_DOCS, LOG_LEVEL, TOTP_ENCRYPTION_KEY, MFA_REQUIRED_ROLES, ...rest } =
    parsed.data;
  const production = rest.NODE_ENV === 'production';
  // Production keeps the key out of the database, so a copy of the database alone reads no secret.
  if (production && !TOTP_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  TOTP_ENCRYPTION_KEY: required in production (a random secret of at least 32 characters)',
    );
  }
  // Demo accounts have a published password: only the embedded database outside production gets them unasked.
  const demoDefault = !rest.DATABASE_URL && rest.NODE_ENV !== 'production';
  const demoData = DEMO_DATA === undefined ? demoDefault : ['true', '1', 'yes', 'on'].includes(DEMO_DATA);
  return {
    ...rest,
    LOG_LEVEL: LOG_LEVEL ?? (rest.NODE_ENV === 'test' ? 'silent' : 'info'),
    // npm runs workspace scripts in the workspace's folder: a relative DATA_DIR means relative to
    // where the operator ran npm (INIT_CWD), so `npm start` at the root keeps data in ./data there.
    DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), rest.DATA_DIR),
    // Unset: <the embedded database's data directory>/backups (modules/backups/manager.ts).
    BACKUP_DIR: rest.BACKUP_DIR && path.resolve(env.INIT_CWD ?? process.cwd(), rest.BACKUP_DIR),
    demoData,
    // Secure cookies need HTTPS; production installs sit behind TLS.
    cookieSecure: COOKIE_SECURE || rest.NODE_ENV === 'production',
    // A development aid: production shows no map of the API (and no page with a looser CSP) unless asked.
    apiDocs: API_DOCS ?? rest.NODE_ENV !== 'production',
    webDist: path.resolve(rest.WEB_DIST ?? path.join(serverDir, '../web/dist')),
    deviceCookieSecret: rest.DEVICE_COOKIE_SECRET ?? randomBytes(32).toString('base64url'),
    totpEncryptionKey: TOTP_ENCRYPTION_KEY,
    // The demo accounts and a development set-up sign in with a password alone.
    mfaRequiredRoles: MFA_REQUIRED_ROLES ?? (production ? ['admin'] : []),
    publicUrl: (rest.PUBLIC_URL ?? `http://localhost:${rest.PORT}`).replace(/\/$/, ''),
  };
}
