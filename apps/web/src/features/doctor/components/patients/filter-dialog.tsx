import {
  AGE_MAX,
  BLOOD_GROUPS,
  LAST_VISIT_FILTERS,
  LAST_VISIT_LABELS,
  patientFilterQuerySchema,
} from '@carepoint/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { FilterValues } from './use-patient-filters';

type FilterDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  values: FilterValues;
  onApply: (values: FilterValues) => void;
};

type Errors = Partial<Record<keyof FilterValues, string>>;

/** The Filter (blood group, age range, last visit); the server applies it, to the list and the export alike. */
export function FilterDialog({ open, onOpenChange, values, onApply }: FilterDialogProps) {
  const [draft, setDraft] = useState(values);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (open) {
      setDraft(values);
      setErrors({});
    }
  }, [open, values]);

  const field = (name: keyof FilterValues) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((d) => ({ ...d, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = patientFilterQuerySchema.safeParse(draft);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const name = issue.path[0] as keyof FilterValues;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    onApply(draft);
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Filter patients"
      description="Only the patients that match every choice are listed and exported."
      submitLabel="Apply"
      submitting={false}
      onSubmit={submit}
    >
      <Select
        label="Blood group"
        placeholder="Any blood group"
        options={optionsOf(BLOOD_GROUPS)}
        {...field('bloodGroup')}
      />
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-1.5 text-sm font-medium text-ink-soft">Age (years)</legend>
        <Input label="From" type="number" inputMode="numeric" min={0} max={AGE_MAX} {...field('ageMin')} />
        <Input label="To" type="number" inputMode="numeric" min={0} max={AGE_MAX} {...field('ageMax')} />
      </fieldset>
      <Select
        label="Last visit"
        placeholder="Any time"
        options={LAST_VISIT_FILTERS.map((v) => ({ value: v, label: LAST_VISIT_LABELS[v] }))}
        {...field('lastVisit')}
      />
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        onClick={() => {
          setDraft({ bloodGroup: '', ageMin: '', ageMax: '', lastVisit: '' });
          setErrors({});
        }}
      >
        Clear all
      </Button>
    </FormDialog>
  );
}
