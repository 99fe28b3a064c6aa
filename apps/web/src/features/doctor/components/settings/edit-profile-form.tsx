import {
  GENDERS,
  type Profile,
  TOASTS,
  type UpdateProfileInput,
  updateProfileSchema,
} from '@carepoint/contract';
import { useNavigate } from 'react-router';
import { IdentityFields } from '@/components/form/identity-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useUpdateDoctorProfile } from '@/features/doctor/api/settings';
import { capitalised } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['firstName', 'lastName', 'phone', 'specialty', 'experienceYears', 'gender'] as const;
const PROFILE_PAGE = '/doctor/settings/profile-page';

/** The saved profile as form values. Date of birth and address are sent back as they are. */
const toValues = (p: Profile): UpdateProfileInput => ({
  firstName: p.firstName,
  lastName: p.lastName,
  phone: p.phone ?? '',
  specialty: p.specialty ?? '',
  experienceYears: p.experienceYears === null ? '' : String(p.experienceYears),
  gender: p.gender ?? '',
  dateOfBirth: p.dateOfBirth ?? '',
  address: p.address ?? '',
});

/** Edit Profile: names, phone, specialty, experience; the e-mail is shown, not changed. */
export function EditProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const update = useUpdateDoctorProfile();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: updateProfileSchema,
    defaultValues: toValues(profile),
    fields: FIELDS,
    send: (values) => update.mutateAsync(values),
    success: TOASTS.profileUpdated,
    onSaved: () => navigate(PROFILE_PAGE),
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <IdentityFields
          email={profile.email}
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
          label="Specialty"
          placeholder="e.g. Cardiology"
          error={errors.specialty?.message}
          {...register('specialty')}
        />
        <Input
          label="Experience (years)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.experienceYears?.message}
          {...register('experienceYears')}
        />
        <Select
          label="Gender"
          placeholder="Not stated"
          options={GENDERS.map((g) => ({ value: g, label: capitalised(g) }))}
          error={errors.gender?.message}
          {...register('gender')}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => void navigate(PROFILE_PAGE)} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
