import { PHARMACY_STOCK_MESSAGES, type PharmacySettings, pharmacySettingsSchema } from '@carepoint/contract';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useContractForm } from '@/lib/use-contract-form';
import { usePharmacySettings, useSavePharmacySettings } from './api/settings';

/** The form types the days as text; the contract's schema checks the number (1 to 365). */
const formSchema = z.object({
  expiryWarningDays: z.coerce
    .number<string>({ error: PHARMACY_STOCK_MESSAGES.expiryDays })
    .pipe(pharmacySettingsSchema.shape.expiryWarningDays),
});
type SettingsForm = { expiryWarningDays: string };

function SettingsForm({ settings }: { settings: PharmacySettings }) {
  const save = useSavePharmacySettings();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<SettingsForm, PharmacySettings>({
    schema: formSchema,
    values: { expiryWarningDays: String(settings.expiryWarningDays) },
    fields: ['expiryWarningDays'],
    send: (values) => save.mutateAsync(values),
    success: PHARMACY_STOCK_MESSAGES.settingsSaved,
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4">
      <Input
        label="Warn of expiry this many days ahead"
        inputMode="numeric"
        hint="A batch on a shelf expiring within these days is flagged Expiring on the stock screen (1 to 365)."
        error={errors.expiryWarningDays?.message}
        {...register('expiryWarningDays')}
      />
      <div>
        <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
          Save pharmacy settings
        </Button>
      </div>
    </form>
  );
}

/** The admin's Facility page: how far ahead the stock screen warns of a batch's expiry. */
export function PharmacySettingsCard() {
  const settings = usePharmacySettings();
  return (
    <Card title="Pharmacy">
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorState
          message={PHARMACY_STOCK_MESSAGES.settingsLoadFailed}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Skeleton className="h-28" />
      )}
    </Card>
  );
}
