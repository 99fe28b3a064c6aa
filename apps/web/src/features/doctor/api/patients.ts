import {
  CHART_MESSAGES,
  type MedicalReportPage,
  type PatientCard,
  type PatientChart,
  type UpdateMedicalDetailsInput,
  type VitalsSeries,
} from '@carepoint/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiRequestError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';

/*
 * The doctor's Patient List and patient charts: TanStack Query hooks over /api/doctor/patients.
 * Keys start with 'doctor', 'patients', so saving a chart refreshes the cards too.
 */

/** A page of patient cards; the previous page stays on screen while the next one loads. */
export const usePatientCards = (queryString: string) =>
  useQuery({
    queryKey: queryKeys.doctor.patients.list(queryString),
    queryFn: ({ signal }) => api.get<Page<PatientCard>>(`/doctor/patients${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: CHART_MESSAGES.listFailed },
  });

/** The drawer's chart (each read is audited on the server). */
export const usePatientChart = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.doctor.patients.chart(id ?? ''),
    queryFn: ({ signal }) => api.get<PatientChart>(`/doctor/patients/${id}`, { signal }),
    enabled: id !== null,
    // A chart is clinical data read for this view: always fetched fresh when the drawer opens.
    staleTime: 0,
    meta: { errorMessage: CHART_MESSAGES.chartFailed },
  });

/** The chart's vitals over time (audited on the server); a saved measurement refreshes them. */
export const usePatientVitals = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.doctor.patients.vitals(id ?? ''),
    queryFn: ({ signal }) => api.get<VitalsSeries>(`/doctor/patients/${id}/vitals`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    meta: { errorMessage: CHART_MESSAGES.vitalsFailed },
  });

/** A further page of the chart's Medical reports (the first comes with the chart). */
export const useMedicalReports = (id: string, page: number) =>
  useQuery({
    queryKey: queryKeys.doctor.patients.reports(id, page),
    queryFn: ({ signal }) =>
      api.get<MedicalReportPage>(`/doctor/patients/${id}/reports?page=${page}`, { signal }),
    enabled: page > 1,
    placeholderData: keepPreviousData,
    meta: { errorMessage: CHART_MESSAGES.reportsFailed },
  });

/** A 400 is the form's to show under its fields. */
const isFormAnswer = (error: unknown) => isApiRequestError(error) && error.status === 400;

export function useUpdateMedicalDetails(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateMedicalDetailsInput) =>
      api.put<PatientChart>(`/doctor/patients/${id}/medical-details`, values),
    onSuccess: async (chart) => {
      client.setQueryData(queryKeys.doctor.patients.chart(id), chart);
      await client.invalidateQueries({ queryKey: queryKeys.doctor.patients.vitals(id) });
      await client.invalidateQueries({ queryKey: [...queryKeys.doctor.patients.all, 'list'] });
    },
    meta: { errorMessage: CHART_MESSAGES.saveFailed, shownInline: isFormAnswer },
  });
}

/** Download Report: the CSV of the list as filtered, streamed by the server to the browser's downloads. */
export const patientsExportHref = (filterQueryString: string) =>
  `/api/doctor/patients/export${filterQueryString}`;
