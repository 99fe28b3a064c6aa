import type {
  AdminDoctor,
  AdminPatient,
  Ambulance,
  AuditEvent,
  Bed,
  DemoRequestRow,
  DeskAppointment,
  ErEntry,
  LabTest,
  LiveTopic,
  Medicine,
  MessageRow,
  Nurse,
  OutboxMail,
  StaffAccount,
  Ward,
} from '@carepoint/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { answersField, changeMeta, type RefusalShown } from '@/lib/forms';
import { type AdminListResource, type AdminResource, queryKeys } from '@/lib/query-keys';

/*
 * Admin area data: TanStack Query hooks over /api/admin/*, one file per subject (patients.ts,
 * emergency.ts, beds.ts, ...). This file holds what they share: the keys, the invalidation, the
 * load-failure texts and the mutation helpers. Every key starts with 'admin' and the resource,
 * so a change (or a live event) invalidates one resource with all its pages.
 */

/** The paged lists and the row each one answers. */
export type ListRows = {
  doctors: AdminDoctor;
  nurses: Nurse;
  staff: StaffAccount;
  ambulances: Ambulance;
  patients: AdminPatient;
  beds: Bed;
  wards: Ward;
  'emergency-room': ErEntry;
  'demo-requests': DemoRequestRow;
  audit: AuditEvent;
  outbox: OutboxMail;
  messages: MessageRow;
  appointments: DeskAppointment;
  'lab-tests': LabTest;
  medicines: Medicine;
};
export type ListResource = AdminListResource;
export type Resource = AdminResource;

/** Figures computed from every record: any admin change may move them. */
const DERIVED: readonly Resource[] = ['summary', 'analytics', 'stats'];

export function invalidateAdmin(client: QueryClient, resources: readonly Resource[]) {
  const all = new Set([...resources, ...DERIVED]);
  return Promise.all(
    [...all].map((resource) => client.invalidateQueries({ queryKey: queryKeys.admin.resource(resource) })),
  );
}

/** What each live topic (GET /api/admin/events) makes stale. */
export const TOPIC_RESOURCES: Record<LiveTopic, readonly Resource[]> = {
  emergency: ['emergency-room'],
  queues: ['queues'],
  appointments: ['appointments'],
  // Admissions, transfers and discharges change who lies in the beds.
  wards: ['beds', 'wards'],
  // Lab orders have no admin list yet.
  lab: [],
  // Dispensing has no admin list.
  pharmacy: [],
  // Stock is the pharmacy's screen.
  stock: [],
};

// ---------------------------------------------------------------------------------------------
// Reads. A failed load shows an error toast with the server's text or the default below
// (one error toast per failed call, lib/query-client.tsx); the screen shows the same text in its error state.
// ---------------------------------------------------------------------------------------------

export const LOAD_FAILED = {
  summary: 'Failed to load dashboard summary',
  analytics: 'Could not fetch analytics',
  inpatient: 'Could not fetch inpatient figures',
  lab: 'Could not fetch laboratory figures',
  stats: 'Could not fetch stats',
  queues: 'Could not fetch queues',
} as const;

// ---------------------------------------------------------------------------------------------
// Changes: each invalidates its own resource and the derived figures when it settles, and a
// failure shows an error toast with the server's text or the change's default.
// ---------------------------------------------------------------------------------------------

export function useAdminMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  resources: readonly Resource[],
  errorMessage: string,
  shown: RefusalShown = 'toast',
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateAdmin(client, resources),
    meta: changeMeta(errorMessage, shown),
  });
}

/**
 * A front-desk form's mutation (patients, appointments, the emergency room's link and admit):
 * it also refreshes the bookable slots, and a refusal naming one of its fields is shown under it only.
 */
export function useDeskMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  resources: readonly Resource[],
  errorMessage: string,
  fields: readonly string[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        invalidateAdmin(client, resources),
        client.invalidateQueries({ queryKey: queryKeys.booking.all }),
      ]),
    meta: { errorMessage, shownInline: answersField(fields) },
  });
}

/** PUT bodies send the whole record (label, status, ...); PATCH bodies any subset. */
export type WithId<T> = { id: string; body: T };
