import {
  type AnyDoctorSlots,
  type DoctorOption,
  doctorDisplayName,
  type SlotsResponse,
} from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * What every booking form reads (the patient's Book Appointment, the front desk's booking and
 * reassignment): the bookable doctors and the free times on a date, of one doctor or of any.
 */

export function useAvailableDoctors(enabled = true) {
  return useQuery({
    queryKey: queryKeys.booking.doctors,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: DoctorOption[] }>('/doctors/available', { signal })).data,
    enabled,
    staleTime: 5 * 60_000,
    // The booking form says so under the field and lets the clinic assign a doctor.
    meta: { errorMessage: false },
  });
}

/** The bookable doctors as select options ("Dr Ada Okafor (Cardiology)"): booking, and the doctor in charge of an admission. */
export function useDoctorOptions(enabled: boolean) {
  const doctors = useAvailableDoctors(enabled);
  return (doctors.data ?? []).map((d) => ({
    value: d.id,
    label: d.specialty ? `${doctorDisplayName(d)} (${d.specialty})` : doctorDisplayName(d),
  }));
}

/** Free starts on a date: of the doctor, or (doctorId '') of any doctor, the union of their free times. */
export type FreeTimes = { day: string; slots: string[]; hours?: SlotsResponse['hours'] };

export function useFreeTimes(doctorId: string, date: string) {
  return useQuery({
    queryKey: queryKeys.booking.freeTimes(doctorId, date),
    queryFn: async ({ signal }): Promise<FreeTimes> =>
      doctorId
        ? api.get<SlotsResponse>(`/doctors/${doctorId}/slots?date=${encodeURIComponent(date)}`, { signal })
        : api.get<AnyDoctorSlots>(`/doctors/slots?date=${encodeURIComponent(date)}`),
    enabled: Boolean(date),
    // Someone else may book a slot at any moment: always re-check when the picker opens.
    staleTime: 0,
    // The time field's hint tells of the failure.
    meta: { errorMessage: false },
  });
}
