import { TOASTS, type UpdateProfileInput, type User, updateProfileSchema } from '@carepoint/contract';
import { IdentityFields } from '@/components/form/identity-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useUpdateProfile } from '@/features/patient/api/appointments';
import { useAuth } from '@/lib/auth';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['firstName', 'lastName', 'phone', 'dateOfBirth', 'address'] as const;

/** The saved profile as form values (empty text for what is not set). */
const profileValues = (user: User): UpdateProfileInput => ({
  firstName: user.firstName,
  lastName: user.lastName,
  phone: user.phone ?? '',
  dateOfBirth: user.dateOfBirth ?? '',
  address: user.address ?? '',
});

export type ProfileFormProps = { user: User; onDone: () => void };

/** Edit mode of My Profile. Cancel leaves without saving, so the saved values show again. */
export function ProfileForm({ user, onDone }: ProfileFormProps) {
  const update = useUpdateProfile();
  const { setUser } = useAuth();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: updateProfileSchema,
    defaultValues: profileValues(user),
    fields: FIELDS,
    // The error toast is the mutation's, shown once (the spec's mock-up showed it twice, a defect).
    send: (values) => update.mutateAsync(values),
    success: TOASTS.profileUpdated,
    onSaved: (saved) => {
      // The shell's header shows the stored user: keep it in step with the new name.
      setUser(saved);
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <IdentityFields
          email={user.email}
          register={{
            firstName: register('firstName'),
            lastName: register('lastName'),
            phone: register('phone'),
          }}
          errors={{
            firstName: errors.firstName?.message,
            lastName: errors.lastName?.message,
            phone: errors.phone?.message,
          }}
        />
        <Input
          label="Date of birth"
          type="date"
          error={errors.dateOfBirth?.message}
          {...register('dateOfBirth')}
        />
        <Input
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
