import {
  REPORT_MESSAGES,
  type Report,
  type ReportAttachment,
  type ReportDoctorOption,
  type ReportFormInput,
  type ReportKind,
  type ReportPage,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * Reports: the four tabs' lists, one report's detail, saving, deleting and attachments.
 * Keys start with 'doctor', 'reports'; a change also refreshes the patient charts (their
 * Medical reports list the reports).
 */

/** A tab's page of reports, for ListTable. */
export const reportListQuery = (kind: ReportKind) => (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.doctor.reports.list(kind, queryString),
    queryFn: ({ signal }) =>
      api.get<ReportPage>(`/doctor/reports${queryString}&kind=${encodeURIComponent(kind)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: REPORT_MESSAGES.listFailed },
  });

/** One report (each read is audited on the server): fetched fresh when its sheet opens. */
export const useReport = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.doctor.reports.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Report>(`/doctor/reports/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: REPORT_MESSAGES.readFailed },
  });

/** Doctors for the certifying doctor and surgeon fields. */
export const useReportDoctors = () =>
  useQuery({
    queryKey: queryKeys.doctor.reports.doctors,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ReportDoctorOption[] }>('/doctor/reports/doctors', { signal })).data,
    staleTime: 5 * 60_000,
  });

function useRefreshReports() {
  const client = useQueryClient();
  return async (saved?: Report) => {
    if (saved) client.setQueryData(queryKeys.doctor.reports.detail(saved.id), saved);
    await Promise.all([
      client.invalidateQueries({ queryKey: [...queryKeys.doctor.reports.all, 'list'] }),
      client.invalidateQueries({ queryKey: [...queryKeys.doctor.patients.all, 'chart'] }),
    ]);
  };
}

/** A 400 is the form's to show under its fields. */
const isFormAnswer = (error: unknown) => isApiRequestError(error) && error.status === 400;

export function useSaveReport(id: string | null) {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (values: ReportFormInput) =>
      id ? api.put<Report>(`/doctor/reports/${id}`, values) : api.post<Report>('/doctor/reports', values),
    onSuccess: (saved) => refresh(saved),
    meta: { errorMessage: REPORT_MESSAGES.saveFailed, shownInline: isFormAnswer },
  });
}

export function useDeleteReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/doctor/reports/${id}`),
    onSuccess: () => refresh(),
    meta: { errorMessage: REPORT_MESSAGES.deleteFailed },
  });
}

/** Uploads one file as the request body; the server sniffs its type from the bytes. */
export function useUploadAttachment() {
  const refresh = useRefreshReports();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, file }: { reportId: string; file: File }) =>
      api.post<ReportAttachment>(
        `/doctor/reports/${reportId}/attachments?name=${encodeURIComponent(file.name)}`,
        file,
        {
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        },
      ),
    onSuccess: async (_saved, { reportId }) => {
      await client.invalidateQueries({ queryKey: queryKeys.doctor.reports.detail(reportId) });
      await refresh();
    },
    meta: { errorMessage: REPORT_MESSAGES.uploadFailed },
  });
}

export function useRemoveAttachment(reportId: string) {
  const refresh = useRefreshReports();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) =>
      api.delete<{ ok: true }>(`/doctor/reports/attachments/${attachmentId}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.doctor.reports.detail(reportId) });
      await refresh();
    },
    meta: { errorMessage: REPORT_MESSAGES.removeFailed },
  });
}
