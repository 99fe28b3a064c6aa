import { APPOINTMENT_MESSAGES, type MoveAppointmentInput, moveAppointmentSchema } from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { FreeTimeField } from '@/components/form/free-time-field';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { deviceToday } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

const MOVE_FIELDS = ['date', 'time'] as const;

type MoveDialogProps = DialogComponentProps & {
  /** What is moved, for the dialog's text: "Ada Obi, Jan 8, 2030, 10:30". */
  description: string;
  /** The appointment's doctor: the free times offered are theirs. */
  doctorId: string;
  /** The appointment's date, where the picker starts. */
  date: string;
  /** Sends the move (a mutation's mutateAsync); a refusal stays in the dialog under its field. */
  move: (body: MoveAppointmentInput) => Promise<NonNullable<unknown>>;
};

/**
 * "Move": another free time of the same doctor, on a date and a time offered from their
 * schedule, so only bookable times are chosen. The keyboard path to what dragging does on a
 * calendar; the server applies the booking's rules either way.
 */
export function MoveAppointmentDialog({
  open,
  onOpenChange,
  description,
  doctorId,
  date,
  move,
}: MoveDialogProps) {
  const {
    register,
    onSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: moveAppointmentSchema,
    defaultValues: { date, time: '' } satisfies MoveAppointmentInput,
    fields: MOVE_FIELDS,
    send: move,
    success: APPOINTMENT_MESSAGES.moved,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Move appointment"
      description={description}
      submitLabel="Move"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Date"
        type="date"
        min={deviceToday()}
        error={errors.date?.message}
        {...register('date', { onChange: () => setValue('time', '') })}
      />
      <FreeTimeField
        doctorId={doctorId}
        date={watch('date')}
        error={errors.time?.message}
        {...register('time')}
      />
    </FormDialog>
  );
}
