import { DIAGNOSIS_MESSAGES } from '@carepoint/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type ConfirmDeleteProps = {
  /** What is about to be deleted (closed when null). */
  target: unknown;
  onCancel: () => void;
  onConfirm: () => void;
  loading: boolean;
  /** The question; the spec's own for a test. */
  description?: string;
};

/** Deleting asks first: Confirm Delete, the question, Yes, Delete and Cancel (for tests and categories alike). */
export function ConfirmDelete({
  target,
  onCancel,
  onConfirm,
  loading,
  description = DIAGNOSIS_MESSAGES.confirmText,
}: ConfirmDeleteProps) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={DIAGNOSIS_MESSAGES.confirmTitle}
      description={description}
      confirmLabel={DIAGNOSIS_MESSAGES.confirmButton}
      onConfirm={onConfirm}
      loading={loading}
    />
  );
}
