import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { FhirError, resourceNotFound } from '../outcome';

/** Where an export starts: the whole system, every patient, or one doctor's Group of patients. */
export type ExportLevel = 'system' | 'patient' | 'group';

/**
 * Who may start a bulk export at which level: the one place this is decided (SMART scopes will
 * add their condition here). An admin exports at every level; a doctor only the Group of their
 * own patients (another doctor's Group answers 404, as a record they may not see); a patient
 * nothing. Throws the refusal; answers the requester's id.
 */
export function bulkExportAccess(request: FastifyRequest, level: ExportLevel, groupId?: string): string {
  const user = currentUser(request);
  if (user.role === 'admin') return user.id;
  if (user.role === 'doctor' && level === 'group') {
    if (groupId !== user.id) throw resourceNotFound('Group', groupId ?? '');
    return user.id;
  }
  throw new FhirError(403, 'forbidden', 'You may not export data at this level');
}
