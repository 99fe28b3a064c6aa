import {
  MEDICATION_ROUND_MESSAGES,
  type MedicationOrder,
  stopMedicationOrderSchema,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/lib/use-contract-form';
import { useStopOrder } from './api';

/** Stop an order now, with the reason: its doses from now on are no longer due. */
export function StopOrderDialog({
  stayId,
  order,
  onClose,
}: {
  stayId: string;
  order: MedicationOrder | null;
  onClose: () => void;
}) {
  const stop = useStopOrder(stayId);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: stopMedicationOrderSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    send: ({ reason }) => stop.mutateAsync({ id: order?.id ?? '', reason }),
    success: MEDICATION_ROUND_MESSAGES.stopped,
    open: order !== null,
    onSaved: onClose,
  });
  return (
    <FormDialog
      open={order !== null}
      onOpenChange={(open) => !open && onClose()}
      title={order ? `Stop ${order.medicine}?` : 'Stop order'}
      description="Its doses from now on are no longer due; those recorded stay on the record."
      submitLabel="Stop order"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Textarea label="Reason" rows={3} error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}
