import type {
  AdminDoctor,
  AdminPatient,
  AdmitErEntry,
  Ambulance,
  Analytics,
  AppointmentStatusChange,
  AuditEvent,
  Bed,
  CreateAmbulance,
  CreateBed,
  CreateDoctor,
  CreateDoctorResponse,
  CreateErEntry,
  CreateNurse,
  CreateQueueEntry,
  DemoRequestRow,
  Department,
  DeskAppointment,
  DeskBookingInput,
  ErEntry,
  LinkErEntry,
  LiveTopic,
  Nurse,
  OutboxMail,
  PatientDetail,
  PatientRecordInput,
  QueueBoard,
  QueueEntry,
  ReassignAppointment,
  Stats,
  Summary,
  TargetWait,
  UpdateAmbulance,
  UpdateBed,
  UpdateDoctor,
  UpdateErEntry,
  UpdateNurse,
} from '@carepoint/contract';
import { APPOINTMENT_MESSAGES, DOCTOR_MESSAGES } from '@carepoint/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PatientOption, PatientSearch } from '../../components/form/patient-picker';
import { api } from '../../lib/api-client';
import { bookingKeys } from '../../lib/booking';
import { answersField } from '../../lib/forms';
import type { Page } from '../../lib/use-list-query';

/*
 * Admin area data: TanStack Query hooks over /api/admin/*. Every key starts with 'admin' and
 * the resource, so a change (or a live event) invalidates one resource with all its pages.
 */

/** The paged lists and the row each one answers. */
export type ListRows = {
  doctors: AdminDoctor;
  nurses: Nurse;
  ambulances: Ambulance;
  patients: AdminPatient;
  beds: Bed;
  'emergency-room': ErEntry;
  'demo-requests': DemoRequestRow;
  audit: AuditEvent;
  outbox: OutboxMail;
  appointments: DeskAppointment;
};
export type ListResource = keyof ListRows;
type Resource = ListResource | 'queues' | 'summary' | 'analytics' | 'stats';

export const adminKeys = {
  resource: (resource: Resource) => ['admin', resource] as const,
  list: (resource: ListResource, queryString: string) => ['admin', resource, 'list', queryString] as const,
  summary: ['admin', 'summary'] as const,
  analytics: ['admin', 'analytics'] as const,
  stats: ['admin', 'stats'] as const,
  queueBoard: ['admin', 'queues', 'board'] as const,
  patient: (id: string) => ['admin', 'patients', 'detail', id] as const,
};

/** Figures computed from every record: any admin change may move them. */
const DERIVED: readonly Resource[] = ['summary', 'analytics', 'stats'];

export function invalidateAdmin(client: QueryClient, resources: readonly Resource[]) {
  const all = new Set([...resources, ...DERIVED]);
  return Promise.all(
    [...all].map((resource) => client.invalidateQueries({ queryKey: adminKeys.resource(resource) })),
  );
}

/** What each live topic (GET /api/admin/events) makes stale. */
export const TOPIC_RESOURCES: Record<LiveTopic, readonly Resource[]> = {
  emergency: ['emergency-room'],
  queues: ['queues'],
};

// ---------------------------------------------------------------------------------------------
// Reads. A failed load shows an error toast with the server's text or the default below
// (one error toast per failed call, lib/query-client.tsx); the screen shows the same text in its error state.
// ---------------------------------------------------------------------------------------------

const LIST_LOAD_FAILED: Record<ListResource, string> = {
  doctors: DOCTOR_MESSAGES.fetchFailed,
  nurses: 'Could not fetch nurses',
  ambulances: 'Could not fetch ambulances',
  patients: 'Could not fetch patients',
  beds: 'Could not fetch beds',
  'emergency-room': 'Could not fetch the emergency room',
  'demo-requests': 'Could not fetch demo requests',
  audit: 'Could not fetch the audit trail',
  outbox: 'Could not fetch the outbox',
  appointments: APPOINTMENT_MESSAGES.loadFailed,
};

export const LOAD_FAILED = {
  summary: 'Failed to load dashboard summary',
  analytics: 'Could not fetch analytics',
  stats: 'Could not fetch stats',
  queues: 'Could not fetch queues',
} as const;

/** One page of an admin list (for ListTable); the previous page stays on screen while the next one loads. */
export const adminListQuery = <R extends ListResource>(resource: R, queryString: string) =>
  queryOptions({
    queryKey: adminKeys.list(resource, queryString),
    queryFn: ({ signal }) => api.get<Page<ListRows[R]>>(`/admin/${resource}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: LIST_LOAD_FAILED[resource] },
  });

/** The PatientPicker's suggestions: registered patients by name or e-mail. */
export const patientSearch: PatientSearch = (term, limit) =>
  queryOptions<PatientOption[]>({
    queryKey: [...adminKeys.resource('patients'), 'search', term, limit],
    queryFn: async ({ signal }) =>
      (
        await api.get<Page<AdminPatient>>(
          `/admin/patients?page=1&limit=${limit}&q=${encodeURIComponent(term)}`,
          { signal },
        )
      ).data,
    // The picker answers in its list ("No names found."): no toast while typing.
    meta: { errorMessage: false },
  });

export const useSummary = () =>
  useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => api.get<Summary>('/admin/summary', { signal }),
    meta: { errorMessage: LOAD_FAILED.summary },
  });

export const useAnalytics = () =>
  useQuery({
    queryKey: adminKeys.analytics,
    queryFn: ({ signal }) => api.get<Analytics>('/admin/analytics', { signal }),
    meta: { errorMessage: LOAD_FAILED.analytics },
  });

export const useStats = () =>
  useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api.get<Stats>('/admin/stats', { signal }),
    meta: { errorMessage: LOAD_FAILED.stats },
  });

export const useQueueBoard = () =>
  useQuery({
    queryKey: adminKeys.queueBoard,
    queryFn: ({ signal }) => api.get<QueueBoard>('/admin/queues/board', { signal }),
    meta: { errorMessage: LOAD_FAILED.queues },
  });

// ---------------------------------------------------------------------------------------------
// Changes: each invalidates its own resource and the derived figures when it settles, and a
// failure shows an error toast with the server's text or the change's default.
// ---------------------------------------------------------------------------------------------

function useAdminMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  resources: readonly Resource[],
  errorMessage: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateAdmin(client, resources),
    meta: { errorMessage },
  });
}

/** PUT bodies send the whole record (label, status, ...); PATCH bodies any subset. */
type WithId<T> = { id: string; body: T };

export const useCreateDoctor = () =>
  useAdminMutation(
    (body: CreateDoctor) => api.post<CreateDoctorResponse>('/admin/create/doctor', body),
    ['doctors'],
    DOCTOR_MESSAGES.addFailed,
  );
export const useUpdateDoctor = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateDoctor>) => api.patch<AdminDoctor>(`/admin/doctors/${id}`, body),
    ['doctors'],
    'Failed to update doctor',
  );

export const useCreateNurse = () =>
  useAdminMutation(
    (body: CreateNurse) => api.post<Nurse>('/admin/nurses', body),
    ['nurses'],
    'Failed to add nurse',
  );
export const useUpdateNurse = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateNurse>) => api.put<Nurse>(`/admin/nurses/${id}`, body),
    ['nurses'],
    'Failed to update nurse',
  );

export const useCreateAmbulance = () =>
  useAdminMutation(
    (body: CreateAmbulance) => api.post<Ambulance>('/admin/ambulances', body),
    ['ambulances'],
    'Failed to add ambulance',
  );
export const useUpdateAmbulance = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateAmbulance>) => api.put<Ambulance>(`/admin/ambulances/${id}`, body),
    ['ambulances'],
    'Failed to update ambulance',
  );

/** Beds change the patients table too (Inpatient while in a bed). */
export const useCreateBed = () =>
  useAdminMutation((body: CreateBed) => api.post<Bed>('/admin/beds', body), ['beds'], 'Failed to add bed');
export const useUpdateBed = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateBed>) => api.put<Bed>(`/admin/beds/${id}`, body),
    ['beds', 'patients'],
    'Failed to update bed',
  );

export const useCreateErEntry = () =>
  useAdminMutation(
    (body: CreateErEntry) => api.post<ErEntry>('/admin/emergency-room', body),
    ['emergency-room'],
    'Failed to add arrival',
  );
export const useUpdateErEntry = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateErEntry>) => api.patch<ErEntry>(`/admin/emergency-room/${id}`, body),
    ['emergency-room'],
    'Failed to update the emergency room entry',
  );

export const useCreateQueueEntry = () =>
  useAdminMutation(
    (body: CreateQueueEntry) => api.post<QueueEntry>('/admin/queues', body),
    ['queues'],
    'Failed to add to the queue',
  );
export const useCallNext = () =>
  useAdminMutation(
    (department: Department) =>
      api.post<QueueEntry>(`/admin/queues/${encodeURIComponent(department)}/call-next`, {}),
    ['queues'],
    'Failed to call the next patient',
  );
export const useRemoveQueueEntry = () =>
  useAdminMutation(
    (id: string) => api.patch<QueueEntry>(`/admin/queues/${id}`, { status: 'Removed' }),
    ['queues'],
    'Failed to remove from the queue',
  );

export const useUpdateTargetWait = () =>
  useAdminMutation(
    (body: TargetWait) => api.put<TargetWait>('/admin/settings/target-wait', body),
    ['analytics'],
    'Failed to update the target wait',
  );

// ---------------------------------------------------------------------------------------------
// The front desk: patients, appointments, admitting to a bed.
// ---------------------------------------------------------------------------------------------

export const PATIENT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'dateOfBirth',
  'gender',
] as const;
export const DESK_BOOKING_FIELDS = [
  'patientId',
  'title',
  'priority',
  'date',
  'time',
  'doctorId',
  'notes',
] as const;
export const REASSIGN_FIELDS = ['doctorId', 'date', 'time'] as const;

/** A patient's page; `enabled` false waits for an id (a dialog before a patient is chosen). */
export const usePatientDetail = (id: string, enabled = true) =>
  useQuery({
    queryKey: adminKeys.patient(id),
    queryFn: ({ signal }) => api.get<PatientDetail>(`/admin/patients/${id}`, { signal }),
    enabled,
    meta: { errorMessage: 'Could not load the patient' },
  });

/** A desk form's mutation: a refusal naming one of its fields is shown under it only. */
function useDeskMutation<TVariables, TResult>(
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
        client.invalidateQueries({ queryKey: bookingKeys.all }),
      ]),
    meta: { errorMessage, shownInline: answersField(fields) },
  });
}

export const useRegisterPatient = () =>
  useDeskMutation(
    (body: PatientRecordInput) => api.post<PatientDetail>('/admin/patients', body),
    ['patients'],
    'Failed to register the patient',
    PATIENT_FIELDS,
  );
export const useUpdatePatient = () =>
  useDeskMutation(
    ({ id, body }: WithId<PatientRecordInput>) => api.put<PatientDetail>(`/admin/patients/${id}`, body),
    ['patients'],
    'Failed to update the patient',
    PATIENT_FIELDS,
  );

export const useDeskBook = () =>
  useDeskMutation(
    (body: DeskBookingInput) => api.post<DeskAppointment>('/admin/appointments', body),
    ['appointments', 'patients'],
    APPOINTMENT_MESSAGES.createFailed,
    DESK_BOOKING_FIELDS,
  );
export const useReassign = () =>
  useDeskMutation(
    ({ id, body }: WithId<ReassignAppointment>) =>
      api.post<DeskAppointment>(`/admin/appointments/${id}/reassign`, body),
    ['appointments', 'patients'],
    'Failed to reassign the appointment',
    REASSIGN_FIELDS,
  );
export const useAppointmentStatus = () =>
  useDeskMutation(
    ({ id, body }: WithId<AppointmentStatusChange>) => api.patch(`/appointments/${id}/status`, body),
    ['appointments', 'patients'],
    'Failed to update the appointment',
    ['reason'],
  );

export const useDeleteBed = () =>
  useAdminMutation((id: string) => api.delete(`/admin/beds/${id}`), ['beds'], 'Failed to remove bed');

/** Free beds for the Admit dialog (at most 100, by label). */
export const useFreeBeds = (enabled: boolean) =>
  useQuery({
    queryKey: [...adminKeys.resource('beds'), 'free'],
    queryFn: ({ signal }) => api.get<Page<Bed>>('/admin/beds?status=Free&limit=100&sort=label', { signal }),
    enabled,
    staleTime: 0,
    meta: { errorMessage: 'Could not fetch beds' },
  });

export const useLinkErEntry = () =>
  useDeskMutation(
    ({ id, body }: WithId<LinkErEntry>) => api.post<ErEntry>(`/admin/emergency-room/${id}/link`, body),
    ['emergency-room'],
    'Failed to link the patient',
    ['patientId', 'confirmed'],
  );

export const useAdmitErEntry = () =>
  useDeskMutation(
    ({ id, body }: WithId<AdmitErEntry>) => api.post<ErEntry>(`/admin/emergency-room/${id}/admit`, body),
    ['emergency-room', 'beds', 'patients'],
    'Failed to admit the patient',
    ['bedId'],
  );
