import {
  LAB_RESULT_MESSAGES,
  LAB_VERIFICATION_LABELS,
  LAB_VERIFICATION_RULES,
  type LabSettings,
  labSettingsSchema,
} from '@carepoint/contract';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useContractForm } from '@/lib/use-contract-form';
import { useLabSettings, useSaveLabSettings } from './api';

/** The form types the minutes as text; the contract's schema checks the number. */
const formSchema = labSettingsSchema.extend({
  escalationMinutes: z.coerce
    .number<string>({ error: LAB_RESULT_MESSAGES.escalationMinutes })
    .pipe(labSettingsSchema.shape.escalationMinutes),
});
type SettingsForm = { verification: LabSettings['verification']; escalationMinutes: string };

function SettingsForm({ settings }: { settings: LabSettings }) {
  const save = useSaveLabSettings();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<SettingsForm, LabSettings>({
    schema: formSchema,
    values: { verification: settings.verification, escalationMinutes: String(settings.escalationMinutes) },
    fields: ['verification', 'escalationMinutes'],
    send: (values) => save.mutateAsync(values),
    success: LAB_RESULT_MESSAGES.settingsSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4">
      <Select
        label="Who verifies results"
        options={LAB_VERIFICATION_RULES.map((rule) => ({
          value: rule,
          label: LAB_VERIFICATION_LABELS[rule],
        }))}
        hint="A result reaches the doctor only once verified."
        error={errors.verification?.message}
        {...register('verification')}
      />
      <Input
        label="Escalate an unacknowledged critical result after (minutes)"
        inputMode="numeric"
        hint="Then it appears on the administrators' dashboard until the doctor acknowledges it."
        error={errors.escalationMinutes?.message}
        {...register('escalationMinutes')}
      />
      <div>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          Save laboratory settings
        </Button>
      </div>
    </form>
  );
}

/** The admin's Facility page: the laboratory's verification rule and escalation time. */
export function LabSettingsCard() {
  const settings = useLabSettings();
  return (
    <Card title="Laboratory">
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorState message={LAB_RESULT_MESSAGES.loadFailed} onRetry={() => void settings.refetch()} />
      ) : (
        <Skeleton className="h-40" />
      )}
    </Card>
  );
}
