import {
  APPOINTMENT_MESSAGES,
  AUDIT_EXPORT_MESSAGES,
  type AuditActions,
  DOCTOR_MESSAGES,
  FORMULARY_MESSAGES,
  LAB_CATALOGUE_MESSAGES,
  MESSAGE_MESSAGES,
  WARD_MESSAGES,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';
import type { ListResource, ListRows } from './shared';

/* The admin's paged lists (one ListTable each): doctors, nurses, beds, the audit trail, ... */

const LIST_LOAD_FAILED: Record<ListResource, string> = {
  doctors: DOCTOR_MESSAGES.fetchFailed,
  nurses: 'Could not fetch nurses',
  ambulances: 'Could not fetch ambulances',
  patients: 'Could not fetch patients',
  beds: 'Could not fetch beds',
  wards: WARD_MESSAGES.loadFailed,
  'emergency-room': 'Could not fetch the emergency room',
  'demo-requests': 'Could not fetch demo requests',
  audit: 'Could not fetch the audit trail',
  outbox: 'Could not fetch the outbox',
  messages: MESSAGE_MESSAGES.loadFailed,
  appointments: APPOINTMENT_MESSAGES.loadFailed,
  'lab-tests': LAB_CATALOGUE_MESSAGES.loadFailed,
  medicines: FORMULARY_MESSAGES.loadFailed,
};

/** One page of an admin list (for ListTable); the previous page stays on screen while the next one loads. */
export const adminListQuery = <R extends ListResource>(resource: R, queryString: string) =>
  queryOptions({
    queryKey: queryKeys.admin.list(resource, queryString),
    queryFn: ({ signal }) => api.get<Page<ListRows[R]>>(`/admin/${resource}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: LIST_LOAD_FAILED[resource] },
  });

/** The action names the trail holds: the Action filter's choices (a new name shows on the next visit). */
export const useAuditActions = () =>
  useQuery({
    queryKey: queryKeys.admin.auditActions,
    queryFn: ({ signal }) => api.get<AuditActions>('/admin/audit/actions', { signal }),
    meta: { errorMessage: AUDIT_EXPORT_MESSAGES.actionsLoadFailed },
  });
