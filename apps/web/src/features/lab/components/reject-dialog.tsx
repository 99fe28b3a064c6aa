import {
  LAB_ORDER_MESSAGES,
  type LabOrder,
  type RejectSpecimenInput,
  rejectSpecimenSchema,
  SPECIMEN_REJECTION_REASONS,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/lib/use-contract-form';
import { useRejectSpecimen } from '../api/orders';

/** The lab rejects a specimen with a reason (and a note); the order waits for a new one and the doctor sees why. */
export function RejectDialog({ order, onClose }: { order: LabOrder | null; onClose: () => void }) {
  const reject = useRejectSpecimen();
  const open = order !== null;
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: rejectSpecimenSchema,
    defaultValues: { reason: 'Haemolysed', note: '' } satisfies RejectSpecimenInput,
    fields: ['reason', 'note'],
    open,
    send: (body) => reject.mutateAsync({ id: order?.id ?? '', body }),
    success: LAB_ORDER_MESSAGES.rejected,
    onSaved: onClose,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={`Reject specimen ${order?.specimen?.accession ?? ''}`}
      description={order ? `${order.patient.name}: the order goes back for a new specimen.` : undefined}
      submitLabel="Reject specimen"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="Reason"
        options={optionsOf(SPECIMEN_REJECTION_REASONS)}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <Textarea label="Note (optional)" rows={3} error={errors.note?.message} {...register('note')} />
    </FormDialog>
  );
}
