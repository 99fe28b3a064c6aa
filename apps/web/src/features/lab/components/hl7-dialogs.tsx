import {
  HL7_MESSAGES,
  type Hl7Discard,
  type Hl7Match,
  hl7DiscardSchema,
  hl7MatchSchema,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useDiscardHl7Message, useMatchHl7Message } from '@/features/lab/api/hl7-inbox';
import { useContractForm } from '@/lib/use-contract-form';

type MessageDialogProps = DialogComponentProps & { messageId: string; accession: string | null };

/** Match: the accession number on the tube; the message's values are then filed on that specimen. */
export function MatchDialog({ open, onOpenChange, messageId, accession }: MessageDialogProps) {
  const match = useMatchHl7Message();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: hl7MatchSchema,
    defaultValues: { accession: accession ?? '' } satisfies Hl7Match,
    fields: ['accession'] as const,
    send: (body) => match.mutateAsync({ id: messageId, body }),
    success: HL7_MESSAGES.matched,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Match to a Specimen"
      description="The results are filed on the specimen with this accession number, as if the analyser had named it."
      submitLabel="Match and File"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Accession number"
        autoComplete="off"
        aria-required
        placeholder="LAB-2030-000123"
        error={errors.accession?.message}
        {...register('accession')}
      />
    </FormDialog>
  );
}

/** Reject: the message is set aside with the reason (kept, never deleted). */
export function DiscardDialog({ open, onOpenChange, messageId }: MessageDialogProps) {
  const discard = useDiscardHl7Message();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: hl7DiscardSchema,
    defaultValues: { reason: '' } satisfies Hl7Discard,
    fields: ['reason'] as const,
    send: (body) => discard.mutateAsync({ id: messageId, body }),
    success: HL7_MESSAGES.discarded,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reject Message"
      description="The message leaves the inbox; it stays on record with your reason."
      submitLabel="Reject Message"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Textarea
        label="Reason"
        rows={3}
        aria-required
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
