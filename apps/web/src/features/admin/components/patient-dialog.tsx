import {
  FRONT_DESK_MESSAGES,
  type PatientDetail,
  type PatientRecord,
  type PatientRecordInput,
  patientRecordSchema,
} from '@carepoint/contract';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/form/form-dialog';
import { GENDER_OPTIONS } from '@/components/form/options';
import type { ButtonVariant } from '@/components/ui/button';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PATIENT_FIELDS, useRegisterPatient, useUpdatePatient } from '@/features/admin/api/patients';
import { deviceToday } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

/** No gender chosen yet (a record from before it was asked): the select shows its placeholder, and it is required. */
const NO_GENDER = '' as PatientRecordInput['gender'];

const EMPTY: PatientRecordInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  dateOfBirth: '',
  gender: NO_GENDER,
};

type PatientFormProps = DialogComponentProps & {
  title: string;
  description: string;
  submitLabel: string;
  defaultValues: PatientRecordInput;
  save: (values: PatientRecord) => Promise<PatientDetail>;
  success: string;
  onSaved: (detail: PatientDetail) => void;
};

/** The patient record form of the front desk (register and edit). */
function PatientFormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  defaultValues,
  save,
  success,
  onSaved,
}: PatientFormProps) {
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: patientRecordSchema,
    defaultValues,
    fields: PATIENT_FIELDS,
    send: save,
    success,
    resetOnSave: true,
    onSaved: (saved) => {
      onOpenChange(false);
      onSaved(saved);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      submitLabel={submitLabel}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="First name"
          autoComplete="off"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <Input
          label="Last name"
          autoComplete="off"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <Input
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <Input
        label="Phone"
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Date of birth (optional)"
          type="date"
          max={deviceToday()}
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <Select
          label="Gender"
          placeholder="Select gender"
          options={GENDER_OPTIONS}
          error={errors.gender?.message}
          {...register('gender')}
        />
      </div>
      <Input
        label="Address (optional)"
        autoComplete="off"
        error={errors.address?.message}
        {...register('address')}
      />
    </FormDialog>
  );
}

/** Register Patient: a walk-in gets an account and an e-mailed link to choose a password; then their page opens. */
function RegisterPatientDialog(props: DialogComponentProps) {
  const registerPatient = useRegisterPatient();
  const navigate = useNavigate();
  return (
    <PatientFormDialog
      {...props}
      title="Register Patient"
      description="The patient is e-mailed a link to set their own password."
      submitLabel="Register Patient"
      defaultValues={EMPTY}
      save={(values) => registerPatient.mutateAsync(values)}
      success={FRONT_DESK_MESSAGES.patientRegistered}
      onSaved={(detail) => navigate(`/admin/patients/${detail.patient.id}`)}
    />
  );
}

export function RegisterPatientButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Register Patient" dialog={RegisterPatientDialog} variant={variant} />;
}

/** Edit Patient: the whole record; changing the e-mail changes how they sign in. */
export function EditPatientDialog({
  patient,
  ...props
}: DialogComponentProps & { patient: PatientDetail['patient'] }) {
  const update = useUpdatePatient();
  return (
    <PatientFormDialog
      {...props}
      title="Edit Patient"
      description="The e-mail is also how the patient signs in."
      submitLabel="Save"
      defaultValues={{
        firstName: patient.firstName,
        lastName: patient.lastName,
        email: patient.email,
        phone: patient.phone ?? '',
        address: patient.address ?? '',
        dateOfBirth: patient.dateOfBirth ?? '',
        gender: patient.gender ?? NO_GENDER,
      }}
      save={(body) => update.mutateAsync({ id: patient.id, body })}
      success={FRONT_DESK_MESSAGES.patientUpdated}
      onSaved={() => undefined}
    />
  );
}
