import { type Medicine, medicineLabel, SEARCH_DEBOUNCE_MS } from '@carepoint/contract';
import { useState } from 'react';
import { Combobox, ComboboxClear } from '@/components/ui/combobox';
import { FieldShell, useFieldIds } from '@/components/ui/field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMedicineSearch } from '../api/dispensing';

/** A formulary medicine as the dispensing form holds it. */
export type MedicineChoice = { id: string; label: string };

type MedicinePickerProps = {
  label: string;
  value: MedicineChoice | null;
  onChange: (value: MedicineChoice | null) => void;
  error?: string;
  hint?: string;
};

/**
 * A searchable formulary field (the shared Combobox, as the diagnosis code picker): typing a
 * generic or brand name lists the active medicines; a choice yields the medicine, Clear lets
 * another be chosen (a substitute).
 */
export function MedicinePicker({ label, value, onChange, error, hint }: MedicinePickerProps) {
  const ids = useFieldIds();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useMedicineSearch(term, open && !value);
  const options: readonly Medicine[] = term ? (search.data ?? []) : [];
  const settled = !search.isFetching && term === text.trim();
  const status = search.isError
    ? 'The search failed. Try again.'
    : !settled
      ? 'Searching…'
      : options.length === 0
        ? 'No medicines found.'
        : `${options.length} ${options.length === 1 ? 'medicine' : 'medicines'} found.`;
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint}>
      <Combobox
        ids={ids}
        label={label}
        error={error}
        hint={hint}
        text={value ? value.label : text}
        onTextChange={setText}
        onOpenChange={setOpen}
        listShown={open && !value && text.trim().length > 0}
        options={options}
        optionKey={(option) => option.id}
        renderOption={(option) => (
          <span className="flex flex-col">
            <span className="font-medium text-ink">{medicineLabel(option)}</span>
            {option.brandName ? <span className="text-xs text-ink-muted">{option.brandName}</span> : null}
          </span>
        )}
        onChoose={(option) => {
          onChange({ id: option.id, label: medicineLabel(option) });
          setText('');
        }}
        emptyText={status}
        announcement={status}
        listClassName="max-h-64"
        inputClassName={value ? 'pr-10 font-medium' : undefined}
        readOnly={value !== null}
        placeholder={value ? undefined : 'Generic or brand name'}
      >
        {value ? (
          <ComboboxClear
            label={label}
            onClear={() => {
              onChange(null);
              setText('');
            }}
          />
        ) : null}
      </Combobox>
    </FieldShell>
  );
}
