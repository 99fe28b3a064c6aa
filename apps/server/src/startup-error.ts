/** A failure at start that one line explains to the operator: printed without a stack trace. */
export class StartupError extends Error {}

/** DATABASE_URL as it may be shown: without its password, nor its query (which may carry one). */
export function redactDatabaseUrl(url: string) {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.search = '';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/** The error's code; a connection tried on several addresses (IPv6, IPv4) fails with an AggregateError. */
const codeOf = (error: unknown): string | undefined => {
  if (!(error instanceof Error)) return undefined;
  const { code } = error as NodeJS.ErrnoException;
  if (code) return code;
  return error instanceof AggregateError ? codeOf(error.errors[0]) : undefined;
};

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ECONNRESET: 'connection reset',
};

/** Explains a failure to connect to DATABASE_URL; undefined for any other error. */
export function databaseStartupError(error: unknown, url: string): StartupError | undefined {
  const code = codeOf(error);
  const shown = redactDatabaseUrl(url);
  const reason = code && networkReasons[code];
  if (reason) return new StartupError(`Cannot reach the database at ${shown} (${reason})`);
  // SQLSTATE 3D000: invalid_catalog_name; 28P01 / 28000: authentication refused.
  if (code === '3D000') {
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    return new StartupError(
      `The database ${name} does not exist at ${shown} (create it first: createdb ${name})`,
    );
  }
  if (code === '28P01' || code === '28000') {
    return new StartupError(`The database at ${shown} refused the sign-in (${(error as Error).message})`);
  }
  return undefined;
}

/** Explains a failure to listen on HOST:PORT; undefined for any other error. */
export function listenStartupError(
  error: unknown,
  host: string,
  port: number,
  settings = { port: 'PORT', host: 'HOST' },
): StartupError | undefined {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return new StartupError(
        `Port ${port} on ${host} is already in use by another program (stop it, or set ${settings.port} to a free port)`,
      );
    case 'EACCES':
      return new StartupError(
        `Not allowed to listen on port ${port} of ${host} (set ${settings.port} to 1024 or above)`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        `Cannot listen on ${host}: not an address of this machine (check ${settings.host})`,
      );
    default:
      return undefined;
  }
}
