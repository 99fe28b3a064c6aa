import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config, StartConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { FHIR_BASE_PATH } from './lib/api-paths';
import { readRecordsWritten } from './lib/audit';
import { afterAnswer, type Later } from './lib/later';
import { withRedaction } from './lib/log-redaction';
import { createMailer, type SendMail } from './lib/mailer';
import { createRateLimits } from './lib/rate-limits';
import { connectRedis } from './lib/redis';
import { withTotpKey } from './lib/stored-secrets';
import { loggingOptions } from './logger';
import { routeModules } from './modules';
import { type BackupManager, createBackupManager } from './modules/backups';
import { type BulkExportWorker, createBulkExportWorker } from './modules/fhir';
import { fhirRoutes } from './modules/fhir/routes';
import { createHl7Listener, type Hl7Listener } from './modules/lab-hl7';
import { createEscalationWorker, type EscalationWorker } from './modules/lab-results';
import { createMessageWorker, type MessageWorker } from './modules/notifications';
import { oauthRoutes } from './modules/smart/oauth-routes';
import authPlugin from './plugins/auth';
import compressionPlugin from './plugins/compression';
import contextPlugin from './plugins/context';
import csrfPlugin from './plugins/csrf';
import { apiDocsPagePlugin, apiDocumentPlugin } from './plugins/docs';
import errorsPlugin, { answerFrameworkError } from './plugins/errors';
import eventsPlugin from './plugins/events';
import hygienePlugin from './plugins/hygiene';
import operationsPlugin from './plugins/operations';
import rateLimitsPlugin from './plugins/rate-limits';
import readCachePlugin from './plugins/read-cache';
import securityHeadersPlugin from './plugins/security-headers';
import serializationPlugin from './plugins/serialization';
import webAppPlugin from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
    sendMail: SendMail;
    /** Work requests leave for after their answer (lib/later.ts). */
    later: Later;
    /** The clock every rule reads; tests inject their own. */
    now(): Date;
    /** The embedded database's backups (modules/backups/manager.ts). */
    backups: BackupManager;
    /** Sends appointment e-mails (modules/notifications/worker.ts); main.ts starts it. */
    messages: MessageWorker;
    /** Runs FHIR bulk exports (modules/fhir/bulk/worker.ts); main.ts starts it. */
    bulkExports: BulkExportWorker;
    /** Escalates unacknowledged critical lab results (modules/lab-results/escalation.ts); main.ts starts it. */
    labEscalation: EscalationWorker;
    /** The analysers' HL7 v2 MLLP listener (modules/lab-hl7/listener.ts); main.ts starts it. */
    hl7: Hl7Listener;
  }
}

export interface AppOptions {
  /** TOTP_ENCRYPTION_KEY may be unset: buildApp then settles the key kept in the database. */
  config: StartConfig;
  database: DatabaseHandle;
  now?: () => Date;
  sendMail?: SendMail;
  later?: Later;
  logger?: FastifyServerOptions['logger'];
}

const ONE_MIB = 1024 * 1024;

/** Builds the whole API (and the static web app) on a given database; main.ts and tests both use it. */
export async function buildApp(options: AppOptions) {
  const { database } = options;
  const logging = loggingOptions(options.config, options.logger);
  // Fastify itself refuses hop counts (a client that bypasses the proxies could add hops of its
  // own); TRUST_PROXY allows one for installs reachable only through that many proxies.
  const trusted = options.config.TRUST_PROXY;
  const app = Fastify({
    ...logging,
    logger: withRedaction(logging.logger),
    bodyLimit: ONE_MIB,
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    frameworkErrors: answerFrameworkError,
  });
  await app.register(serializationPlugin);
  // Before any route exists: no request is served under a key other instances do not share.
  const config = await withTotpKey(options.config, database.db, app.log);

  const now = options.now ?? (() => new Date());
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, app.log) : undefined;
  const later = options.later ?? afterAnswer(app.log);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  app.decorate('now', now);
  app.decorate('later', later);
  app.decorate(
    'sendMail',
    options.sendMail ??
      createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
  );
  const backups = createBackupManager({ config, database, log: app.log });
  app.decorate('backups', backups);
  const messages = createMessageWorker({
    db: database.db,
    config,
    log: app.log,
    now,
    sendMail: app.sendMail,
  });
  app.decorate('messages', messages);
  const bulkExports = createBulkExportWorker({ db: database.db, config, log: app.log, now });
  app.decorate('bulkExports', bulkExports);
  // Both publish through the events plugin, registered below (they run only once the app is ready).
  const labEscalation = createEscalationWorker({
    db: database.db,
    config,
    log: app.log,
    now,
    publish: (topic, audience) => app.events.publish(topic, audience),
  });
  app.decorate('labEscalation', labEscalation);
  const hl7 = createHl7Listener({
    db: database.db,
    config,
    log: app.log,
    now,
    publish: (topic, audience) => app.events.publish(topic, audience),
  });
  app.decorate('hl7', hl7);
  app.addHook('onClose', async () => {
    // First: the messages in progress are answered while the database is still open.
    await hl7.close();
    await labEscalation.close();
    await bulkExports.close();
    await messages.close();
    await backups.close();
    await later.settled();
    // Read records are written after their answers: all of them before the database closes.
    await readRecordsWritten(database.db);
    await redis?.close();
  });

  await app.register(errorsPlugin);
  await app.register(hygienePlugin);
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(csrfPlugin);
  await app.register(rateLimitsPlugin, { limits: createRateLimits({ now, redis }) });
  await app.register(authPlugin);
  await app.register(eventsPlugin);
  await app.register(readCachePlugin);
  await app.register(contextPlugin);
  // The document before any route (it sees only those registered after it, /api/ready among
  // them); its page where it always was, after the operations plugin's hooks.
  await app.register(apiDocumentPlugin);
  await app.register(operationsPlugin);
  await app.register(apiDocsPagePlugin);
  for (const routes of routeModules) await app.register(routes);
  await app.register(oauthRoutes);
  await app.register(fhirRoutes, { prefix: FHIR_BASE_PATH });
  await app.register(webAppPlugin, { webDist: config.webDist });
  return app;
}
