import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { withRedaction } from './lib/log-redaction';
import { createMailer, type SendMail } from './lib/mailer';
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from './lib/rate-limiter';
import { loggingOptions } from './logger';
import { routeModules } from './modules';
import authPlugin from './plugins/auth';
import contextPlugin from './plugins/context';
import { registerApiDocs } from './plugins/docs';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors';
import eventsPlugin from './plugins/events';
import { refusingInvalidText, registerHttpHygiene } from './plugins/hygiene';
import { registerWebApp } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DatabaseHandle;
    limiter: RateLimiter;
    sendMail: SendMail;
    /** The clock every rule reads; tests inject their own. */
    now(): Date;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  now?: () => Date;
  limiter?: RateLimiter;
  sendMail?: SendMail;
  logger?: FastifyServerOptions['logger'];
}

const ONE_MIB = 1024 * 1024;

/** Builds the whole API (and the static web app) on a given database; main.ts and tests both use it. */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const logging = loggingOptions(config, options.logger);
  const app = Fastify({
    ...logging,
    logger: withRedaction(logging.logger),
    bodyLimit: ONE_MIB,
    trustProxy: config.NODE_ENV === 'production',
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(refusingInvalidText(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const limiter =
    options.limiter ?? (config.REDIS_URL ? redisRateLimiter(config.REDIS_URL) : memoryRateLimiter());
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  app.decorate('limiter', limiter);
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate(
    'sendMail',
    options.sendMail ??
      createMailer({
        db: database.db,
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        log: (msg) => app.log.info(msg),
      }),
  );
  app.addHook('onClose', async () => {
    await limiter.close();
  });

  registerErrorHandling(app);
  registerHttpHygiene(app);
  await app.register(helmet, {
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
  await app.register(cookie);
  await app.register(authPlugin);
  await app.register(eventsPlugin);
  await app.register(contextPlugin);
  await registerApiDocs(app);
  for (const routes of routeModules) await app.register(routes);
  await registerWebApp(app, config.webDist);
  return app;
}
