/**
 * The unique constraint a failed insert or update broke, or undefined for any other error.
 * Drizzle wraps driver errors (node-postgres and PGlite alike) and keeps the original as `cause`.
 */
export function violatedUnique(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, constraint, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
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
