import type { HandoverDue, HandoverPatient } from '@carepoint/contract';
import type { ServiceContext } from '../../lib/context';

/**
 * What is due on the ward, for the handover's "What is due" section: the place where the
 * medication round's doses due and overdue, and each patient's latest NEWS2 from the
 * observations, are added (reading them through those modules' public surfaces). The notes
 * module itself has nothing due to report, so the section is empty until then.
 */
export async function handoverDue(
  _ctx: ServiceContext,
  _wardId: string,
  _patients: readonly HandoverPatient[],
): Promise<HandoverDue> {
  return {};
}
