import {
  FACILITY_LIMITS,
  FACILITY_MESSAGES,
  type FacilityDetails,
  type FacilityInput,
  facilityInputSchema,
} from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { FACILITY_FIELDS, useFacilityDetails, useSaveFacility } from '@/features/admin/api/facility';
import { LabSettingsCard } from '@/features/lab-results/lab-settings-card';
import { PharmacySettingsCard } from '@/features/pharmacy/pharmacy-settings-card';
import { useContractForm } from '@/lib/use-contract-form';

/** The form shows a missing detail as an empty box. */
const formValues = (facility: FacilityDetails): FacilityInput => ({
  name: facility.name,
  address: facility.address ?? '',
  phone: facility.phone ?? '',
  email: facility.email ?? '',
});

function FacilityForm({ facility }: { facility: FacilityDetails }) {
  const save = useSaveFacility();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm({
    schema: facilityInputSchema,
    values: formValues(facility),
    fields: FACILITY_FIELDS,
    send: (values) => save.mutateAsync(values),
    success: FACILITY_MESSAGES.saved,
  });

  return (
    <Card title="Name and contact details">
      <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4">
        <Input
          label="Facility name"
          autoComplete="organization"
          maxLength={FACILITY_LIMITS.name}
          hint="The letterhead of printed documents and the sender of appointment e-mails."
          error={errors.name?.message}
          {...register('name')}
        />
        <Input
          label="Address"
          autoComplete="street-address"
          maxLength={FACILITY_LIMITS.address}
          hint="Shown as the location on the public pages and on printed documents."
          error={errors.address?.message}
          {...register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={FACILITY_LIMITS.phone}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={FACILITY_LIMITS.email}
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <div>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Facility: the name and contact details the public pages, printed documents and e-mails show. */
export default function FacilityPage() {
  const facility = useFacilityDetails();
  return (
    <>
      <PageHeader
        title="Facility"
        description="Your facility's name and contact details: the public pages' footer, the letterhead of printed prescriptions and invoices, and appointment e-mails show them."
      />
      <div className="flex flex-col gap-6">
        {facility.data ? (
          <FacilityForm facility={facility.data} />
        ) : facility.isError ? (
          <ErrorState message={FACILITY_MESSAGES.loadFailed} onRetry={() => void facility.refetch()} />
        ) : (
          <Skeleton className="h-72" />
        )}
        <LabSettingsCard />
        <PharmacySettingsCard />
      </div>
    </>
  );
}
