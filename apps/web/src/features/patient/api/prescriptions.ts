import { PRESCRIPTION_MESSAGES, type PrescriptionPage } from '@carepoint/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** My Prescriptions: the signed-in patient's own prescriptions and their PDFs. */

export const myPrescriptionsQuery = (queryString: string) =>
  queryOptions({
    queryKey: queryKeys.patient.prescriptions(queryString),
    queryFn: ({ signal }) => api.get<PrescriptionPage>(`/patient/prescriptions${queryString}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: PRESCRIPTION_MESSAGES.loadFailed },
  });

/** The PDF's address: `inline` opens it in the browser (View), otherwise it downloads. */
export const myPrescriptionPdfUrl = (id: string, disposition: 'attachment' | 'inline' = 'attachment') =>
  `/api/patient/prescriptions/${id}/pdf${disposition === 'inline' ? '?disposition=inline' : ''}`;
