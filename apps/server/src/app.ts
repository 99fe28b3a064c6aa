import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config, StartConfig } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { FHIR_BASE_PATH, isApiPath } from './lib/api-paths';
import { afterAnswer, type Later } from './lib/later';
import { withRedaction } from './lib/log-redaction';
import { createMailer, type SendMail } from './lib/mailer';
import { createRateLimits } from './lib/rate-limits';
import { connectRedis } from './lib/redis';
import { withTotpKey } from './lib/stored-secrets';
import { loggingOptions } from './logger';
import { routeModules } from './modules';
import { type BackupManager, createBackupManager } from './modules/backups/manager';
import { type BulkExportWorker, createBulkExportWorker } from './modules/fhir/bulk/worker';
import { fhirRoutes } from './modules/fhir/routes';
import { createMessageWorker, type MessageWorker } from './modules/notifications/worker';
import { oauthRoutes } from './modules/smart/oauth-routes';
import { readRecordsWritten } from './plugins/audit';
import authPlugin from './plugins/auth';
import { registerCompression } from './plugins/compression';
import contextPlugin from './plugins/context';
import csrfPlugin from './plugins/csrf';
import { registerApiDocs, registerApiDocsPage } from './plugins/docs';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import eventsPlugin from './plugins/events';
import { refusingInvalidText, registerHttpHygiene } from './plugins/hygiene';
import operationsPlugin from './plugins/operations';
import rateLimitsPlugin from './plugins/rate-limits';
import readCachePlugin from './plugins/read-cache';
import { serializingFrozenOnce } from './plugins/serialization';
import { registerWebApp } from './plugins/web';

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

type HeaderMap = Map<string, string | number | readonly string[]>;

/** The headers helmet sets with these options, as a map: they depend on nothing in the request. */
function helmetHeaders(options: HelmetOptions): HeaderMap {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, () => undefined);
  const headers: HeaderMap = new Map();
  for (const name of response.getHeaderNames()) {
    const value = response.getHeader(name);
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The headers of an API answer (JSON, CSV, PDF, files): OWASP's set for REST services. The
 * document headers (COOP, Origin-Agent-Cluster, DNS prefetch, X-XSS-Protection…) govern a page a
 * browser renders and runs, which an API answer is not; a file that is shown in a tab brings a
 * sandboxing CSP of its own (lib/file-types.ts). Half the headers, on the answers served most.
 */
function apiAnswerHeaders(documentHeaders: HeaderMap): HeaderMap {
  const hsts = documentHeaders.get('strict-transport-security');
  return new Map<string, string | number | readonly string[]>([
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'no-referrer'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ...(hsts === undefined ? [] : [['strict-transport-security', hsts] as const]),
  ]);
}

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
  app.setValidatorCompiler(refusingInvalidText(validatorCompiler));
  app.setSerializerCompiler(serializingFrozenOnce(serializerCompiler));
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
  app.addHook('onClose', async () => {
    await bulkExports.close();
    await messages.close();
    await backups.close();
    await later.settled();
    // Read records are written after their answers: all of them before the database closes.
    await readRecordsWritten(database.db);
    await redis?.close();
  });

  registerErrorHandling(app);
  registerHttpHygiene(app);
  // Helmet's headers, worked out once at start-up and then set as they are on every answer. Not
  // @fastify/helmet: it wraps this same helmet (the same headers), but its 13.2.0 still builds
  // the middleware and parses the CSP again on every request (measured: about 24 µs a request
  // against 3); nor helmet's middleware per request (a chain of twelve functions, 4.5% of a
  // profile of the patients list): the headers depend on the configuration only.
  const documentHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    hsts: config.cookieSecure,
  });
  const apiHeaders = apiAnswerHeaders(documentHeaders);
  await registerCompression(app);
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request.raw;
    const api = url !== undefined && isApiPath(url) && !url.startsWith('/api/docs');
    reply.raw.setHeaders(api ? apiHeaders : documentHeaders);
    done();
  });
  await app.register(cookie);
  await app.register(csrfPlugin);
  await app.register(rateLimitsPlugin, { limits: createRateLimits({ now, redis }) });
  await app.register(authPlugin);
  await app.register(eventsPlugin);
  await app.register(readCachePlugin);
  await app.register(contextPlugin);
  // The document before any route (it sees only those registered after it, /api/ready among
  // them); its page where it always was, after the operations plugin's hooks.
  await registerApiDocs(app);
  await app.register(operationsPlugin);
  await registerApiDocsPage(app);
  for (const routes of routeModules) await app.register(routes);
  await app.register(oauthRoutes);
  await app.register(fhirRoutes, { prefix: FHIR_BASE_PATH });
  await registerWebApp(app, config.webDist);
  return app;
}
