import {
  type AdminDoctor,
  type CreateDoctor,
  type CreateDoctorResponse,
  createDoctorSchema,
  DOCTOR_ALL_FIELDS,
  TOASTS,
} from '@carepoint/contract';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { ButtonVariant } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { useCreateDoctor, useUpdateDoctor } from '@/features/admin/api/staff';
import { fullName } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'specialty'] as const;
const EMPTY: CreateDoctor = { firstName: '', lastName: '', email: '', phone: '', address: '', specialty: '' };

/**
 * A missing field gives one message for the whole form (DOCTOR_ALL_FIELDS); other problems (a malformed
 * e-mail) stay under their field.
 */
function splitErrors(errors: FieldErrors<CreateDoctor>) {
  const missing = FIELDS.filter((f) => errors[f]?.message === DOCTOR_ALL_FIELDS);
  const fieldError = (f: (typeof FIELDS)[number]) => {
    const message = errors[f]?.message;
    return message && message !== DOCTOR_ALL_FIELDS ? message : undefined;
  };
  return { missing, fieldError };
}

/** The doctor's fields, with the spec's one message for any missing field. */
function DoctorFields({
  register,
  errors,
}: {
  register: UseFormRegister<CreateDoctor>;
  errors: FieldErrors<CreateDoctor>;
}) {
  const formErrorId = useId();
  const { missing, fieldError } = splitErrors(errors);
  const input = (
    name: (typeof FIELDS)[number],
    label: string,
    extra: { type?: string; autoComplete?: string } = {},
  ) => (
    <Input
      label={label}
      error={fieldError(name)}
      autoComplete="off"
      {...extra}
      {...register(name)}
      {...(missing.includes(name) ? { 'aria-invalid': true, 'aria-describedby': formErrorId } : {})}
    />
  );
  return (
    <>
      {missing.length ? (
        <p
          id={formErrorId}
          role="alert"
          className="rounded-lg bg-danger-50 px-3 py-2 text-sm text-danger-700"
        >
          {DOCTOR_ALL_FIELDS}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-4">
        {input('firstName', 'First name')}
        {input('lastName', 'Last name')}
      </div>
      {input('email', 'Email', { type: 'email' })}
      <div className="grid grid-cols-2 gap-4">
        {input('phone', 'Phone', { type: 'tel' })}
        {input('specialty', 'Specialty')}
      </div>
      {input('address', 'Address')}
    </>
  );
}

/** Edit a doctor's details (name, e-mail, phone, address, specialty). */
export function EditDoctorDialog({
  doctor,
  open,
  onOpenChange,
}: DialogComponentProps & { doctor: AdminDoctor }) {
  const update = useUpdateDoctor();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createDoctorSchema,
    defaultValues: {
      firstName: doctor.firstName,
      lastName: doctor.lastName,
      email: doctor.email,
      phone: doctor.phone ?? '',
      address: doctor.address ?? '',
      specialty: doctor.specialty ?? '',
    },
    fields: FIELDS,
    send: (body) => update.mutateAsync({ id: doctor.id, body }),
    success: 'Doctor updated',
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Doctor"
      description={`Dr ${fullName(doctor)}'s details.`}
      submitLabel="Save"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <DoctorFields register={register} errors={errors} />
    </FormDialog>
  );
}

/** Add Doctor: the server sets a one-time password, shown once afterwards. */
function AddDoctorDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateDoctor();
  const [created, setCreated] = useState<CreateDoctorResponse | null>(null);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createDoctorSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    send: (values) => create.mutateAsync(values),
    success: TOASTS.doctorAdded,
    resetOnSave: true,
    onSaved: (result) => {
      onOpenChange(false);
      setCreated(result);
    },
  });

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Add Doctor"
        description="The doctor gets a one-time password and chooses their own at first sign-in."
        submitLabel="Add Doctor"
        submitting={isSubmitting}
        onSubmit={onSubmit}
      >
        <DoctorFields register={register} errors={errors} />
      </FormDialog>
      <OneTimePasswordDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/** Shows the one-time password once, with a copy button; it is never shown again. */
function OneTimePasswordDialog({
  created,
  onClose,
}: {
  created: CreateDoctorResponse | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.oneTimePassword);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };

  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => !open && close()}
      title="One-time password"
      description={created ? `For Dr ${fullName(created.doctor)} (${created.doctor.email})` : undefined}
      footer={<Button onClick={close}>Done</Button>}
    >
      {created ? (
        <div className="flex flex-col gap-3">
          <div className="flex items-center gap-2">
            <output
              aria-label="One-time password"
              data-testid="one-time-password"
              className="flex-1 rounded-lg border border-border-strong bg-muted px-3 py-2 font-mono text-base text-ink select-all"
            >
              {created.oneTimePassword}
            </output>
            <Button variant="secondary" onClick={() => void copy()}>
              {copied ? <Check aria-hidden size={16} /> : <Copy aria-hidden size={16} />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-sm text-ink-soft">
            This password is shown only once. Give it to the doctor: they must change it at their first
            sign-in.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}

export function AddDoctorButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Doctor" dialog={AddDoctorDialog} variant={variant} />;
}
