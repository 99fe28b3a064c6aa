import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type PinoPretty from 'pino-pretty';
import type { StartConfig } from './config';

/** The path without its query string: queries carry names searched for, and tokens. */
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/**
 * One line per request, written when it ends (method, path, status, time), instead of Fastify's
 * two (received, completed) with every header-derived detail: half the lines, and a line a
 * person can read.
 */
class RequestLog extends LogController {
  override incomingRequest() {}
  // The request's own line already says 404.
  override routeNotFound() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      path: pathOf(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

interface RequestLine {
  method?: string;
  path?: string;
  statusCode?: number;
  ms?: number;
}

type PrettyFactory = typeof PinoPretty;

/**
 * pino-pretty, when it is installed: it is a devDependency, so a production install
 * (`npm ci --omit=dev`) has none, and then this answers undefined rather than failing.
 */
export function loadPinoPretty(
  require: (id: string) => unknown = createRequire(import.meta.url),
): PrettyFactory | undefined {
  try {
    return require('pino-pretty') as PrettyFactory;
  } catch (error) {
    const notFound = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
    if (notFound && String((error as Error).message).includes("'pino-pretty'")) return undefined;
    throw error;
  }
}

/**
 * In development, lines a person reads (pino-pretty, formatted in this thread: no worker thread
 * and its memory); in production, one JSON object per line for the log collector.
 */
function prettyStream(pretty: PrettyFactory) {
  return pretty({
    translateTime: 'HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,method,path,statusCode,ms',
    messageFormat: (log, messageKey) => {
      const request = log as RequestLine;
      return request.path
        ? `${request.method} ${request.path} ${request.statusCode} ${request.ms} ms`
        : String(log[messageKey]);
    },
  });
}

/** Fastify's logger and request-log options for this configuration. */
export function loggingOptions(
  config: StartConfig,
  logger?: FastifyServerOptions['logger'],
  loadPretty: () => PrettyFactory | undefined = loadPinoPretty,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  // Loaded only in development (production never pays for it); JSON lines when it is not installed.
  const wantsPretty =
    logger === undefined && config.NODE_ENV === 'development' && config.LOG_LEVEL !== 'silent';
  const pretty = wantsPretty ? loadPretty() : undefined;
  return {
    logger: logger ?? {
      level: config.LOG_LEVEL,
      serializers: {
        req: (req) => ({ method: req.method, path: pathOf(req.url ?? '') }),
      },
      ...(pretty ? { stream: prettyStream(pretty) } : {}),
    },
    logController: new RequestLog(),
  };
}
