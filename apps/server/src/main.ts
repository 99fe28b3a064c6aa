import { count, like } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { openDatabase } from './db/open';
import { users } from './db/schema';
import { seedDemoData } from './db/seed';
import { systemContext } from './lib/context';
import { scheduleAuditPurge } from './modules/audit';
import { scheduleNightCharges } from './modules/billing';
import { scheduleKeyPurge } from './modules/billing-payments';
import { storeFacilityDefaults } from './modules/facility';
import { scheduleCredentialPurge } from './modules/housekeeping';
import { listenStartupError, StartupError } from './startup-error';

/** Demo accounts are the ones at the reserved carepoint.example domain; their password is published. */
async function countDemoAccounts(db: Database) {
  const [row] = await db.select({ n: count() }).from(users).where(like(users.email, '%@carepoint.example'));
  return row?.n ?? 0;
}

async function main() {
  const started = performance.now();
  const settings = loadConfig();
  const database = await openDatabase(settings);
  const app = await buildApp({ config: settings, database });
  // The configuration with its TOTP key settled (lib/stored-secrets.ts).
  const { config } = app;
  /**
   * The database closes after the app, not in one of its onClose hooks: those run last added,
   * first run, so a hook added here would close it before the app's own hooks had stopped the
   * workers and written the read records still waiting (they were lost at every stop under load).
   */
  const close = async () => {
    try {
      await app.close();
    } finally {
      await database.close();
    }
  };

  await storeFacilityDefaults(database.db, config);
  if (config.demoData && (await seedDemoData(systemContext({ db: database.db, config, log: app.log })))) {
    app.log.info('Loaded demo data (set DEMO_DATA=false to start empty)');
  }
  if (config.NODE_ENV === 'production') {
    const demoAccounts = await countDemoAccounts(database.db);
    if (demoAccounts > 0) {
      app.log.warn(
        `Demo accounts exist in production (${demoAccounts} at @carepoint.example, password carepoint-demo): ` +
          'anyone can sign in with them. Use a database without demo data for real patients.',
      );
    }
  }

  let closing = false;
  /**
   * A clean stop: readiness answers 503 at once and, for SHUTDOWN_DRAIN_SECONDS, the instance still
   * serves whatever a load balancer sends before its next health check; then no new connections,
   * requests in flight finish (live streams are ended so browsers reconnect elsewhere), and the
   * database closes (PGlite checkpoints). Requests still running after SHUTDOWN_GRACE_SECONDS
   * (counted after the drain) are cut off.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app.stopBeingReady();
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    const grace = setTimeout(() => {
      app.log.error(`requests still running after ${config.SHUTDOWN_GRACE_SECONDS} s; stopping anyway`);
      process.exit(1);
    }, config.SHUTDOWN_GRACE_SECONDS * 1000);
    try {
      await close();
      clearTimeout(grace);
      process.exit(0);
    } catch (error) {
      app.log.error(error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Hooks cannot be added once listening; the first purge waits a minute anyway.
  const jobContext = systemContext({ db: database.db, config, log: app.log });
  const stopAuditPurge = scheduleAuditPurge(jobContext);
  const stopCredentialPurge = scheduleCredentialPurge(jobContext);
  const stopNightCharges = scheduleNightCharges(jobContext);
  const stopKeyPurge = scheduleKeyPurge(jobContext);
  app.addHook('onClose', async () => {
    stopAuditPurge();
    stopCredentialPurge();
    stopNightCharges();
    stopKeyPurge();
  });
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // Close the database first: the data directory is free again when the process ends.
    await close();
    throw listenStartupError(error, config.HOST, config.PORT) ?? error;
  }
  try {
    await app.hl7.start();
  } catch (error) {
    await close();
    throw (
      listenStartupError(error, config.HL7_MLLP_HOST, config.HL7_MLLP_PORT ?? 0, {
        port: 'HL7_MLLP_PORT',
        host: 'HL7_MLLP_HOST',
      }) ?? error
    );
  }
  app.backups.schedule();
  app.messages.start();
  app.bulkExports.start();
  app.labEscalation.start();
  app.log.info(
    `CarePoint ready on ${database.kind} in ${Math.round(performance.now() - started)} ms ` +
      `(rss ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB)`,
  );
}

main().catch((error: unknown) => {
  // What the operator can fix gets one line; anything else is a bug, with its stack.
  const explained =
    error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StartupError;
  console.error(explained ? error.message : error);
  process.exit(1);
});
