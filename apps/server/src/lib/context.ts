import type { LiveAudience, LiveTopic, Role } from '@carepoint/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { createMailer, type SendMail } from './mailer';
import { type ReadCache, uncached } from './read-cache';

/** Who is acting: the signed-in user, or null for anonymous calls, the seed and the CLI. */
export interface Actor {
  id: string;
  role: Role;
  email: string;
  firstName: string;
  lastName: string;
  mustChangePassword: boolean;
}

/**
 * Everything a service needs, and nothing of HTTP: routes build it from the request, while the
 * seed, the CLI, jobs and tests build it directly. Services never see a FastifyRequest.
 */
export interface ServiceContext {
  /** The database, or the transaction the caller is inside. */
  db: Executor;
  /** The clock every rule reads; tests inject their own. */
  now(): Date;
  actor: Actor | null;
  /** The client's address as far as TRUST_PROXY allows; 'local' outside HTTP. */
  ip: string;
  config: Config;
  log: FastifyBaseLogger;
  sendMail: SendMail;
  /**
   * Announces a change to live boards on every instance (after commit; never throws); the
   * audience names the doctors whose own screens it concerns.
   */
  publish(topic: LiveTopic, audience?: LiveAudience): Promise<void>;
  /** Committed answers of hot reads, shared by this instance's requests (lib/read-cache.ts). */
  cache: ReadCache;
}

/**
 * The same context inside a transaction, so audit rows and reads commit or roll back with it;
 * its reads are its own (they may see its uncommitted rows), so none is shared through the cache.
 */
export const inTransaction = (ctx: ServiceContext, tx: Executor): ServiceContext => ({
  ...ctx,
  db: tx,
  cache: uncached,
});

/**
 * The same context acting as this user. A service that acts for the signed-in user reads who
 * that is from `ctx.actor`; the seed, the CLI, jobs and tests call it for a given user with this.
 */
export const actingAs = <Context extends ServiceContext>(ctx: Context, actor: Actor): Context => ({
  ...ctx,
  actor,
});

/** A user's row (or any wider record of them) as an Actor: only who they are, none of the rest. */
export const actorOf = ({ id, role, email, firstName, lastName, mustChangePassword }: Actor): Actor => ({
  id,
  role,
  email,
  firstName,
  lastName,
  mustChangePassword,
});

/** The address recorded for work that did not come over HTTP (the seed, the CLI, jobs, tests). */
const LOCAL_ADDRESS = 'local';

const ignore = () => {};
/** A logger that drops everything, for callers that have none. */
export const silentLogger: FastifyBaseLogger = {
  level: 'silent',
  fatal: ignore,
  error: ignore,
  warn: ignore,
  info: ignore,
  debug: ignore,
  trace: ignore,
  silent: ignore,
  child: () => silentLogger,
};

export interface SystemContextOptions {
  db: Executor;
  config: Config;
  log?: FastifyBaseLogger;
  now?: () => Date;
  actor?: Actor | null;
  /** Without one, mail goes the way the server sends it: SMTP_URL if set, and the outbox. */
  sendMail?: SendMail;
  /** Without one, changes are not announced: only a running server has live boards to tell. */
  publish?: (topic: LiveTopic, audience?: LiveAudience) => Promise<void>;
  /** Without one, every read goes to the database. */
  cache?: ReadCache;
}

/** A context for work outside HTTP: the seed, the CLI, jobs and tests call services with it. */
export function systemContext(options: SystemContextOptions): ServiceContext {
  const { db, config } = options;
  const log = options.log ?? silentLogger;
  return {
    db,
    now: options.now ?? (() => new Date()),
    actor: options.actor ?? null,
    ip: LOCAL_ADDRESS,
    config,
    log,
    sendMail: options.sendMail ?? createMailer({ db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    publish: options.publish ?? (async () => {}),
    cache: options.cache ?? uncached,
  };
}
