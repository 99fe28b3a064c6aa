import { createHash } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@carepoint/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { scheduleDaily } from '../../lib/daily';
import { AppError, signedIn } from '../../lib/errors';

/** What a key was sent with: the operation, the record it is for and the body, as checked. */
export interface KeyedRequest {
  key: string;
  operation: string;
  body: unknown;
}

const hashOf = ({ operation, body }: KeyedRequest) =>
  createHash('sha256')
    .update(JSON.stringify([operation, body]))
    .digest('hex');

/**
 * Runs `take` once per Idempotency-Key of the signed-in user, and answers every later request
 * with the same key with the first one's answer (`replayed: true`), never running it again.
 *
 * The key's row is inserted in `take`'s own transaction. A duplicate sent while the first is still
 * running waits on the key's unique index until the first commits (then it finds the row and its
 * answer) or rolls back (then its insert succeeds and it takes the payment itself): so N parallel
 * identical requests take one payment and all answer it. A refusal (a closed day, an amount over
 * the balance) rolls back with the key, so a retry is checked afresh. The key with a different
 * body, or for a different operation, answers 422: it names another payment.
 */
export async function oncePerKey<T>(
  ctx: ServiceContext,
  request: KeyedRequest,
  take: (txCtx: ServiceContext) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const actorId = signedIn(ctx.actor).id;
  const requestHash = hashOf(request);
  const thisKey = and(eq(idempotencyKeys.actorId, actorId), eq(idempotencyKeys.key, request.key));
  return ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ actorId, key: request.key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed) {
      const [first] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!first || first.requestHash !== requestHash || first.response === null)
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', PAYMENT_MESSAGES.keyReused);
      return { result: first.response as T, replayed: true };
    }
    const result = await take(inTransaction(ctx, tx));
    await tx.update(idempotencyKeys).set({ response: result, statusCode: 201 }).where(thisKey);
    return { result, replayed: false };
  });
}

/**
 * How long a key answers its retries: a client retries within seconds, a week covers a device
 * offline over a weekend. After it the key is gone, with the copy of the receipt it held.
 */
const KEY_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes the keys sent over a week ago; answers how many. Safe for two instances at once. */
export async function purgeOldKeys(ctx: ServiceContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - KEY_KEPT_MS);
  const removed = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ row: sql`1` });
  return removed.length;
}

/** Purges the old keys daily while the server runs. */
export function scheduleKeyPurge(ctx: ServiceContext) {
  return scheduleDaily(() =>
    purgeOldKeys(ctx).then(
      (removed) => {
        if (removed > 0) ctx.log.info(`Removed ${removed} payment idempotency keys over a week old`);
      },
      (error: unknown) => ctx.log.error({ err: error }, 'Purge of payment idempotency keys failed'),
    ),
  );
}
