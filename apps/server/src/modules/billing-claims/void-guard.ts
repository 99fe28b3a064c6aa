import { CLAIM_MESSAGES } from '@carepoint/contract';
import { violatedIntegrity } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';

/**
 * Runs a charge's void; when the database refuses it because a live claim line names the charge
 * (trigger charges_refuse_void_claimed of the claims' migration), answers 409 with the contract's
 * message on `reason`. The charges' Void calls its update through this.
 */
export async function refusingVoidOfClaimedCharge<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedIntegrity(error) === 'charges_claimed')
      throw conflict('CHARGE_CLAIMED', CLAIM_MESSAGES.chargeClaimed, 'reason');
    throw error;
  }
}
