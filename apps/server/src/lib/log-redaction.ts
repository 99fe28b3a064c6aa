import type { FastifyServerOptions } from 'fastify';

/*
 * No secret or personal data in the log, whatever a caller logs. A failed query's error
 * carries its parameters (Drizzle puts them in the message: password hashes, e-mail
 * addresses, names); a URL's query string carries searches and reset tokens; headers carry
 * session tokens. The serializers write errors and requests without them, and the log formatter
 * blanks secret fields wherever they are logged by name.
 */

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Fields blanked wherever code logs them by name, at the top or one level down. */
const SECRET_FIELDS = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'params',
  'cookie',
  'authorization',
  'set-cookie',
]);
const CENSOR = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The object with its secret fields blanked, at the top and in the plain objects it holds (as
 * `{ user: { token } }` or `{ headers: { cookie } }`); the same object when it holds none, so a
 * line without secrets costs a look at its keys. Errors and requests have serializers of their
 * own (below). This is what pino's `redact` with `*.field` paths did, without its price: those
 * wildcard paths sent every value, the per-request logger's `reqId` included, through the
 * redaction, which was an eighth of what a request allocated. pino's `redact` keeps the
 * top-level names only, for what this formatter does not see: a child logger's bindings.
 */
function blankSecrets(object: Record<string, unknown>, nested = true): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    if (!Object.hasOwn(object, key)) continue;
    const value = object[key];
    let blanked = value;
    if (SECRET_FIELDS.has(key)) blanked = CENSOR;
    else if (nested && isPlainObject(value)) blanked = blankSecrets(value, false);
    if (blanked !== value) {
      copy ??= { ...object };
      copy[key] = blanked;
    }
  }
  return copy ?? object;
}

interface ErrorFields {
  code?: unknown;
  statusCode?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'] as const;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** An error's message, less what it quotes of the data. */
function messageOf(error: Error & ErrorFields): string {
  // DrizzleQueryError: "Failed query: <sql>\nparams: <every parameter>".
  if (typeof error.query === 'string' && 'params' in error) return `Failed query: ${error.query}`;
  // PostgreSQL's data exceptions (class 22) quote the offending value.
  if (typeof error.code === 'string' && SQLSTATE.test(error.code) && error.code.startsWith('22')) {
    return `Data exception ${error.code}`;
  }
  return error.message;
}

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** An error as the log shows it: type, message, codes, the SQL without its parameters, frames, causes. */
function redactedError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const fields = error as Error & ErrorFields;
  // The stack's first lines repeat the message: only the frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: LoggedError = {
    type: error.constructor.name || error.name,
    message: messageOf(fields),
    stack: frames.join('\n'),
  };
  for (const key of KEPT_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof fields.query === 'string') out.query = fields.query;
  if (fields.cause !== undefined && depth < 5) out.cause = redactedError(fields.cause, depth + 1);
  return out;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  host?: string;
  socket?: { remotePort?: number };
}

/** A request as the log shows it: its path without the query string (searches, reset tokens). */
const redactedRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** The app's logger options (or a test's) with the redaction added; no logger stays no logger. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base: LoggerOptions = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, err: redactedError, req: redactedRequest },
    formatters: { ...base.formatters, log: blankSecrets },
    // A name that is not an identifier is written in quotes ("set-cookie").
    redact: {
      paths: [...SECRET_FIELDS].map((field) => (/^\w+$/.test(field) ? field : `"${field}"`)),
      censor: CENSOR,
    },
  };
}
