import { type RegisterPatient, registerPatientSchema, SIGNUP_REDIRECT_MS, TOASTS } from '@carepoint/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { GENDER_OPTIONS } from '@/components/form/options';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { useSignup } from '@/features/auth/api/session';
import { AuthCard } from '@/features/auth/components/auth-layout';
import { SignedInRedirect } from '@/features/auth/components/signed-in-redirect';
import { useContractForm } from '@/lib/use-contract-form';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'phone', 'address', 'gender'] as const;

function SignupPageForm() {
  const navigateLater = useDelayedNavigate();
  const signup = useSignup();
  const [done, setDone] = useState(false);

  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: registerPatientSchema,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      address: '',
      // Nothing chosen yet: the select shows its placeholder and the schema says it is required.
      gender: '' as RegisterPatient['gender'],
    } satisfies RegisterPatient,
    fields: FIELDS,
    // The error toast is the mutation's.
    send: (values) => signup.mutateAsync(values),
    success: TOASTS.signupSuccess,
    onSaved: (_, values) => {
      setDone(true);
      // The login page opens with the new address filled in (in the page's state, never in the URL).
      navigateLater('/login', SIGNUP_REDIRECT_MS, { state: { email: values.email } });
    },
  });

  return (
    <AuthCard title="Sign up" subtitle="Create your patient account to book and follow your appointments.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="First name"
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <Input
            label="Last name"
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <Input
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <Input
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          {...register('address')}
        />
        <Select
          label="Gender"
          placeholder="Select gender"
          options={GENDER_OPTIONS}
          hint="As on your identity documents; Unknown if you would rather not say."
          error={errors.gender?.message}
          {...register('gender')}
        />
        <Button type="submit" loading={isSubmitting || done} className="w-full">
          Sign up
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-primary-800 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

/** Signed-in users are sent to their area instead of seeing this form. */
export default function SignupPage() {
  return (
    <SignedInRedirect>
      <SignupPageForm />
    </SignedInRedirect>
  );
}
