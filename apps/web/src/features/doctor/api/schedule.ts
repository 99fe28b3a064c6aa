import { type DoctorScheduleResponse, SCHEDULE_MESSAGES, type Schedule } from '@carepoint/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Edit Schedule data: the doctor's own weekly schedule and the bookings outside it. */

export const SCHEDULE_SAVED = 'Schedule saved';

export function useMySchedule() {
  return useQuery({
    queryKey: queryKeys.doctor.schedule,
    queryFn: ({ signal }) => api.get<DoctorScheduleResponse>('/doctor/schedule', { signal }),
    meta: { errorMessage: SCHEDULE_MESSAGES.loadFailed },
  });
}

export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: Schedule) => api.put<DoctorScheduleResponse>('/doctor/schedule', schedule),
    onSuccess: (saved) => client.setQueryData(queryKeys.doctor.schedule, saved),
    meta: { errorMessage: SCHEDULE_MESSAGES.saveFailed },
  });
}
