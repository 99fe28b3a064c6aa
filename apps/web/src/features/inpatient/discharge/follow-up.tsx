import {
  type DischargeFollowUp,
  type DoctorOption,
  doctorDisplayName,
  type FollowUpBookingInput,
  followUpBookingSchema,
  DISCHARGE_SUMMARY_MESSAGES as M,
} from '@carepoint/contract';
import { FreeTimeField } from '@/components/form/free-time-field';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvailableDoctors } from '@/lib/api/booking';
import { isApiRequestError } from '@/lib/api-client';
import { deviceToday, formatSlot } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useBookFollowUp } from './api';

const FIELDS = ['doctorId', 'date', 'time'] as const;

/** The booked follow-up, as the summary names it. */
export function FollowUpLine({ followUp }: { followUp: DischargeFollowUp | null }) {
  if (!followUp) return <p className="text-sm text-ink-soft">No follow-up appointment booked.</p>;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
      <span className="font-medium">{formatSlot(followUp.date, followUp.time)}</span>
      <span>with {followUp.doctor.name}</span>
      <StatusBadge status={followUp.status} />
    </p>
  );
}

/**
 * Books the follow-up through the clinic's booking (the chosen doctor's free times on a date,
 * the same picker the front desk and patients use); the doctor in charge is offered first.
 */
export function FollowUpBooking({ stayId, doctorId }: { stayId: string; doctorId: string }) {
  const doctors = useAvailableDoctors();
  // The doctor select shows its default only once its options are there.
  if (doctors.isPending) return <Skeleton className="h-16 w-full" />;
  return <FollowUpForm stayId={stayId} doctorId={doctorId} doctors={doctors.data ?? []} />;
}

function FollowUpForm({
  stayId,
  doctorId,
  doctors,
}: {
  stayId: string;
  doctorId: string;
  doctors: DoctorOption[];
}) {
  const book = useBookFollowUp(stayId);
  const {
    register,
    onSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm<FollowUpBookingInput>({
    schema: followUpBookingSchema,
    defaultValues: { doctorId, date: '', time: '' },
    fields: FIELDS,
    send: (values) => book.mutateAsync(values),
    success: M.followUpSaved,
    onRefused: (err) => {
      if (isApiRequestError(err) && err.code === 'SLOT_TAKEN') setValue('time', '');
    },
  });
  const clearTime = () => setValue('time', '');
  const chosenDoctor = String(watch('doctorId') ?? '');
  const date = watch('date') ?? '';
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Follow-up appointment"
      className="grid gap-4 md:grid-cols-4"
    >
      <Select
        label="Doctor"
        placeholder="Select a doctor"
        options={doctors.map((d) => ({ value: d.id, label: doctorDisplayName(d) }))}
        {...register('doctorId', { onChange: clearTime })}
        error={errors.doctorId?.message}
      />
      <Input
        label="Date"
        type="date"
        min={deviceToday()}
        {...register('date', { onChange: clearTime })}
        error={errors.date?.message}
      />
      <FreeTimeField doctorId={chosenDoctor} date={date} {...register('time')} error={errors.time?.message} />
      <div className="flex items-start md:pt-6">
        <Button type="submit" variant="secondary" loading={isSubmitting} className="w-full md:w-auto">
          Book follow-up
        </Button>
      </div>
    </form>
  );
}
