import {
  type AdministrationInput,
  type AdministrationOutcome,
  administrationInputSchema,
  type MarOrder,
  MEDICATION_ROUND_MESSAGES,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Textarea } from '@/components/ui/textarea';
import { formatTime, plural } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useRecordDose } from './api';

/** The dose a nurse is recording: which order, which scheduled time (null: as needed), what happened. */
export interface DoseTarget {
  order: MarOrder;
  scheduledFor: string | null;
  outcome: AdministrationOutcome;
}

const FIELDS = ['reason', 'witness.email', 'witness.password', 'scheduledFor', 'outcome'] as const;

const TITLES: Record<AdministrationOutcome, string> = {
  Given: 'Give dose',
  Held: 'Hold dose',
  Refused: 'Dose refused',
  'Not available': 'Dose not available',
};

/** What giving the dose takes from the ward's store, or that it will take nothing (the record never waits for stock). */
function StockNote({ order }: { order: MarOrder }) {
  const stock = order.wardStock;
  if (!stock || !order.unitsPerDose) return null;
  const dose = plural(order.unitsPerDose, stock.dispensingUnit);
  return stock.onHand >= order.unitsPerDose ? (
    <p className="text-sm text-ink-soft">Takes {dose} from the ward store.</p>
  ) : (
    <p className="text-sm font-medium text-warning-900">
      The ward store holds {plural(stock.onHand, stock.dispensingUnit)} in date, too few for {dose}: the dose
      is recorded without taking stock.
    </p>
  );
}

/** Records one dose: a reason when it is not given, a second nurse's e-mail and password for a controlled medicine. */
export function DoseDialog({
  stayId,
  target,
  onClose,
}: {
  stayId: string;
  target: DoseTarget | null;
  onClose: () => void;
}) {
  const record = useRecordDose(stayId);
  const controlled = target?.order.controlled ?? false;
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: administrationInputSchema,
    defaultValues: {
      scheduledFor: target?.scheduledFor ?? null,
      outcome: target?.outcome ?? 'Given',
      reason: '',
      ...(controlled ? { witness: { email: '', password: '' } } : {}),
    } satisfies AdministrationInput,
    fields: FIELDS,
    send: (body) => record.mutateAsync({ orderId: target?.order.id ?? '', body }),
    success: (dose) =>
      dose.stockShortfall ? MEDICATION_ROUND_MESSAGES.recordedShortfall : MEDICATION_ROUND_MESSAGES.recorded,
    open: target !== null,
    onSaved: onClose,
  });
  if (!target) return null;
  const { order, scheduledFor, outcome } = target;
  const when = scheduledFor ? `the ${formatTime(scheduledFor)} dose` : 'an as-needed dose';
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={TITLES[outcome]}
      description={`${order.medicine}: ${order.dose}, ${order.route.toLowerCase()}, ${when}.`}
      submitLabel={outcome === 'Given' ? 'Record as given' : `Record as ${outcome.toLowerCase()}`}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      {outcome === 'Given' ? <StockNote order={order} /> : null}
      {errors.scheduledFor?.message || errors.outcome?.message ? (
        <p role="alert" className="text-sm text-danger-700">
          {errors.scheduledFor?.message ?? errors.outcome?.message}
        </p>
      ) : null}
      <Textarea
        label={outcome === 'Given' ? 'Note (optional)' : 'Reason'}
        rows={3}
        error={errors.reason?.message}
        {...register('reason')}
      />
      {controlled ? (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-medium text-ink-soft">Witness (controlled medicine)</legend>
          <Input
            label="Witness e-mail"
            type="email"
            autoComplete="off"
            error={errors.witness?.email?.message}
            {...register('witness.email')}
          />
          <PasswordInput
            label="Witness password"
            autoComplete="off"
            error={errors.witness?.password?.message}
            {...register('witness.password')}
          />
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
