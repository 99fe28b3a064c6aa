import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useSmartPatients } from '@/features/auth/api/authorize';
import { cx } from '@/lib/cx';
import { formatCalendarDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

const SEARCH_DELAY_MS = 250;

/** The consent page's patient choice for staff: search by name, e-mail or phone, pick one. */
export function PatientPicker({
  value,
  onChange,
  error,
}: {
  value: string | undefined;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q, SEARCH_DELAY_MS);
  const patients = useSmartPatients(search);
  const listLabel = useId();
  return (
    <fieldset className="mt-5 flex flex-col gap-3">
      <legend className="text-sm font-medium text-ink">Which patient’s record may the app read?</legend>
      <Input
        label="Find patient"
        type="search"
        autoComplete="off"
        placeholder="Name, e-mail or phone"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        error={error}
      />
      <span id={listLabel} className="sr-only">
        Patients found
      </span>
      {search.trim() !== '' && patients.data?.length === 0 ? (
        <p className="text-sm text-ink-muted">No patient matches.</p>
      ) : null}
      <div role="radiogroup" aria-labelledby={listLabel} className="flex flex-col gap-2">
        {(patients.data ?? []).map((patient) => (
          <label
            key={patient.id}
            className={cx(
              'flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm',
              value === patient.id ? 'border-primary-600 bg-primary-50' : 'border-border',
            )}
          >
            <input
              type="radio"
              name="patient"
              className="mt-1"
              checked={value === patient.id}
              onChange={() => onChange(patient.id)}
            />
            <span className="min-w-0">
              <span className="block font-medium text-ink">{patient.name}</span>
              <span className="block break-all text-ink-muted">
                {patient.dateOfBirth ? `${formatCalendarDate(patient.dateOfBirth)} · ` : ''}
                {patient.email}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
