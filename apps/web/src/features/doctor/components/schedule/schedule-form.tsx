import {
  type DoctorScheduleResponse,
  type ScheduleInput,
  scheduleSchema,
  type Weekday,
  weekdaySchema,
} from '@carepoint/contract';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { SCHEDULE_SAVED, useSaveSchedule } from '@/features/doctor/api/schedule';
import { useContractForm } from '@/lib/use-contract-form';

type DayValues = { day: Weekday; off: boolean; from?: string; to?: string };
type Values = { perPatientTime: string; days: DayValues[] };

/**
 * The form holds text (an off day's times may be left as they were); what is sent, and every
 * rule it must pass, is the contract's scheduleSchema.
 */
const formSchema = z
  .object({
    perPatientTime: z.string(),
    days: z.array(
      z.object({
        day: weekdaySchema,
        off: z.boolean(),
        from: z.string().optional(),
        to: z.string().optional(),
      }),
    ),
  })
  .transform(
    (v): ScheduleInput => ({
      perPatientTime: v.perPatientTime,
      days: v.days.map((d) => ({
        day: d.day,
        off: d.off,
        from: d.off ? null : d.from || null,
        to: d.off ? null : d.to || null,
      })),
    }),
  )
  .pipe(scheduleSchema);

const toValues = (schedule: DoctorScheduleResponse): Values => ({
  perPatientTime: schedule.perPatientTime,
  days: schedule.days.map((d) => ({ day: d.day, off: d.off, from: d.from ?? '', to: d.to ?? '' })),
});

/** Edit Schedule: the per-patient time and one row per weekday (from, to, day off). */
export function ScheduleForm({ schedule }: { schedule: DoctorScheduleResponse }) {
  const save = useSaveSchedule();
  const {
    register,
    onSubmit,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm({
    schema: formSchema,
    defaultValues: toValues(schedule),
    fields: ['perPatientTime', 'days'],
    send: (values) => save.mutateAsync(values),
    success: SCHEDULE_SAVED,
    // The saved schedule is the new starting point (Cancel goes back to it).
    resetOnSave: toValues,
  });
  const off = useWatch({ control, name: schedule.days.map((_, i) => `days.${i}.off` as const) });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <Input
        label="Per-patient time"
        placeholder="00:45:00"
        inputMode="numeric"
        className="max-w-xs"
        hint="How long each appointment lasts, HH:MM:SS (5 minutes to 8 hours). Patients book on this grid."
        error={errors.perPatientTime?.message}
        {...register('perPatientTime')}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-ink-soft">Working hours</legend>
        {schedule.days.map((d, i) => {
          const dayOff = off[i] ?? false;
          const dayErrors = errors.days?.[i];
          return (
            <div
              key={d.day}
              data-testid={`schedule-${d.day}`}
              className="grid grid-cols-2 items-start gap-3 border-b border-border pb-3 last:border-b-0 sm:grid-cols-[8rem_1fr_1fr_7rem] sm:items-center sm:rounded-lg sm:border sm:p-3 sm:last:border-b"
            >
              <p className="col-span-2 font-medium text-ink sm:col-span-1">{d.day}</p>
              <Input
                type="time"
                label={
                  <>
                    From<span className="sr-only"> on {d.day}</span>
                  </>
                }
                error={dayErrors?.from?.message}
                {...register(`days.${i}.from`, { disabled: dayOff })}
              />
              <Input
                type="time"
                label={
                  <>
                    To<span className="sr-only"> on {d.day}</span>
                  </>
                }
                error={dayErrors?.to?.message}
                {...register(`days.${i}.to`, { disabled: dayOff })}
              />
              <Checkbox
                className="col-span-2 sm:col-span-1 sm:pt-6"
                label={
                  <>
                    Day off<span className="sr-only"> on {d.day}</span>
                  </>
                }
                {...register(`days.${i}.off`)}
              />
            </div>
          );
        })}
        {errors.days?.root?.message || errors.days?.message ? (
          <p role="alert" className="text-sm text-danger-700">
            {errors.days?.root?.message ?? errors.days?.message}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => reset(toValues(schedule))}
          disabled={!isDirty || isSubmitting}
        >
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save schedule
        </Button>
      </div>
    </form>
  );
}
