import { CLAIM_MESSAGES } from '@carepoint/contract';
import type { Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/form/form-dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { usePayers } from '@/lib/api/price-lists';
import { deviceToday } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useGenerateClaim } from '../api';
import { checkNewClaim, lastMonth, type NewClaimValues } from '../claim-forms';

const FIELDS: ReadonlyArray<Path<NewClaimValues>> = ['payerId', 'periodFrom', 'periodTo'];

/** New Claim: NHIA or an HMO and the period (last month by default); opens the draft it makes. */
function NewClaimDialog({ open, onOpenChange }: DialogComponentProps) {
  const payers = usePayers();
  const generate = useGenerateClaim();
  const navigate = useNavigate();
  const insurers = (payers.data ?? []).filter((p) => p.kind !== 'self-pay' && p.active);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: { payerId: '', ...lastMonth(deviceToday()) },
    check: checkNewClaim,
    fields: FIELDS,
    open,
    send: (body) => generate.mutateAsync(body),
    success: CLAIM_MESSAGES.generated,
    onSaved: (claim) => {
      onOpenChange(false);
      void navigate(`/billing/claims/${claim.id}`);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New Claim"
      description="Every covered charge of the period not yet claimed goes on a draft you review before submitting."
      submitLabel="Generate Claim"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4">
        <Select
          label="Payer"
          placeholder="Choose NHIA or an HMO"
          options={insurers.map((p) => ({ value: p.id, label: p.code ? `${p.name} (${p.code})` : p.name }))}
          error={errors.payerId?.message}
          {...register('payerId')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="From" type="date" error={errors.periodFrom?.message} {...register('periodFrom')} />
          <Input label="To" type="date" error={errors.periodTo?.message} {...register('periodTo')} />
        </div>
      </div>
    </FormDialog>
  );
}

export function NewClaimButton() {
  return <DialogButton label="New Claim" dialog={NewClaimDialog} />;
}
