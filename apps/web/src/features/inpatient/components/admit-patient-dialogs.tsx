import { admitSchema, planAdmissionSchema, ROLE_AREAS, STAY_MESSAGES } from '@carepoint/contract';
import { FormProvider, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { freeBedOptions, useAdmit, useFreeBeds, usePlanAdmission, useWards } from '@/features/inpatient/api';
import {
  ADMISSION_FIELDS,
  AdmissionFields,
  type AdmissionFormValues,
  admissionDefaults,
} from '@/features/inpatient/components/admission-fields';
import { PatientField } from '@/features/inpatient/components/patient-field';
import { useAuth } from '@/lib/auth';
import { deviceToday } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

type Props = DialogComponentProps & { patient?: { id: string; name: string } };

/** A doctor admitting their own patient is the doctor in charge to start with. */
function useDefaults() {
  const { user } = useAuth();
  return admissionDefaults('', user?.role === 'doctor' ? user.id : '');
}

/** Admit now, into a free bed: from a doctor's visit or chart, or by the desk; then the stay's page. */
export function AdmitNowDialog({ open, onOpenChange, patient }: Props) {
  const admit = useAdmit();
  const beds = useFreeBeds(open);
  const navigate = useNavigate();
  const { user } = useAuth();
  const form = useContractForm({
    schema: admitSchema,
    defaultValues: {
      ...useDefaults(),
      patientId: patient?.id ?? '',
      bedId: '',
    } satisfies AdmissionFormValues & {
      patientId: string;
      bedId: string;
    },
    fields: ['patientId', 'bedId', ...ADMISSION_FIELDS],
    open,
    send: (body) => admit.mutateAsync(body),
    success: STAY_MESSAGES.admitted,
    onSaved: (stay) => {
      onOpenChange(false);
      navigate(`${ROLE_AREAS[user?.role ?? 'doctor'].path}/stays/${stay.id}`);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={patient ? `Admit ${patient.name}` : 'Admit a patient'}
      description="The patient is admitted now, into the free bed you choose."
      submitLabel="Admit"
      submitting={isSubmitting}
      onSubmit={form.onSubmit}
    >
      <FormProvider {...form}>
        <PatientField fixed={patient} />
        <Select
          label="Bed"
          placeholder="Select a free bed"
          options={freeBedOptions(beds.data?.data ?? [])}
          error={errors.bedId?.message}
          {...register('bedId')}
        />
        <AdmissionFields open={open} />
      </FormProvider>
    </FormDialog>
  );
}

/** The desk books an admission for a day, reserving a bed of the ward if one is chosen. */
export function PlanAdmissionDialog({ open, onOpenChange, patient }: Props) {
  const plan = usePlanAdmission();
  const wards = useWards();
  const beds = useFreeBeds(open);
  const form = useContractForm({
    schema: planAdmissionSchema,
    defaultValues: {
      ...useDefaults(),
      patientId: patient?.id ?? '',
      wardId: '',
      bedId: '',
      plannedFor: deviceToday(),
    } satisfies AdmissionFormValues & {
      patientId: string;
      wardId: string;
      bedId: string;
      plannedFor: string;
    },
    fields: ['patientId', 'wardId', 'bedId', 'plannedFor', ...ADMISSION_FIELDS],
    open,
    send: (body) => plan.mutateAsync(body),
    success: STAY_MESSAGES.planned,
    onSaved: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const wardId = useWatch({ control, name: 'wardId' });
  const inWard = (beds.data?.data ?? []).filter((b) => b.wardId === wardId);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Book a planned admission"
      description="The patient is expected on the day; a bed chosen now is Reserved for them."
      submitLabel="Book admission"
      submitting={isSubmitting}
      onSubmit={form.onSubmit}
    >
      <FormProvider {...form}>
        <PatientField fixed={patient} />
        <Input
          label="Day of admission"
          type="date"
          error={errors.plannedFor?.message}
          {...register('plannedFor')}
        />
        <Select
          label="Ward"
          placeholder="Select a ward"
          options={(wards.data?.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
          error={errors.wardId?.message}
          {...register('wardId')}
        />
        <Select
          label="Bed to reserve"
          placeholder="No bed yet"
          options={freeBedOptions(inWard)}
          disabled={!wardId}
          error={errors.bedId?.message}
          {...register('bedId')}
        />
        <AdmissionFields open={open} />
      </FormProvider>
    </FormDialog>
  );
}
