import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../plugins/auth';
import { requireExportScopes } from '../../smart';
import { FhirError, resourceNotFound } from '../outcome';

/** Where an export starts: the whole system, every patient, or one doctor's Group of patients. */
export type ExportLevel = 'system' | 'patient' | 'group';

/** Whose an export is: a user's (a session, or a SMART token acting for them) or a backend service's. */
export type ExportRequester = { userId: string; appId: null } | { userId: null; appId: string };

/** The caller as an export's requester: the backend service behind the token, else the user. */
export function exportRequester(request: FastifyRequest): ExportRequester {
  const app = request.smartCaller;
  if (app && app.user === null) return { userId: null, appId: app.appId };
  return { userId: currentUser(request).id, appId: null };
}

/**
 * Who may start a bulk export at which level, of which types: the one place this is decided. An
 * admin exports at every level; a doctor only the Group of their own patients (another doctor's
 * Group answers 404, as a record they may not see); a patient nothing; a backend service every
 * level. A SMART token must besides have user/ (or, a backend service's, system/) scopes allowing
 * a search of every type the export holds (403 insufficient_scope). Throws the refusal; answers
 * the requester.
 */
export function bulkExportAccess(
  request: FastifyRequest,
  wanted: { level: ExportLevel; groupId?: string; types: readonly string[] },
): ExportRequester {
  const requester = exportRequester(request);
  if (requester.appId === null) requireRole(request, wanted.level, wanted.groupId);
  requireExportScopes(request, wanted.types);
  return requester;
}

function requireRole(request: FastifyRequest, level: ExportLevel, groupId: string | undefined) {
  const user = currentUser(request);
  if (user.role === 'admin') return;
  if (user.role === 'doctor' && level === 'group') {
    if (groupId !== user.id) throw resourceNotFound('Group', groupId ?? '');
    return;
  }
  throw new FhirError(403, 'forbidden', 'You may not export data at this level');
}
