import type { ComponentPropsWithRef } from 'react';
import { Select } from '@/components/ui/select';
import { useFreeTimes } from '@/lib/api/booking';
import { isApiRequestError } from '@/lib/api-client';

type FreeTimeFieldProps = Omit<ComponentPropsWithRef<'select'>, 'className'> & {
  /** The chosen doctor, or '' for any available doctor. */
  doctorId: string;
  date: string;
  error?: string;
  label?: string;
};

/**
 * The time of a booking: a select of the free starts on the chosen date, of the chosen doctor
 * or, without one, of any doctor (the clinic then books a doctor free at that time). Only
 * bookable times are offered, so "10:00" is never refused for being between two slots.
 */
export function FreeTimeField({ doctorId, date, error, label = 'Time', ...field }: FreeTimeFieldProps) {
  const times = useFreeTimes(doctorId, date);
  const free = times.data?.slots ?? [];
  let hint = doctorId
    ? 'Free times of the chosen doctor on that day.'
    : 'Free times of any doctor; the clinic assigns one free at that time.';
  if (!date) hint = 'Choose a date first.';
  else if (times.isLoading) hint = 'Loading free times...';
  else if (times.isError)
    // A date outside the booking window is refused with the server's reason ("Choose today or a later date").
    hint =
      isApiRequestError(times.error) && times.error.fieldErrors?.date?.[0]
        ? times.error.fieldErrors.date[0]
        : 'Could not load the free times. Choose another date or doctor.';
  else if (doctorId && times.data && times.data.hours === null)
    hint = `The doctor does not work on ${times.data.day}s.`;
  else if (times.data && free.length === 0)
    hint = 'No free times left on that day. Please choose another date.';
  return (
    <Select
      label={label}
      placeholder="Select a time"
      options={free.map((t) => ({ value: t, label: t }))}
      disabled={!date || free.length === 0}
      hint={hint}
      error={error}
      {...field}
    />
  );
}
