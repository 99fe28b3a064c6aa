/** An expected failure with its HTTP status and the contract's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * The signed-in user (a request's, or a service context's actor), or 401 "Please sign in" when
 * there is none: for code that runs only for signed-in callers.
 */
export function signedIn<User>(user: User | null | undefined): User {
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in');
  return user;
}

/** 404 with the contract's message for what was not found (the message is part of the API). */
export const notFoundWith = (message: string) => new AppError(404, 'NOT_FOUND', message);
/** 404 "<what> not found", for records the contract has no message of its own for. */
export const notFound = (what = 'Record') => notFoundWith(`${what} not found`);
export const badRequest = (message: string, field?: string) =>
  new AppError(400, 'VALIDATION', message, field ? { [field]: [message] } : undefined);
export const conflict = (code: string, message: string, field?: string) =>
  new AppError(409, code, message, field ? { [field]: [message] } : undefined);

/** Over a rate limit: answered as 429 with a plain-text body the app shows as it is. */
export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}
