import { STATUS_REASON_MAX } from '@carepoint/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Textarea } from '@/components/ui/textarea';

/**
 * The reason a cancellation needs (the other side of the appointment reads it): the one field of
 * every area's Cancel dialog, the desk's, the doctor's and the patient's.
 */
export function CancelReasonField({
  error,
  ...field
}: UseFormRegisterReturn<'reason'> & { error?: string | undefined }) {
  return <Textarea label="Reason" rows={3} maxLength={STATUS_REASON_MAX} error={error} {...field} />;
}
