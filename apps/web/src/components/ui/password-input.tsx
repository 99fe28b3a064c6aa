import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, useState } from 'react';
import { controlClass, describedBy, type FieldProps, FieldShell, useFieldIds } from './field';

export type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'className' | 'type'> & FieldProps;

/** A password input with a show/hide toggle button. */
export function PasswordInput({ label, error, hint, hideLabel, className, id, ...rest }: PasswordInputProps) {
  const ids = useFieldIds(id);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} className={className}>
      <div className="relative">
        <input
          id={ids.id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error, hint)}
          className={controlClass(Boolean(error), 'h-10 pr-11')}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={ids.id}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
        >
          {visible ? <EyeOff aria-hidden size={18} /> : <Eye aria-hidden size={18} />}
        </button>
      </div>
    </FieldShell>
  );
}
