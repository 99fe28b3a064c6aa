import { targetWaitSchema } from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useUpdateTargetWait } from '@/features/admin/api/analytics';
import { useContractForm } from '@/lib/use-contract-form';

/** The target wait setting: analytics compare the average wait against it. */
export function TargetWaitForm({ current }: { current: number }) {
  const update = useUpdateTargetWait();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm({
    schema: targetWaitSchema,
    values: { targetWaitMin: current },
    fields: ['targetWaitMin'],
    send: (values) => update.mutateAsync(values),
    success: 'Target wait updated',
  });

  return (
    <Card title="Target wait">
      <form onSubmit={onSubmit} noValidate className="flex items-start gap-3">
        <Input
          label="Target wait (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={600}
          className="w-48"
          error={errors.targetWaitMin?.message}
          {...register('targetWaitMin')}
        />
        <Button type="submit" className="mt-7" loading={isSubmitting} disabled={!isDirty}>
          Save
        </Button>
      </form>
    </Card>
  );
}
