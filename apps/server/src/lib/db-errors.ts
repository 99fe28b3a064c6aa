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

/** The constraint named by a driver error of one of the SQLSTATEs, or undefined for any other error. */
function violated(error: unknown, sqlStates: readonly string[]): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && sqlStates.includes(code))
      return typeof constraint === 'string' ? constraint : '';
    e = cause;
  }
  return undefined;
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
