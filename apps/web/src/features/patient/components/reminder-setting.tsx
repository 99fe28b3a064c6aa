import { MESSAGE_MESSAGES } from '@carepoint/contract';
import toast from 'react-hot-toast';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useReminderPreference, useSetReminderPreference } from '@/features/patient/api/appointments';

/** My Profile: the "Appointment reminders" switch, saved to the server at once. */
export function ReminderSetting() {
  const preference = useReminderPreference();
  const change = useSetReminderPreference();
  const saved = preference.data?.appointmentReminders;
  const on = change.isPending && change.variables ? change.variables.appointmentReminders : saved;
  return (
    <Card title="Appointment reminders" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="max-w-prose text-sm text-ink-muted">
          An e-mail the day before each appointment, with a calendar entry. E-mails about booking, confirming,
          moving or cancelling an appointment are always sent.
        </p>
        {on === undefined ? (
          preference.isError ? (
            <p className="text-sm text-danger-700">{MESSAGE_MESSAGES.remindersLoadFailed}</p>
          ) : (
            <Skeleton className="h-5 w-16" />
          )
        ) : (
          <Switch
            on={on}
            label="Appointment reminders"
            disabled={change.isPending}
            onChange={(appointmentReminders) =>
              change.mutate(
                { appointmentReminders },
                {
                  onSuccess: () =>
                    toast.success(
                      appointmentReminders ? MESSAGE_MESSAGES.remindersOn : MESSAGE_MESSAGES.remindersOff,
                    ),
                },
              )
            }
          >
            {on ? 'On' : 'Off'}
          </Switch>
        )}
      </div>
    </Card>
  );
}
