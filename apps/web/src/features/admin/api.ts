import type {
  AdminDoctor,
  AdminPatient,
  Ambulance,
  Analytics,
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
  ErEntry,
  LiveTopic,
  Nurse,
  OutboxMail,
  Pagination,
  QueueBoard,
  QueueEntry,
  Stats,
  Summary,
  TargetWait,
  UpdateAmbulance,
  UpdateBed,
  UpdateDoctor,
  UpdateErEntry,
  UpdateNurse,
} from '@carepoint/contract';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/*
 * Admin area data: TanStack Query hooks over /api/admin/*. Every key starts with 'admin' and
 * the resource, so a change (or a live event) invalidates one resource with all its pages.
 */

export type Page<T> = { data: T[]; pagination: Pagination };

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
// Reads
// ---------------------------------------------------------------------------------------------

/** One page of an admin list; the previous page stays on screen while the next one loads. */
export function useAdminList<R extends ListResource>(resource: R, queryString: string, enabled = true) {
  return useQuery({
    queryKey: adminKeys.list(resource, queryString),
    queryFn: ({ signal }) => api.get<Page<ListRows[R]>>(`/admin/${resource}${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useSummary = () =>
  useQuery({
    queryKey: adminKeys.summary,
    queryFn: ({ signal }) => api.get<Summary>('/admin/summary', { signal }),
  });

export const useAnalytics = () =>
  useQuery({
    queryKey: adminKeys.analytics,
    queryFn: ({ signal }) => api.get<Analytics>('/admin/analytics', { signal }),
  });

export const useStats = () =>
  useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => api.get<Stats>('/admin/stats', { signal }),
  });

export const useQueueBoard = () =>
  useQuery({
    queryKey: adminKeys.queueBoard,
    queryFn: ({ signal }) => api.get<QueueBoard>('/admin/queues/board', { signal }),
  });

// ---------------------------------------------------------------------------------------------
// Changes: each invalidates its own resource and the derived figures when it settles.
// ---------------------------------------------------------------------------------------------

function useAdminMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  resources: readonly Resource[],
) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidateAdmin(client, resources) });
}

/** PUT bodies send the whole record (label, status, ...); PATCH bodies any subset. */
type WithId<T> = { id: string; body: T };

export const useCreateDoctor = () =>
  useAdminMutation(
    (body: CreateDoctor) => api.post<CreateDoctorResponse>('/admin/create/doctor', body),
    ['doctors'],
  );
export const useUpdateDoctor = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateDoctor>) => api.patch<AdminDoctor>(`/admin/doctors/${id}`, body),
    ['doctors'],
  );

export const useCreateNurse = () =>
  useAdminMutation((body: CreateNurse) => api.post<Nurse>('/admin/nurses', body), ['nurses']);
export const useUpdateNurse = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateNurse>) => api.put<Nurse>(`/admin/nurses/${id}`, body),
    ['nurses'],
  );

export const useCreateAmbulance = () =>
  useAdminMutation((body: CreateAmbulance) => api.post<Ambulance>('/admin/ambulances', body), ['ambulances']);
export const useUpdateAmbulance = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateAmbulance>) => api.put<Ambulance>(`/admin/ambulances/${id}`, body),
    ['ambulances'],
  );

/** Beds change the patients table too (Inpatient while in a bed). */
export const useCreateBed = () =>
  useAdminMutation((body: CreateBed) => api.post<Bed>('/admin/beds', body), ['beds']);
export const useUpdateBed = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateBed>) => api.put<Bed>(`/admin/beds/${id}`, body),
    ['beds', 'patients'],
  );

export const useCreateErEntry = () =>
  useAdminMutation(
    (body: CreateErEntry) => api.post<ErEntry>('/admin/emergency-room', body),
    ['emergency-room'],
  );
export const useUpdateErEntry = () =>
  useAdminMutation(
    ({ id, body }: WithId<UpdateErEntry>) => api.patch<ErEntry>(`/admin/emergency-room/${id}`, body),
    ['emergency-room'],
  );

export const useCreateQueueEntry = () =>
  useAdminMutation((body: CreateQueueEntry) => api.post<QueueEntry>('/admin/queues', body), ['queues']);
export const useCallNext = () =>
  useAdminMutation(
    (department: Department) =>
      api.post<QueueEntry>(`/admin/queues/${encodeURIComponent(department)}/call-next`, {}),
    ['queues'],
  );
export const useRemoveQueueEntry = () =>
  useAdminMutation(
    (id: string) => api.patch<QueueEntry>(`/admin/queues/${id}`, { status: 'Removed' }),
    ['queues'],
  );

export const useUpdateTargetWait = () =>
  useAdminMutation(
    (body: TargetWait) => api.put<TargetWait>('/admin/settings/target-wait', body),
    ['analytics'],
  );
