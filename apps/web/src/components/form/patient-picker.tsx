import { SEARCH_DEBOUNCE_MS } from '@carepoint/contract';
import { keepPreviousData, queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Combobox } from '@/components/ui/combobox';
import { FieldShell, useFieldIds } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** A patient as a form holds it: the name shown, and the account when one was chosen. */
export type PatientChoice = { id: string | null; name: string };

/** A registered patient offered in the list. */
export type PatientOption = { id: string; fullName: string; email: string };

/**
 * The suggestions for a typed term, as query options from the feature's api.ts (the area's
 * own patient search endpoint), at most `limit` patients.
 */
export type PatientSearch<O extends PatientOption = PatientOption> = (
  term: string,
  limit: number,
) => UseQueryOptions<O[]>;

/**
 * A search over an area's patient search endpoint (`path?limit=&q=`, answering `{ data }`),
 * under `key` with the term and limit.
 */
export const patientSearchAt =
  <O extends PatientOption>(path: string, key: readonly string[]): PatientSearch<O> =>
  (term, limit) =>
    queryOptions<O[]>({
      queryKey: [...key, term, limit],
      queryFn: async ({ signal }) =>
        (await api.get<{ data: O[] }>(`${path}?limit=${limit}&q=${encodeURIComponent(term)}`, { signal }))
          .data,
      // The picker answers in its list ("No names found."): no toast while typing.
      meta: { errorMessage: false },
    });

type PatientPickerProps<O extends PatientOption> = {
  label: string;
  /** Where the suggestions come from. */
  search: PatientSearch<O>;
  value: PatientChoice;
  onChange: (value: PatientChoice) => void;
  /** The registered patient just chosen, as the search answered them (a form fills fields from it). */
  onPick?: (patient: O) => void;
  error?: string;
  hint?: string;
  /** Whether a typed name without a registered patient is a valid answer (walk-ins). */
  allowFreeText?: boolean;
};

const SUGGESTIONS = 8;

/**
 * The one suggestion whose name is exactly what was typed (any case), when the suggestions are
 * the whole answer (fewer than asked for): typing a full name then moving on links that patient.
 */
function uniqueExactMatch<O extends PatientOption>(options: O[], typed: string): O | undefined {
  if (options.length >= SUGGESTIONS) return undefined;
  const wanted = typed.trim().toLowerCase();
  const exact = options.filter((o) => o.fullName.trim().toLowerCase() === wanted);
  return exact.length === 1 ? exact[0] : undefined;
}

/**
 * A searchable patient field (the shared Combobox): typing searches registered patients on the
 * server; choosing one links the account. The spec's empty dropdown text is "No names found."
 */
export function PatientPicker<O extends PatientOption>({
  label,
  search: searchQuery,
  value,
  onChange,
  onPick,
  error,
  hint,
  allowFreeText = false,
}: PatientPickerProps<O>) {
  const ids = useFieldIds();
  const [open, setOpen] = useState(false);
  const term = useDebouncedValue(value.name.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...searchQuery(term, SUGGESTIONS),
    enabled: open && term.length > 0,
    // The last suggestions stay while the next ones load.
    placeholderData: keepPreviousData,
  });
  const options = term ? (search.data ?? []) : [];
  const showList = open && term.length > 0 && value.name.trim().length > 0 && !value.id;

  const pick = (patient: O) => {
    onChange({ id: patient.id, name: patient.fullName });
    onPick?.(patient);
  };

  const linked = value.id !== null;
  const help = linked
    ? 'Registered patient'
    : (hint ?? (allowFreeText ? undefined : 'Choose a registered patient'));

  return (
    <FieldShell ids={ids} label={label} error={error} hint={help}>
      <Combobox
        ids={ids}
        label={label}
        error={error}
        hint={help}
        text={value.name}
        onTextChange={(name) => onChange({ id: null, name })}
        onOpenChange={setOpen}
        listShown={showList}
        options={options}
        optionKey={(patient) => patient.id}
        renderOption={(patient) => (
          <>
            <span className="font-medium text-ink">{patient.fullName}</span>{' '}
            <span className="text-ink-muted">{patient.email}</span>
          </>
        )}
        onChoose={pick}
        onBlur={() => {
          // Free text stays free text (a walk-in may share a registered patient's name).
          const exact =
            !allowFreeText && !value.id && term === value.name.trim()
              ? uniqueExactMatch(options, value.name)
              : undefined;
          if (exact) pick(exact);
        }}
        emptyText={search.isFetching || term !== value.name.trim() ? 'Searching…' : 'No names found.'}
        listClassName="max-h-48"
        inputClassName={linked ? 'pr-9' : undefined}
      >
        {linked ? (
          <CircleCheck
            aria-hidden
            size={18}
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-success-700"
          />
        ) : null}
      </Combobox>
    </FieldShell>
  );
}
