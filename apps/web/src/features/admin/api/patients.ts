import {
  type AdminPatient,
  FRONT_DESK_MESSAGES,
  type PatientDetail,
  type PatientRecordInput,
} from '@carepoint/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientOption, PatientSearch } from '@/components/form/patient-picker';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Page } from '@/lib/use-list-query';
import { useDeskMutation, type WithId } from './shared';

/* The front desk's patients: finding one, a patient's page, registering and updating. */

export const PATIENT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'dateOfBirth',
  'gender',
] as const;

/** The PatientPicker's suggestions: registered patients by name or e-mail. */
export const patientSearch: PatientSearch = (term, limit) =>
  queryOptions<PatientOption[]>({
    queryKey: queryKeys.admin.patientSearch(term, limit),
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

/** A patient's page; `enabled` false waits for an id (a dialog before a patient is chosen). */
export const usePatientDetail = (id: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.admin.patient(id),
    queryFn: ({ signal }) => api.get<PatientDetail>(`/admin/patients/${id}`, { signal }),
    enabled,
    meta: { errorMessage: FRONT_DESK_MESSAGES.patientLoadFailed },
  });

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
