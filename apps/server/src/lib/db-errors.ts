/**
 * The unique constraint a failed insert or update broke, or undefined for any other error.
 * Drizzle wraps driver errors (node-postgres and PGlite alike) and keeps the original as `cause`.
 */
export const violatedUnique = (error: unknown) => violated(error, ['23505']);

/**
 * The foreign key a failed write broke, or undefined: a missing parent or a row still referenced
 * (23503), or a row still referenced through ON DELETE RESTRICT (23001).
 */
export const violatedForeignKey = (error: unknown) => violated(error, ['23503', '23001']);

/** The CHECK constraint a failed write broke, or undefined for any other error. */
export const violatedCheck = (error: unknown) => violated(error, ['23514']);

/** The error and its causes (Drizzle wraps the driver's error), at most five deep. */
function* causes(error: unknown) {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    yield e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The constraint named by a driver error of one of the SQLSTATEs, or undefined for any other error. */
function violated(error: unknown, sqlStates: readonly string[]): string | undefined {
  for (const { code, constraint } of causes(error)) {
    if (typeof code === 'string' && sqlStates.includes(code))
      return typeof constraint === 'string' ? constraint : '';
  }
  return undefined;
}

/** Network failures on the way to the database server, as Node reports them. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres says when a connection drops or none can be had in time. */
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * Whether a failure means "the database server cannot be reached right now" (it restarted, the
 * network dropped, it refuses connections while starting or shutting down), as opposed to a bug
 * or a bad query: SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash,
 * cannot connect now), a network error, or node-postgres' own connection messages.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))
        return true;
    }
    if (typeof message === 'string' && POOL_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** Runs a write; if it breaks a unique constraint, throws what `toError` makes of it (a 409 with the contract's message). */
export async function mapUnique<T>(
  write: () => Promise<T>,
  toError: (constraint: string) => Error,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUnique(error);
    throw constraint === undefined ? error : toError(constraint);
  }
}

/** The constraint named by an integrity violation a trigger raised (SQLSTATE 23000), or undefined. */
export const violatedIntegrity = (error: unknown) => violated(error, ['23000']);
