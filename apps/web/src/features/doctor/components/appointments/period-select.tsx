import {
  DEFAULT_DOCTOR_APPOINTMENT_PERIOD,
  DOCTOR_APPOINTMENT_PERIOD_LABELS,
  type DoctorAppointmentPeriod,
} from '@carepoint/contract';
import { useId } from 'react';
import { controlClass } from '@/components/ui/field';
import { useUrlFilter } from '@/lib/use-url-filters';

/** The periods in their fixed order after the placeholder (Today), then Upcoming. */
const OPTIONS: DoctorAppointmentPeriod[] = ['lastMonth', 'lastYear', 'lastWeek', 'yesterday', 'upcoming'];
export const PERIOD_PARAM = 'period';

/** The period in the URL (?period=lastWeek); Today when absent or unknown. */
export function usePeriod(): [DoctorAppointmentPeriod, (period: string) => void] {
  const [value, setValue] = useUrlFilter(PERIOD_PARAM);
  const period = value in DOCTOR_APPOINTMENT_PERIOD_LABELS ? (value as DoctorAppointmentPeriod) : 'today';
  return [period, setValue];
}

/** "Show [Today] Appointments": the Show period selector, read by the server. */
export function PeriodSelect() {
  const id = useId();
  const [period, setPeriod] = usePeriod();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink-soft">
      {/* Reads "Show [Today] Appointments"; its name is "Show period". */}
      <label htmlFor={id}>
        Show<span className="sr-only"> period</span>
      </label>
      {/* The box sets the width: the control itself fills its box, as every form control does. */}
      <div className="w-40">
        <select
          id={id}
          value={period === DEFAULT_DOCTOR_APPOINTMENT_PERIOD ? '' : period}
          onChange={(event) => setPeriod(event.target.value)}
          className={controlClass(false, 'h-9 pr-8')}
        >
          <option value="">{DOCTOR_APPOINTMENT_PERIOD_LABELS.today}</option>
          {OPTIONS.map((p) => (
            <option key={p} value={p}>
              {DOCTOR_APPOINTMENT_PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <span>Appointments</span>
    </div>
  );
}
