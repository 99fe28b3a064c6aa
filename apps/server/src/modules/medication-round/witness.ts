import { MEDICATION_ROUND_MESSAGES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { badRequest, signedIn } from '../../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../../lib/passwords';
import type { RateLimits } from '../../lib/rate-limits';
import { takePasswordCheck } from '../auth';

const WITNESS_FIELD = 'witness.password';

/**
 * The second nurse who witnesses a controlled medicine: another active nurse account, proved by
 * its password. The checks count against sign-in's limits for that e-mail and address (a
 * witness box is a password box), and a right password gives its check back, as at sign-in.
 * Anything wrong is one answer on the witness's password field, whichever part it was.
 */
export async function verifyWitness(
  ctx: ServiceContext,
  db: Executor,
  limits: RateLimits,
  witness: { email: string; password: string } | null | undefined,
): Promise<string> {
  const actor = signedIn(ctx.actor);
  if (!witness?.email || !witness.password)
    throw badRequest(MEDICATION_ROUND_MESSAGES.witnessRequired, WITNESS_FIELD);
  const email = witness.email.toLowerCase();
  const check = await takePasswordCheck(ctx, limits, email);
  const [user] = await db
    .select({ id: users.id, role: users.role, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), witness.password);
  if (!user || !valid || user.role !== 'nurse' || user.status !== 'Active')
    throw badRequest(MEDICATION_ROUND_MESSAGES.witnessInvalid, WITNESS_FIELD);
  await check.giveBack();
  if (user.id === actor.id) throw badRequest(MEDICATION_ROUND_MESSAGES.witnessSelf, WITNESS_FIELD);
  return user.id;
}
