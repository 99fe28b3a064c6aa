import {
  type CashierDay,
  type CloseDayForm,
  closeDayFormSchema,
  formatNaira,
  PAYMENT_MESSAGES as M,
  parseNaira,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { cx } from '@/lib/cx';
import { useContractForm } from '@/lib/use-contract-form';
import { useCloseDay } from '../api/payments';

/** "₦500.00 over", "₦500.00 short" or "None": counted less expected, in words a cashier uses. */
export const differenceText = (difference: number) =>
  difference === 0 ? 'None' : `${formatNaira(Math.abs(difference))} ${difference > 0 ? 'over' : 'short'}`;

/**
 * Close the day: the cash counted in the drawer; the difference from the cash expected (the
 * day's cash receipts) shows as it is typed. Closing is final: no receipt after it, no change.
 */
export function CloseDayDialog({ open, onOpenChange, day }: DialogComponentProps & { day: CashierDay }) {
  const close = useCloseDay();
  const {
    register,
    watch,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<CloseDayForm, { countedCash: number }>({
    schema: closeDayFormSchema,
    defaultValues: { countedCash: '' },
    fields: ['countedCash'],
    send: (body) => close.mutateAsync(body),
    success: M.dayClosedToast,
    open,
    onSaved: () => onOpenChange(false),
  });
  const counted = parseNaira(watch('countedCash') ?? '');
  const difference = counted === null ? null : counted - day.expectedCash;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Close Day"
      description="Count the cash in the drawer. Once closed, no payment can be taken on this day and nothing of it changes."
      submitLabel="Close Day"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <dl className="mb-4 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-ink-muted">Cash expected</dt>
        <dd className="text-right font-medium tabular-nums">{formatNaira(day.expectedCash)}</dd>
        <dt className="text-ink-muted">All receipts today</dt>
        <dd className="text-right tabular-nums">{formatNaira(day.total)}</dd>
      </dl>
      <Input
        label="Cash counted (₦)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.countedCash?.message}
        {...register('countedCash')}
      />
      <p aria-live="polite" className="mt-3 flex justify-between text-sm">
        <span className="text-ink-muted">Difference</span>
        <span
          data-testid="close-day-difference"
          className={cx(
            'font-semibold tabular-nums',
            difference === null || difference === 0 ? 'text-ink' : 'text-danger-700',
          )}
        >
          {difference === null ? '—' : differenceText(difference)}
        </span>
      </p>
    </FormDialog>
  );
}
