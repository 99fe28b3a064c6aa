import { FORMULARY_MESSAGES, type Medicine, medicineLabel, SEARCH_DEBOUNCE_MS } from '@carepoint/contract';
import { keepPreviousData, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { FieldShell, useFieldIds } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { Page } from '@/lib/use-list-query';

/** A written medicine (a prescription line, a ward order): the words, and the formulary medicine they were picked from. */
export type PickedMedicine = { name: string; medicineId: string | null };

/** The formulary's matches for a typed name, as query options (the feature's api.ts gives its key). */
export type MedicineSearch = (term: string) => UseQueryOptions<Page<Medicine>>;

/** How many formulary matches the picker lists. */
const MEDICINE_SUGGESTIONS = 8;

/** The search over GET /api/medicines (the active formulary; the client adds /api), cached under `key` with the term. */
export const medicineSearchAt =
  (key: readonly string[]): MedicineSearch =>
  (term) =>
    queryOptions<Page<Medicine>>({
      queryKey: [...key, term],
      queryFn: ({ signal }) =>
        api.get<Page<Medicine>>(`/medicines?limit=${MEDICINE_SUGGESTIONS}&q=${encodeURIComponent(term)}`, {
          signal,
        }),
      // The picker answers in its list ("No formulary match."): no toast while typing.
      meta: { errorMessage: false },
    });

/** A formulary medicine as an option reads: name, strength and form, then its brand and controlled mark. */
function MedicineOption({ medicine }: { medicine: Medicine }) {
  const extra = [medicine.brandName, medicine.controlled ? 'Controlled' : null].filter(Boolean).join(' · ');
  return (
    <>
      <span className="font-medium text-ink">{medicineLabel(medicine)}</span>
      {extra ? <span className="text-xs text-ink-soft">{extra}</span> : null}
    </>
  );
}

/**
 * The medicine name of a prescription line or a ward order (the shared Combobox, as the diagnosis
 * picker): typing lists the active formulary's matches; choosing one writes its name, strength and
 * form and links the line to it (`onChange` also gets the medicine chosen), so the pharmacy
 * dispenses, and the ward gives, what was meant. A name typed without choosing (or changed after)
 * is written as it is, outside the formulary: marked Not stocked.
 */
export function MedicinePicker({
  label,
  search: searchQuery,
  value,
  onChange,
  error,
  className,
}: {
  label: string;
  search: MedicineSearch;
  value: PickedMedicine;
  onChange: (value: PickedMedicine, chosen?: Medicine) => void;
  error?: string;
  className?: string;
}) {
  const ids = useFieldIds();
  const [open, setOpen] = useState(false);
  const typed = value.name.trim();
  const term = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const linked = value.medicineId !== null;
  const search = useQuery({
    ...searchQuery(term),
    enabled: open && term.length > 0 && !linked,
    placeholderData: keepPreviousData,
  });
  const options = term ? (search.data?.data ?? []) : [];
  const settled = !search.isFetching && term === typed;
  const status =
    search.isError && settled
      ? 'The search failed. Try again.'
      : !settled
        ? 'Searching…'
        : options.length === 0
          ? `No formulary match: it will be written as typed, ${FORMULARY_MESSAGES.notStocked.toLowerCase()}.`
          : `${options.length} formulary ${options.length === 1 ? 'match' : 'matches'}.`;
  const hint = linked ? (
    'From the formulary'
  ) : typed ? (
    <span className="font-medium text-warning-900">
      {FORMULARY_MESSAGES.notStocked}: outside the formulary
    </span>
  ) : (
    'Type to search the formulary'
  );

  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint} className={className}>
      <Combobox
        ids={ids}
        label={label}
        error={error}
        hint={hint}
        text={value.name}
        // Changing the words unlinks the line: it no longer says which formulary medicine it is.
        onTextChange={(name) => onChange({ name, medicineId: null })}
        onOpenChange={setOpen}
        listShown={open && !linked && typed.length > 0}
        options={options}
        optionKey={(option) => option.id}
        renderOption={(option) => <MedicineOption medicine={option} />}
        onChoose={(option) => onChange({ name: medicineLabel(option), medicineId: option.id }, option)}
        emptyText={status}
        announcement={status}
        listClassName="max-h-64"
        optionClassName="flex flex-col"
        spellCheck={false}
      />
    </FieldShell>
  );
}
