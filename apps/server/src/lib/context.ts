import type { LiveTopic, Role } from '@carepoint/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import type { SendMail } from './mailer';

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
  /** Announces a change to live boards on every instance (after commit; never throws). */
  publish(topic: LiveTopic): Promise<void>;
}

/** The same context inside a transaction, so audit rows and reads commit or roll back with it. */
export const inTransaction = (ctx: ServiceContext, tx: Executor): ServiceContext => ({ ...ctx, db: tx });
