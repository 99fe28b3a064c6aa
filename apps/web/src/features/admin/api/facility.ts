import { FACILITY_MESSAGES, type FacilityDetails, type FacilityInput } from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { answersField } from '@/lib/forms';

/* The Facility page's data: the facility's name and contact details (docs/configuration.md). */

const facilityKey = ['admin', 'facility'] as const;
export const FACILITY_FIELDS = ['name', 'address', 'phone', 'email'] as const;

export const useFacilityDetails = () =>
  useQuery({
    queryKey: facilityKey,
    queryFn: ({ signal }) => api.get<FacilityDetails>('/public/facility', { signal }),
    meta: { errorMessage: FACILITY_MESSAGES.loadFailed },
  });

export function useSaveFacility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: FacilityInput) => api.put<FacilityDetails>('/admin/facility', values),
    onSuccess: (saved) => client.setQueryData(facilityKey, saved),
    meta: { errorMessage: FACILITY_MESSAGES.saveFailed, shownInline: answersField(FACILITY_FIELDS) },
  });
}
