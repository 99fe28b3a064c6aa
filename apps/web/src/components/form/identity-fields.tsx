import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';

interface IdentityFieldsProps {
  /** Shown, never edited: the e-mail is the account's sign-in name. */
  email: string;
  register: Record<'firstName' | 'lastName' | 'phone', UseFormRegisterReturn>;
  errors: Partial<Record<'firstName' | 'lastName' | 'phone', string>>;
}

/** The name, read-only e-mail and phone fields every profile form starts with (patient and doctor). */
export function IdentityFields({ email, register, errors }: IdentityFieldsProps) {
  return (
    <>
      <Input label="First name" autoComplete="given-name" error={errors.firstName} {...register.firstName} />
      <Input label="Last name" autoComplete="family-name" error={errors.lastName} {...register.lastName} />
      <Input
        label="Email"
        type="email"
        value={email}
        readOnly
        aria-readonly
        hint="Your e-mail address cannot be changed here."
        inputClassName="bg-muted text-ink-muted"
      />
      <Input label="Phone" type="tel" autoComplete="tel" error={errors.phone} {...register.phone} />
    </>
  );
}
