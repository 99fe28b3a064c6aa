import {
  DOCTOR_EVENTS_PATH,
  PRESCRIPTION_MESSAGES,
  type PrescriptionInput,
  type PrescriptionPage,
  type PrescriptionPatient,
  type PrescriptionResponse,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { diagnosisCodeSearchAt } from '@/components/form/diagnosis-code-picker';
import { medicineSearchAt } from '@/components/form/medicine-picker';
import { api } from '@/lib/api-client';
import { answersFields } from '@/lib/forms';
import { queryKeys } from '@/lib/query-keys';
import { useEventStream } from '@/lib/use-event-stream';

/*
 * Prescriptions: the list (also the dashboard's recent ones), one prescription, the form's
 * patient (name and allergies), and the changes. Keys start with 'prescriptions', so a change
 * refreshes the list, the dashboard and the details together.
 */

/**
 * Keeps the doctor's prescriptions live: when the pharmacy dispenses one they wrote (a `pharmacy`
 * event naming them on GET /api/doctor/events), the list and the details read again, so what was
 * handed over and what is owed shows without a reload.
 */
export function usePrescriptionLiveUpdates() {
  const client = useQueryClient();
  return useEventStream(DOCTOR_EVENTS_PATH, ['pharmacy'], () => {
    void client.invalidateQueries({ queryKey: queryKeys.doctor.prescriptions.all });
  });
}

/** A page of prescriptions for a query string (`?scope&page&limit&sort&order&q`). */
export const prescriptionsQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.doctor.prescriptions.list(queryString),
    queryFn: ({ signal }) => api.get<PrescriptionPage>(`/doctor/prescriptions${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PRESCRIPTION_MESSAGES.loadFailed },
  });

/** The doctor's five newest, for the dashboard. */
export function useRecentPrescriptions() {
  return useQuery({
    ...prescriptionsQuery('?scope=mine&limit=5'),
    // The dashboard card shows its own error state.
    meta: { errorMessage: false },
  });
}

export function usePrescription(id: string) {
  return useQuery({
    queryKey: queryKeys.doctor.prescriptions.detail(id),
    queryFn: ({ signal }) => api.get<PrescriptionResponse>(`/doctor/prescriptions/${id}`, { signal }),
    // The page shows "Prescription not found" or the error in place.
    meta: { errorMessage: false },
    retry: false,
  });
}

/** The chosen patient's name and recorded allergies (the form checks medicines against them). */
export function usePrescriptionPatient(id: string | null) {
  return useQuery({
    queryKey: queryKeys.doctor.prescriptions.patient(id ?? ''),
    queryFn: ({ signal }) => api.get<PrescriptionPatient>(`/doctor/prescriptions/patients/${id}`, { signal }),
    enabled: Boolean(id),
    meta: { errorMessage: false },
  });
}

export function useSavePrescription(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: PrescriptionInput) => {
      const saved = id
        ? await api.put<PrescriptionResponse>(`/doctor/prescriptions/${id}`, input)
        : await api.post<PrescriptionResponse>('/doctor/prescriptions', input);
      return saved;
    },
    onSuccess: (saved) =>
      client.setQueryData(queryKeys.doctor.prescriptions.detail(saved.prescription.id), saved),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.prescriptions.all }),
    // The form shows field refusals (the allergy acknowledgement included) under their fields.
    meta: { errorMessage: PRESCRIPTION_MESSAGES.saveFailed, shownInline: answersFields },
  });
}

export function useSetPrescriptionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: boolean }) =>
      (await api.patch<PrescriptionResponse>(`/doctor/prescriptions/${id}/status`, { status })).prescription,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.prescriptions.all }),
    meta: { errorMessage: PRESCRIPTION_MESSAGES.statusFailed },
  });
}

export function useDeletePrescription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/doctor/prescriptions/${id}`),
    onSuccess: (_ok, id) => client.removeQueries({ queryKey: queryKeys.doctor.prescriptions.detail(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.doctor.prescriptions.all }),
    meta: { errorMessage: PRESCRIPTION_MESSAGES.deleteFailed },
  });
}

/** The PDF's address (same origin; the session cookie goes with it). */
export const prescriptionPdfUrl = (id: string, disposition: 'attachment' | 'inline' = 'attachment') =>
  `/api/doctor/prescriptions/${id}/pdf${disposition === 'inline' ? '?disposition=inline' : ''}`;

/** The ICD-10-CM search behind the prescription's diagnosis picker. */
export const diagnosisCodeSearch = diagnosisCodeSearchAt(queryKeys.doctor.diagnosisCodes);

/** The formulary search behind the prescription's medicine picker. */
export const medicineSearch = medicineSearchAt(queryKeys.doctor.medicines);
